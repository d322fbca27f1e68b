import type { BudgetPeriod, SpendingLimitView } from '@gw/contracts';

/** The spending-limit part of a form model (a key's editor, a user's editor). */
export interface SpendingLimitValues {
  /** Quota units that may be spent per period; only used when a period is chosen. */
  budget_quota: number;
  /** '' = no spending limit per period. */
  budget_period: BudgetPeriod | '';
}

type LimitSetting = Pick<SpendingLimitView, 'budget_quota' | 'budget_period'>;

/** True when a spending limit per period is set (a period and an amount). */
export function hasSpendingLimit<T extends LimitSetting>(limit: T): limit is T & { budget_period: BudgetPeriod } {
  return limit.budget_period !== '' && limit.budget_quota > 0;
}

/** No limit: what a new form starts from. */
export function noSpendingLimit(): SpendingLimitValues {
  return { budget_quota: 0, budget_period: '' };
}

export function spendingLimitToValues(limit: LimitSetting): SpendingLimitValues {
  return { budget_quota: limit.budget_quota, budget_period: limit.budget_period };
}

/**
 * Form values → the body's `budget_quota` and `budget_period`: whole quota units; "no limit" as the period clears
 * the amount too (the server refuses an amount without a period).
 */
export function spendingLimitBody(v: Partial<SpendingLimitValues>): SpendingLimitValues {
  const period = v.budget_period ?? '';
  return { budget_quota: period ? Math.trunc(v.budget_quota ?? 0) : 0, budget_period: period };
}
