import { Form, InputNumber, Select } from 'antd';
import { BUDGET_PERIODS } from '@gw/contracts';
import { useTranslation } from 'react-i18next';
import type { SpendingLimitValues } from './spending-limit-form';

interface SpendingLimitFieldsProps {
  /** Under the period: what the limit caps (one key's spending, or all of a user's keys together) and how periods run. */
  help: string;
  formatQuota: (quota: number) => string;
}

/**
 * The spending limit per period inside a form with SpendingLimitValues: a period (or no limit) and, once one is
 * chosen, the quota that may be spent in it.
 */
export function SpendingLimitFields({ help, formatQuota }: SpendingLimitFieldsProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<SpendingLimitValues>();
  const period = Form.useWatch('budget_period', form);
  const budget = Form.useWatch('budget_quota', form);
  const periodOptions = [
    { value: '', label: t('spendingLimit.none') },
    ...BUDGET_PERIODS.map((p) => ({ value: p, label: t(`spendingLimit.periods.${p}`) })),
  ];
  return (
    <>
      <Form.Item name="budget_period" label={t('spendingLimit.period')} extra={help}>
        <Select options={periodOptions} />
      </Form.Item>
      {period && (
        <Form.Item
          name="budget_quota"
          label={t('spendingLimit.quota')}
          extra={typeof budget === 'number' ? t('spendingLimit.quotaEquals', { amount: formatQuota(budget) }) : undefined}
          rules={[{ required: true, type: 'number', min: 1, message: t('spendingLimit.required') }]}
        >
          <InputNumber min={0} precision={0} step={500000} style={{ width: '100%' }} />
        </Form.Item>
      )}
    </>
  );
}
