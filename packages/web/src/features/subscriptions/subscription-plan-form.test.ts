import { describe, expect, it } from 'vitest';
import type { SubscriptionPlanView } from '@gw/contracts';
import { newPlanValues, planBodyOf, planToValues, type SubscriptionPlanFormValues } from './subscription-plan-form';

const values = (over: Partial<SubscriptionPlanFormValues>): SubscriptionPlanFormValues => ({ ...newPlanValues(), title: 'Pro', ...over });
const view = (over: Partial<SubscriptionPlanView>): SubscriptionPlanView => ({
  id: 1, title: 'Pro', subtitle: '', price_amount: 10, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0,
  enabled: true, sort_order: 0, stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: 0,
  quota_reset_period: 'never', quota_reset_custom_seconds: 0, created_at: 1, updated_at: 1, ...over,
});

describe('planBodyOf', () => {
  it('sends every field, trimmed, with the currency upper-cased', () => {
    const result = planBodyOf(values({ title: ' Pro ', price_amount: 9.9, currency: 'cny', total_amount: 5_000_000, quota_reset_period: 'daily', upgrade_group: 'vip', max_purchase_per_user: 2 }));
    expect(result).toEqual({
      ok: true,
      plan: {
        title: 'Pro', subtitle: '', price_amount: 9.9, currency: 'CNY', duration_unit: 'month', duration_value: 1, custom_seconds: 0, enabled: true,
        sort_order: 0, stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 2, upgrade_group: 'vip', total_amount: 5_000_000,
        quota_reset_period: 'daily', quota_reset_custom_seconds: 0,
      },
    });
  });

  it('sends the custom seconds only for a custom duration or reset period', () => {
    const plain = planBodyOf(values({ custom_seconds: 3600, quota_reset_custom_seconds: 120 }));
    expect(plain.ok && [plain.plan.custom_seconds, plain.plan.quota_reset_custom_seconds]).toEqual([0, 0]);
    const custom = planBodyOf(values({ duration_unit: 'custom', custom_seconds: 3600, quota_reset_period: 'custom', quota_reset_custom_seconds: 120 }));
    expect(custom.ok && [custom.plan.custom_seconds, custom.plan.quota_reset_custom_seconds]).toEqual([3600, 120]);
  });

  it('puts the schema’s refusals on their fields', () => {
    expect(planBodyOf(values({ title: '  ' }))).toEqual({ ok: false, fields: [{ name: 'title', errors: ['the plan title must not be empty'] }] });
    expect(planBodyOf(values({ duration_unit: 'custom', custom_seconds: null }))).toEqual({
      ok: false,
      fields: [{ name: 'custom_seconds', errors: ['a custom duration needs custom_seconds above 0'] }],
    });
    expect(planBodyOf(values({ duration_value: null }))).toEqual({ ok: false, fields: [{ name: 'duration_value', errors: ['duration_value must be at least 1'] }] });
    expect(planBodyOf(values({ quota_reset_period: 'custom', quota_reset_custom_seconds: 30 }))).toEqual({
      ok: false,
      fields: [{ name: 'quota_reset_custom_seconds', errors: ['a custom reset period must be at least 60 seconds'] }],
    });
    const negative = planBodyOf(values({ total_amount: -1 }));
    expect(!negative.ok && negative.fields.map((f) => f.name)).toEqual(['total_amount']);
  });

  it('reads a cleared number as the schema’s default', () => {
    const result = planBodyOf(values({ price_amount: null, sort_order: null, total_amount: null, max_purchase_per_user: null }));
    expect(result.ok && [result.plan.price_amount, result.plan.sort_order, result.plan.total_amount, result.plan.max_purchase_per_user]).toEqual([0, 0, 0, 0]);
  });
});

describe('planToValues', () => {
  it('edits a plan’s fields, leaving the custom seconds empty unless they are used', () => {
    expect(planToValues(view({ custom_seconds: 50, quota_reset_custom_seconds: 70 }))).toMatchObject({ custom_seconds: null, quota_reset_custom_seconds: null });
    expect(planToValues(view({ duration_unit: 'custom', custom_seconds: 50, quota_reset_period: 'custom', quota_reset_custom_seconds: 70 }))).toMatchObject({
      duration_unit: 'custom', custom_seconds: 50, quota_reset_period: 'custom', quota_reset_custom_seconds: 70,
    });
  });

  it('gives back the same plan when saved unchanged', () => {
    const plan = view({ title: 'Team', price_amount: 30, total_amount: 10_000_000, quota_reset_period: 'weekly', upgrade_group: 'vip', sort_order: 5 });
    const result = planBodyOf(planToValues(plan));
    expect(result.ok && result.plan).toMatchObject({ title: 'Team', price_amount: 30, total_amount: 10_000_000, quota_reset_period: 'weekly', upgrade_group: 'vip', sort_order: 5 });
  });
});
