import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, NumberOption, SwitchRow } from '../option-inputs';

const FIELDS = {
  DrawingEnabled: 'bool',
  TaskEnabled: 'bool',
  MjNotifyEnabled: 'bool',
  MjAccountFilterEnabled: 'bool',
  MjForwardUrlEnabled: 'bool',
  MjModeClearEnabled: 'bool',
  MjActionCheckSuccessEnabled: 'bool',
  TaskTimeoutMinutes: 'number',
} as const;

/** Drawing (Midjourney) and asynchronous task switches. */
export function DrawingSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('drawing.title')} fields={FIELDS} options={options} testId="settings-drawing">
      <SwitchRow>
        <BoolOption name="DrawingEnabled" label={t('drawing.drawingEnabled')} />
        <BoolOption name="TaskEnabled" label={t('drawing.taskEnabled')} />
        <BoolOption name="MjNotifyEnabled" label={t('drawing.mjNotify')} />
        <BoolOption name="MjAccountFilterEnabled" label={t('drawing.mjAccountFilter')} />
        <BoolOption name="MjForwardUrlEnabled" label={t('drawing.mjForwardUrl')} />
        <BoolOption name="MjModeClearEnabled" label={t('drawing.mjModeClear')} />
        <BoolOption name="MjActionCheckSuccessEnabled" label={t('drawing.mjActionCheckSuccess')} />
      </SwitchRow>
      <NumberOption name="TaskTimeoutMinutes" label={t('drawing.taskTimeout')} help={t('drawing.taskTimeoutHelp')} min={1} max={525600} required />
    </OptionsSection>
  );
}
