import type { SpendingLimitView } from '@gw/contracts';
import type { TokenWithOwner, TokenQuotaFigures } from '../tokens/tokens.repository.js';
import { spendingLimitView } from '../billing/spending-limit.js';

/** `GET /api/usage/token` data: one API key's balance, as new-api reports it. Quota units throughout. */
export interface TokenUsage {
  object: 'token_usage';
  name: string;
  total_granted: number;
  total_used: number;
  total_available: number;
  unlimited_quota: boolean;
  /** Model name → true, from the token's list (reported even while the list is not enforced). */
  model_limits: Record<string, true>;
  model_limits_enabled: boolean;
  /** Unix seconds; 0 when the key never expires. */
  expires_at: number;
  /** The key's spending limit per period and this period's spending (zeros and '' without one). */
  spending_limit: SpendingLimitView;
  /** Its owner's, which all of the owner's keys share. */
  owner_spending_limit: SpendingLimitView;
}

/** OpenAI's legacy `GET /dashboard/billing/subscription`. */
export interface BillingSubscription {
  object: 'billing_subscription';
  has_payment_method: true;
  soft_limit_usd: number;
  hard_limit_usd: number;
  system_hard_limit_usd: number;
  /** Unix seconds; 0 when there is no expiry. */
  access_until: number;
}

/** OpenAI's legacy `GET /dashboard/billing/usage`: `total_usage` in hundredths (cents). */
export interface BillingUsage {
  object: 'list';
  total_usage: number;
}

/** How amounts are shown: currency (quota ÷ QuotaPerUnit) or raw quota. */
export interface DisplaySettings {
  inCurrency: boolean;
  quotaPerUnit: number;
}

/** The limit new-api reports for a key with unlimited quota. */
export const UNLIMITED_AMOUNT = 100_000_000;

export function toTokenUsage(token: TokenWithOwner, figures: TokenQuotaFigures, now: number): TokenUsage {
  return {
    object: 'token_usage',
    name: token.name,
    total_granted: figures.remain_quota + figures.used_quota,
    total_used: figures.used_quota,
    total_available: figures.remain_quota,
    unlimited_quota: figures.unlimited_quota === 1,
    model_limits: modelLimitsMap(token.model_limits),
    model_limits_enabled: token.model_limits_enabled === 1,
    expires_at: figures.expired_time === -1 ? 0 : figures.expired_time,
    spending_limit: spendingLimitView(figures, now),
    owner_spending_limit: spendingLimitView(
      { budget_quota: figures.user_budget_quota, budget_period: figures.user_budget_period, budget_used: figures.user_budget_used, budget_window: figures.user_budget_window },
      now,
    ),
  };
}

function modelLimitsMap(text: string | null): Record<string, true> {
  const map: Record<string, true> = {};
  for (const model of (text ?? '').split(',')) if (model.trim()) map[model.trim()] = true;
  return map;
}

/** The balance the billing endpoints report: the key's own (DisplayTokenStatEnabled) or its owner's. */
interface ReportedBalance {
  remain: number;
  used: number;
  /** Only a key's balance can be unlimited, and only a key's expiry is reported. */
  unlimited: boolean;
  expiredTime: number;
}

export function reportedBalance(figures: TokenQuotaFigures, tokenStats: boolean): ReportedBalance {
  return tokenStats
    ? { remain: figures.remain_quota, used: figures.used_quota, unlimited: figures.unlimited_quota === 1, expiredTime: figures.expired_time }
    : { remain: figures.user_quota, used: figures.user_used_quota, unlimited: false, expiredTime: 0 };
}

const amountOf = (quota: number, d: DisplaySettings) => (d.inCurrency ? quota / d.quotaPerUnit : quota);

export function toBillingSubscription(b: ReportedBalance, d: DisplaySettings): BillingSubscription {
  const amount = b.unlimited ? UNLIMITED_AMOUNT : amountOf(b.remain + b.used, d);
  return {
    object: 'billing_subscription',
    has_payment_method: true,
    soft_limit_usd: amount,
    hard_limit_usd: amount,
    system_hard_limit_usd: amount,
    access_until: b.expiredTime > 0 ? b.expiredTime : 0,
  };
}

export function toBillingUsage(b: ReportedBalance, d: DisplaySettings): BillingUsage {
  // × 100 before the division keeps whole cents exact (0.07 × 100 would be 7.000000000000001).
  return { object: 'list', total_usage: amountOf(b.used * 100, d) };
}
