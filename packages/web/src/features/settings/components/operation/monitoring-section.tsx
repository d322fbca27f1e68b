import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, NumberOption, SecretOption, SwitchRow, TextOption } from '../option-inputs';

const FIELDS = {
  ChannelDisableThreshold: 'number',
  QuotaRemindThreshold: 'number',
  SpendingLimitWarningPercent: 'number',
  AutomaticDisableChannelEnabled: 'bool',
  AutomaticEnableChannelEnabled: 'bool',
  ChannelStatusNotifyEnabled: 'bool',
  AutomaticDisableKeywords: 'text',
  AutomaticDisableStatusCodes: 'text',
  AutomaticRetryStatusCodes: 'text',
  MetricsToken: 'secret',
  'monitor_setting.auto_test_channel_enabled': 'bool',
  'monitor_setting.auto_test_channel_minutes': 'number',
} as const;

/** Users' quota and spending-limit notices, channel health (test time limit, automatic disable/enable, root's notices of it, and tests, disabling keywords and statuses, retried statuses) and the metrics endpoint token. */
export function MonitoringSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('monitoring.title')} fields={FIELDS} options={options} testId="settings-monitoring">
      <FieldGrid>
        <GridCell>
          <NumberOption name="ChannelDisableThreshold" label={t('monitoring.disableThreshold')} help={t('monitoring.disableThresholdHelp')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="QuotaRemindThreshold" label={t('monitoring.quotaRemindThreshold')} help={t('monitoring.quotaRemindThresholdHelp')} min={0} required />
        </GridCell>
        <GridCell>
          <NumberOption name="SpendingLimitWarningPercent" label={t('monitoring.spendingWarningPercent')} help={t('monitoring.spendingWarningPercentHelp')} min={0} max={100} required />
        </GridCell>
        <GridCell>
          <NumberOption name="monitor_setting.auto_test_channel_minutes" label={t('monitoring.autoTestMinutes')} help={t('monitoring.autoTestMinutesHelp')} min={1} required />
        </GridCell>
        <GridCell>
          <SecretOption name="MetricsToken" label={t('monitoring.metricsToken')} help={t('monitoring.metricsTokenHelp')} />
        </GridCell>
        <GridCell>
          <TextOption name="AutomaticDisableStatusCodes" label={t('monitoring.disableStatusCodes')} help={t('monitoring.disableStatusCodesHelp')} placeholder="401,402" />
        </GridCell>
        <GridCell>
          <TextOption name="AutomaticRetryStatusCodes" label={t('monitoring.retryStatusCodes')} help={t('monitoring.retryStatusCodesHelp')} placeholder="429,500-503" />
        </GridCell>
      </FieldGrid>
      <SwitchRow>
        <BoolOption name="AutomaticDisableChannelEnabled" label={t('monitoring.autoDisable')} />
        <BoolOption name="AutomaticEnableChannelEnabled" label={t('monitoring.autoEnable')} />
        <BoolOption name="ChannelStatusNotifyEnabled" label={t('monitoring.statusNotify')} />
        <BoolOption name="monitor_setting.auto_test_channel_enabled" label={t('monitoring.autoTest')} />
      </SwitchRow>
      <TextOption name="AutomaticDisableKeywords" label={t('monitoring.keywords')} help={t('monitoring.keywordsHelp')} rows={6} />
    </OptionsSection>
  );
}
