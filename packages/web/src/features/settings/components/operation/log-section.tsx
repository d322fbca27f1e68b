import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, NumberOption } from '../option-inputs';
import { LogCleanup } from './log-cleanup';

const FIELDS = { LogConsumeEnabled: 'bool', LogRetentionDays: 'number' } as const;

/** Whether consumption is logged, how long logs are kept, and the cleanup of old logs. */
export function LogSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('logs.title')} fields={FIELDS} options={options} testId="settings-logs">
      <BoolOption name="LogConsumeEnabled" label={t('logs.consumeEnabled')} help={t('logs.consumeEnabledHelp')} />
      <NumberOption name="LogRetentionDays" label={t('logs.retentionDays')} help={t('logs.retentionDaysHelp')} min={0} required />
      <LogCleanup />
    </OptionsSection>
  );
}
