import type { SubscriptionPlanView, SubscriptionResetPeriod, UserSubscriptionView } from '@gw/contracts';

/**
 * What the subscription screens say about plans and subscriptions, worked out without words so it can be
 * tested: lengths as a count of the largest whole unit, budgets and usage, the balance price of a plan.
 * `use-subscription-labels.ts` turns these into text.
 */

export const TIME_UNITS = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

export interface TimeAmount {
  unit: TimeUnit;
  count: number;
}

/** Units a custom number of seconds is shown in, largest first (months and years vary in length, so they are not used). */
const SECONDS_PER: readonly [TimeUnit, number][] = [
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** 259200 → 3 days, 5400 → 90 minutes, 90 → 90 seconds: the largest unit the seconds are a whole number of. */
export function secondsAsAmount(seconds: number): TimeAmount {
  const whole = Math.max(0, Math.trunc(seconds));
  for (const [unit, size] of SECONDS_PER) if (whole > 0 && whole % size === 0) return { unit, count: whole / size };
  return { unit: 'second', count: whole };
}

/** How long a plan's subscription lasts. */
export function planDuration(plan: Pick<SubscriptionPlanView, 'duration_unit' | 'duration_value' | 'custom_seconds'>): TimeAmount {
  if (plan.duration_unit === 'custom') return secondsAsAmount(plan.custom_seconds);
  return { unit: plan.duration_unit, count: plan.duration_value };
}

/** How often a budget starts again: never, a named period, or every custom length. */
export type ResetSchedule = { kind: Exclude<SubscriptionResetPeriod, 'custom'> } | { kind: 'custom'; every: TimeAmount };

export function resetSchedule(period: SubscriptionResetPeriod, customSeconds: number): ResetSchedule {
  return period === 'custom' ? { kind: 'custom', every: secondsAsAmount(customSeconds) } : { kind: period };
}

/** A subscription's usage: a budget of 0 is unlimited (no percentage); otherwise the share used, 0–100. */
export interface SubscriptionUsage {
  used: number;
  total: number;
  unlimited: boolean;
  percent: number;
}

export function subscriptionUsage(sub: Pick<UserSubscriptionView, 'amount_used' | 'amount_total'>): SubscriptionUsage {
  const used = Math.max(0, sub.amount_used);
  const total = Math.max(0, sub.amount_total);
  if (total === 0) return { used, total, unlimited: true, percent: 0 };
  return { used, total, unlimited: false, percent: Math.min(100, Math.round((used / total) * 1000) / 10) };
}

/**
 * The wallet quota a plan costs when bought with the balance, as the server works it out: a USD price (or a
 * CNY price at the USD exchange rate) times quota_per_unit, at least 1 for a priced plan. Null for other
 * currencies, which the balance cannot pay.
 */
export function planBalanceCost(
  plan: Pick<SubscriptionPlanView, 'price_amount' | 'currency'>,
  rates: { quotaPerUnit?: number; usdExchangeRate?: number },
): number | null {
  const currency = (plan.currency || 'USD').toUpperCase();
  const perUnit = rates.quotaPerUnit && rates.quotaPerUnit > 0 ? rates.quotaPerUnit : 500_000;
  let usd: number;
  if (currency === 'USD') usd = plan.price_amount;
  else if (currency === 'CNY') usd = plan.price_amount / (rates.usdExchangeRate && rates.usdExchangeRate > 0 ? rates.usdExchangeRate : 7.3);
  else return null;
  const quota = Math.round(usd * perUnit);
  return plan.price_amount > 0 ? Math.max(1, quota) : 0;
}

/** A plan's price as the buyer reads it: "9.90 USD" (whole amounts without decimals: "10 USD"). */
export function planPriceText(plan: Pick<SubscriptionPlanView, 'price_amount' | 'currency'>): string {
  const amount = Number.isInteger(plan.price_amount) ? String(plan.price_amount) : plan.price_amount.toFixed(2);
  return `${amount} ${plan.currency || 'USD'}`;
}

/** A user's subscriptions split into the active ones (soonest ending first) and the rest (newest first). */
export function splitSubscriptions<T extends Pick<UserSubscriptionView, 'status' | 'end_time' | 'id'>>(subs: readonly T[]): { active: T[]; ended: T[] } {
  const active = subs.filter((s) => s.status === 'active').sort((a, b) => a.end_time - b.end_time || a.id - b.id);
  const ended = subs.filter((s) => s.status !== 'active').sort((a, b) => b.id - a.id);
  return { active, ended };
}

/** Which online ways to pay a plan are offered: EPay methods when online top-up is on, Stripe and Creem when on and the plan names its product. */
export interface PlanPayMethods {
  epay: string[];
  stripe: boolean;
  creem: boolean;
}

export function planPayMethods(
  plan: Pick<SubscriptionPlanView, 'stripe_price_id' | 'creem_product_id'>,
  info: { enable_online_topup?: boolean; pay_methods?: string[]; enable_stripe_topup?: boolean; enable_creem_topup?: boolean } | undefined,
): PlanPayMethods {
  const epay = info?.enable_online_topup ? (info.pay_methods ?? []).filter((m) => m && m !== 'stripe' && m !== 'creem') : [];
  return {
    epay,
    stripe: info?.enable_stripe_topup === true && plan.stripe_price_id.trim() !== '',
    creem: info?.enable_creem_topup === true && plan.creem_product_id.trim() !== '',
  };
}
