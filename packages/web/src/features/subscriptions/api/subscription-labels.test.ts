import { describe, expect, it } from 'vitest';
import type { UserSubscriptionView } from '@gw/contracts';
import {
  planBalanceCost, planDuration, planPayMethods, planPriceText, resetSchedule, secondsAsAmount, splitSubscriptions, subscriptionUsage,
} from './subscription-labels';

describe('secondsAsAmount', () => {
  it('uses the largest unit the seconds are a whole number of', () => {
    expect(secondsAsAmount(14 * 86_400)).toEqual({ unit: 'week', count: 2 });
    expect(secondsAsAmount(3 * 86_400)).toEqual({ unit: 'day', count: 3 });
    expect(secondsAsAmount(7_200)).toEqual({ unit: 'hour', count: 2 });
    expect(secondsAsAmount(5_400)).toEqual({ unit: 'minute', count: 90 });
    expect(secondsAsAmount(90)).toEqual({ unit: 'second', count: 90 });
  });

  it('reads nothing or a negative number as 0 seconds', () => {
    expect(secondsAsAmount(0)).toEqual({ unit: 'second', count: 0 });
    expect(secondsAsAmount(-5)).toEqual({ unit: 'second', count: 0 });
  });
});

describe('planDuration', () => {
  it('takes a named unit and its count, or the custom seconds', () => {
    expect(planDuration({ duration_unit: 'month', duration_value: 3, custom_seconds: 999 })).toEqual({ unit: 'month', count: 3 });
    expect(planDuration({ duration_unit: 'year', duration_value: 1, custom_seconds: 0 })).toEqual({ unit: 'year', count: 1 });
    expect(planDuration({ duration_unit: 'custom', duration_value: 1, custom_seconds: 172_800 })).toEqual({ unit: 'day', count: 2 });
  });
});

describe('resetSchedule', () => {
  it('names the period, or the custom length for a custom one', () => {
    expect(resetSchedule('monthly', 120)).toEqual({ kind: 'monthly' });
    expect(resetSchedule('never', 0)).toEqual({ kind: 'never' });
    expect(resetSchedule('custom', 21_600)).toEqual({ kind: 'custom', every: { unit: 'hour', count: 6 } });
  });
});

describe('subscriptionUsage', () => {
  it('gives the share used, to one decimal, at most 100', () => {
    expect(subscriptionUsage({ amount_used: 250, amount_total: 1000 })).toEqual({ used: 250, total: 1000, unlimited: false, percent: 25 });
    expect(subscriptionUsage({ amount_used: 1, amount_total: 3 }).percent).toBe(33.3);
    expect(subscriptionUsage({ amount_used: 1500, amount_total: 1000 }).percent).toBe(100);
  });

  it('treats a budget of 0 as unlimited', () => {
    expect(subscriptionUsage({ amount_used: 42, amount_total: 0 })).toEqual({ used: 42, total: 0, unlimited: true, percent: 0 });
  });
});

describe('plan prices', () => {
  it('costs a USD price, or a CNY price at the exchange rate, in quota units', () => {
    expect(planBalanceCost({ price_amount: 9.9, currency: 'USD' }, { quotaPerUnit: 500_000 })).toBe(4_950_000);
    expect(planBalanceCost({ price_amount: 2, currency: 'usd' }, {})).toBe(1_000_000);
    expect(planBalanceCost({ price_amount: 14, currency: 'CNY' }, { quotaPerUnit: 500_000, usdExchangeRate: 7 })).toBe(1_000_000);
  });

  it('costs a priced plan at least 1, a free one nothing, and cannot price other currencies', () => {
    expect(planBalanceCost({ price_amount: 0.000001, currency: 'USD' }, { quotaPerUnit: 500_000 })).toBe(1);
    expect(planBalanceCost({ price_amount: 0, currency: 'USD' }, {})).toBe(0);
    expect(planBalanceCost({ price_amount: 5, currency: 'EUR' }, {})).toBeNull();
  });

  it('writes the price with its currency', () => {
    expect(planPriceText({ price_amount: 10, currency: 'USD' })).toBe('10 USD');
    expect(planPriceText({ price_amount: 9.9, currency: 'CNY' })).toBe('9.90 CNY');
    expect(planPriceText({ price_amount: 1, currency: '' })).toBe('1 USD');
  });
});

describe('splitSubscriptions', () => {
  const sub = (id: number, status: UserSubscriptionView['status'], end_time: number) => ({ id, status, end_time });

  it('lists active ones soonest ending first and the others newest first', () => {
    const { active, ended } = splitSubscriptions([sub(1, 'expired', 10), sub(2, 'active', 300), sub(3, 'cancelled', 20), sub(4, 'active', 200)]);
    expect(active.map((s) => s.id)).toEqual([4, 2]);
    expect(ended.map((s) => s.id)).toEqual([3, 1]);
  });
});

describe('planPayMethods', () => {
  const plan = { stripe_price_id: 'price_1', creem_product_id: '' };
  const info = { enable_online_topup: true, pay_methods: ['alipay', 'wxpay', 'stripe'], enable_stripe_topup: true, enable_creem_topup: true };

  it('offers the EPay methods, and Stripe or Creem only when on and the plan names its product', () => {
    expect(planPayMethods(plan, info)).toEqual({ epay: ['alipay', 'wxpay'], stripe: true, creem: false });
    expect(planPayMethods({ stripe_price_id: ' ', creem_product_id: 'prod_1' }, info)).toEqual({ epay: ['alipay', 'wxpay'], stripe: false, creem: true });
  });

  it('offers nothing online while the wallet offers nothing or is not loaded', () => {
    expect(planPayMethods(plan, { ...info, enable_online_topup: false, enable_stripe_topup: false, enable_creem_topup: false })).toEqual({ epay: [], stripe: false, creem: false });
    expect(planPayMethods(plan, undefined)).toEqual({ epay: [], stripe: false, creem: false });
  });
});
