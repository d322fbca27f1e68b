import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../../options-section';
import { BoolOption } from '../../option-inputs';

const FIELDS = { ExposeRatioEnabled: 'bool' } as const;

/** The ExposeRatioEnabled switch: publishes this site's price maps at GET /api/ratio_config. */
export function ExposeRatioSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('ratioSync');
  return (
    <OptionsSection title={t('expose.title')} fields={FIELDS} options={options} testId="ratio-sync-expose">
      <BoolOption name="ExposeRatioEnabled" label={t('expose.enabled')} help={t('expose.help')} />
    </OptionsSection>
  );
}
