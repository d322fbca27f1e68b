import { Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOM_CURRENCY_SYMBOL_MAX, QUOTA_DISPLAY_TYPES } from '@gw/contracts';
import { displayCurrency, formatQuotaIn } from '../../../../lib/format';
import { useSiteStatus } from '../../../status/api/status.queries';
import { OptionsSection } from '../options-section';
import { FieldGrid, GridCell, NumberOption } from '../option-inputs';

const FIELDS = {
  'general_setting.quota_display_type': 'text',
  USDExchangeRate: 'number',
  'general_setting.custom_currency_symbol': 'text',
  'general_setting.custom_currency_exchange_rate': 'number',
} as const;

/** How the form's current choice would show a balance, in both console languages. */
function DisplayPreview({ currencyOff }: { currencyOff: boolean }) {
  const { t } = useTranslation('settings');
  const { status } = useSiteStatus();
  const form = Form.useFormInstance();
  const type = Form.useWatch<string | undefined>('general_setting.quota_display_type', form);
  const usdRate = Form.useWatch<number | null | undefined>('USDExchangeRate', form);
  const symbol = Form.useWatch<string | undefined>('general_setting.custom_currency_symbol', form);
  const customRate = Form.useWatch<number | null | undefined>('general_setting.custom_currency_exchange_rate', form);
  const settings = {
    quota_display_type: type,
    display_in_currency: !currencyOff,
    price: status.price,
    usd_exchange_rate: usdRate ?? undefined,
    custom_currency_symbol: symbol,
    custom_currency_exchange_rate: customRate ?? undefined,
  };
  const perUnit = status.quota_per_unit || 500000;
  const sample = perUnit * 12.5;
  const shown = (language: string) => formatQuotaIn(sample, perUnit, displayCurrency(settings, language));
  return (
    <Typography.Paragraph type="secondary" data-testid="quota-display-preview">
      {t('quotaDisplay.preview', { en: shown('en'), zh: shown('zh') })}
    </Typography.Paragraph>
  );
}

/** new-api's quota display type, the CNY exchange rate and the custom currency (operation tab). */
export function QuotaDisplaySection({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('settings');
  return (
    <OptionsSection title={t('quotaDisplay.title')} fields={FIELDS} options={options} testId="settings-quota-display">
      <FieldGrid>
        <GridCell>
          <Form.Item name="general_setting.quota_display_type" label={t('quotaDisplay.type')} extra={t('quotaDisplay.typeHelp')}>
            <Select options={QUOTA_DISPLAY_TYPES.map((type) => ({ value: type, label: t(`quotaDisplay.types.${type}`) }))} />
          </Form.Item>
        </GridCell>
        <GridCell>
          <NumberOption name="USDExchangeRate" label={t('quotaDisplay.usdExchangeRate')} help={t('quotaDisplay.usdExchangeRateHelp')} min={0} step={0.01} required />
        </GridCell>
      </FieldGrid>
      <FieldGrid>
        <GridCell>
          <Form.Item
            name="general_setting.custom_currency_symbol"
            label={t('quotaDisplay.customSymbol')}
            extra={t('quotaDisplay.customSymbolHelp')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { validator: (_r, v: string | undefined) => ([...(v ?? '')].length <= CUSTOM_CURRENCY_SYMBOL_MAX ? Promise.resolve() : Promise.reject(new Error(t('quotaDisplay.symbolTooLong', { max: CUSTOM_CURRENCY_SYMBOL_MAX })))) },
            ]}
          >
            <Input />
          </Form.Item>
        </GridCell>
        <GridCell>
          <NumberOption
            name="general_setting.custom_currency_exchange_rate"
            label={t('quotaDisplay.customRate')}
            help={t('quotaDisplay.customRateHelp')}
            min={0}
            step={0.01}
            required
          />
        </GridCell>
      </FieldGrid>
      <DisplayPreview currencyOff={options.DisplayInCurrencyEnabled === 'false'} />
    </OptionsSection>
  );
}
