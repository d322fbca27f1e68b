import { Alert, Form, Select } from 'antd';
import { CHANNEL_SELECTION_STRATEGIES } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import { OptionsSection } from '../options-section';
import { BoolOption, FieldGrid, GridCell, JsonOption, NumberOption, SwitchRow, TextOption } from '../option-inputs';

const FIELDS = {
  TopUpLink: 'text',
  'general_setting.docs_link': 'text',
  ChatLink: 'text',
  ChatLink2: 'text',
  QuotaPerUnit: 'number',
  RetryTimes: 'number',
  ModelFallbacks: 'json',
  ChannelSelectionStrategy: 'text',
  DisplayInCurrencyEnabled: 'bool',
  DisplayTokenStatEnabled: 'bool',
  DefaultCollapseSidebar: 'bool',
  DemoSiteEnabled: 'bool',
  SelfUseModeEnabled: 'bool',
  'general_setting.ping_interval_enabled': 'bool',
  'general_setting.ping_interval_seconds': 'number',
} as const;

/** Links, quota unit, retries, channel selection, model fallbacks and the display switches. */
export function GeneralSection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('general.title')} fields={FIELDS} options={options} testId="settings-general">
      <FieldGrid>
        <GridCell>
          <TextOption name="TopUpLink" label={t('general.topUpLink')} help={t('general.topUpLinkHelp')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <TextOption name="general_setting.docs_link" label={t('general.docsLink')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <TextOption name="ChatLink" label={t('general.chatLink')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <TextOption name="ChatLink2" label={t('general.chatLink2')} placeholder="https://" />
        </GridCell>
        <GridCell>
          <NumberOption
            name="QuotaPerUnit"
            label={t('general.quotaPerUnit')}
            min={1}
            required
            help={<Alert type="warning" showIcon title={t('general.quotaPerUnitWarning')} style={{ marginTop: 4 }} />}
          />
        </GridCell>
        <GridCell>
          <NumberOption name="RetryTimes" label={t('general.retryTimes')} min={0} max={10} required help={t('general.retryTimesHelp')} />
        </GridCell>
        <GridCell>
          <Form.Item name="ChannelSelectionStrategy" label={t('general.selectionStrategy')} extra={t('general.selectionStrategyHelp')}>
            <Select options={CHANNEL_SELECTION_STRATEGIES.map((s) => ({ value: s, label: t(`general.strategy.${s}`) }))} />
          </Form.Item>
        </GridCell>
        <GridCell>
          <NumberOption name="general_setting.ping_interval_seconds" label={t('general.pingInterval')} min={1} max={600} required help={t('general.pingIntervalHelp')} />
        </GridCell>
      </FieldGrid>
      <JsonOption name="ModelFallbacks" label={t('general.modelFallbacks')} help={t('general.modelFallbacksHelp')} rows={4} />
      <SwitchRow>
        <BoolOption name="DisplayInCurrencyEnabled" label={t('general.displayInCurrency')} />
        <BoolOption name="DisplayTokenStatEnabled" label={t('general.displayTokenStat')} />
        <BoolOption name="DefaultCollapseSidebar" label={t('general.defaultCollapseSidebar')} />
        <BoolOption name="DemoSiteEnabled" label={t('general.demoSite')} />
        <BoolOption name="SelfUseModeEnabled" label={t('general.selfUseMode')} help={t('general.selfUseModeHelp')} />
        <BoolOption name="general_setting.ping_interval_enabled" label={t('general.pingEnabled')} help={t('general.pingEnabledHelp')} />
      </SwitchRow>
    </OptionsSection>
  );
}
