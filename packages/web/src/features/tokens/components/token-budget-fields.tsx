import { Form, InputNumber, Select } from 'antd';
import { TOKEN_BUDGET_PERIODS } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import { useQuotaFormatter } from '../../status/use-quota-formatter';
import type { TokenFormValues } from '../token-form';

/** The spending limit per period: a period (or no limit) and, once one is chosen, the quota the key may spend in it. */
export function TokenBudgetFields() {
  const { t } = useTranslation('tokens');
  const form = Form.useFormInstance<TokenFormValues>();
  const formatQuota = useQuotaFormatter();
  const period = Form.useWatch('budget_period', form);
  const budget = Form.useWatch('budget_quota', form);
  const periodOptions = [
    { value: '', label: t('form.budgetNone') },
    ...TOKEN_BUDGET_PERIODS.map((p) => ({ value: p, label: t(`form.budgetPeriods.${p}`) })),
  ];
  return (
    <>
      <Form.Item name="budget_period" label={t('form.budgetPeriod')} extra={t('form.budgetPeriodHelp')}>
        <Select options={periodOptions} />
      </Form.Item>
      {period && (
        <Form.Item
          name="budget_quota"
          label={t('form.budgetQuota')}
          extra={typeof budget === 'number' ? t('form.quotaEquals', { amount: formatQuota(budget) }) : undefined}
          rules={[{ required: true, type: 'number', min: 1, message: t('form.budgetRequired') }]}
        >
          <InputNumber min={0} precision={0} step={500000} style={{ width: '100%' }} />
        </Form.Item>
      )}
    </>
  );
}
