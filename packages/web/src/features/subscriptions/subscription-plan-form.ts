import {
  SubscriptionPlanFields, type SubscriptionDurationUnit, type SubscriptionPlanInput, type SubscriptionPlanView, type SubscriptionResetPeriod,
} from '@gw/contracts';

/**
 * The plan editor's form model. Numbers are AntD InputNumber values (null when cleared); the budget is in
 * quota units like the console's other quota inputs (0 = unlimited). The contract schema is the check:
 * what it refuses is put back on the field it names.
 */
export interface SubscriptionPlanFormValues {
  title: string;
  subtitle: string;
  price_amount: number | null;
  currency: string;
  duration_unit: SubscriptionDurationUnit;
  duration_value: number | null;
  custom_seconds: number | null;
  enabled: boolean;
  sort_order: number | null;
  stripe_price_id: string;
  creem_product_id: string;
  max_purchase_per_user: number | null;
  upgrade_group: string;
  total_amount: number | null;
  quota_reset_period: SubscriptionResetPeriod;
  quota_reset_custom_seconds: number | null;
}

export type SubscriptionPlanField = keyof SubscriptionPlanFormValues;

export const newPlanValues = (): SubscriptionPlanFormValues => ({
  title: '',
  subtitle: '',
  price_amount: 0,
  currency: 'USD',
  duration_unit: 'month',
  duration_value: 1,
  custom_seconds: null,
  enabled: true,
  sort_order: 0,
  stripe_price_id: '',
  creem_product_id: '',
  max_purchase_per_user: 0,
  upgrade_group: '',
  total_amount: 0,
  quota_reset_period: 'never',
  quota_reset_custom_seconds: null,
});

export function planToValues(plan: SubscriptionPlanView): SubscriptionPlanFormValues {
  return {
    title: plan.title,
    subtitle: plan.subtitle,
    price_amount: plan.price_amount,
    currency: plan.currency,
    duration_unit: plan.duration_unit,
    duration_value: plan.duration_value,
    custom_seconds: plan.duration_unit === 'custom' ? plan.custom_seconds : null,
    enabled: plan.enabled,
    sort_order: plan.sort_order,
    stripe_price_id: plan.stripe_price_id,
    creem_product_id: plan.creem_product_id,
    max_purchase_per_user: plan.max_purchase_per_user,
    upgrade_group: plan.upgrade_group,
    total_amount: plan.total_amount,
    quota_reset_period: plan.quota_reset_period,
    quota_reset_custom_seconds: plan.quota_reset_period === 'custom' ? plan.quota_reset_custom_seconds : null,
  };
}

export type PlanFormResult = { ok: true; plan: SubscriptionPlanInput } | { ok: false; fields: { name: SubscriptionPlanField; errors: string[] }[] };

const FIELD_NAMES = new Set<string>(Object.keys(newPlanValues()));

/**
 * The plan to send, or the schema's complaints on their fields. A cleared number reads as missing (the
 * schema's default) except where a custom length is chosen, which must be given; the custom seconds of a
 * length or reset period that is not custom are sent as 0.
 */
export function planBodyOf(values: SubscriptionPlanFormValues): PlanFormResult {
  const customDuration = values.duration_unit === 'custom';
  const customReset = values.quota_reset_period === 'custom';
  const num = (v: number | null | undefined) => (typeof v === 'number' ? v : undefined);
  const parsed = SubscriptionPlanFields.safeParse({
    title: values.title,
    subtitle: values.subtitle,
    price_amount: num(values.price_amount),
    currency: values.currency,
    duration_unit: values.duration_unit,
    duration_value: num(values.duration_value) ?? (customDuration ? 1 : 0),
    custom_seconds: customDuration ? num(values.custom_seconds) ?? 0 : 0,
    enabled: values.enabled,
    sort_order: num(values.sort_order),
    stripe_price_id: values.stripe_price_id,
    creem_product_id: values.creem_product_id,
    max_purchase_per_user: num(values.max_purchase_per_user),
    upgrade_group: values.upgrade_group ?? '',
    total_amount: num(values.total_amount),
    quota_reset_period: values.quota_reset_period,
    quota_reset_custom_seconds: customReset ? num(values.quota_reset_custom_seconds) ?? 0 : 0,
  });
  if (parsed.success) return { ok: true, plan: parsed.data };
  const byField = new Map<SubscriptionPlanField, string[]>();
  for (const issue of parsed.error.issues) {
    const first = String(issue.path[0] ?? '');
    const name = (FIELD_NAMES.has(first) ? first : 'title') as SubscriptionPlanField;
    byField.set(name, [...(byField.get(name) ?? []), issue.message]);
  }
  return { ok: false, fields: [...byField].map(([name, errors]) => ({ name, errors })) };
}
