import { z } from 'zod';

/**
 * A spending limit renews every calendar period in UTC: a day from 00:00, a week from Monday 00:00, a month
 * from the 1st at 00:00. Keys and users have one each; both apply.
 */
export const BUDGET_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** Most that may be spent per period, in quota units; 0 = no such limit. */
export const BudgetQuota = z
  .number({ error: 'budget_quota must be an integer' })
  .int('budget_quota must be an integer')
  .min(0, 'budget_quota must not be negative')
  .max(Number.MAX_SAFE_INTEGER, 'budget_quota is too large');

export const BudgetPeriodField = z.enum(['', ...BUDGET_PERIODS], { error: 'budget_period must be daily, weekly or monthly' });

/** A limit without a period (or a period without a limit) is a mistake of the caller. */
export const BUDGET_NEEDS_PERIOD = 'budget_period must be daily, weekly or monthly when budget_quota is set';

/** A spending limit as the console shows it. */
export interface SpendingLimitView {
  /** Most that may be spent per `budget_period`, in quota units; 0 = no such limit. */
  budget_quota: number;
  /** '' without a periodic limit. */
  budget_period: BudgetPeriod | '';
  /** Spent in the current period. */
  budget_used: number;
  /** When the current period ends and the limit renews (unix seconds); 0 without a limit. */
  budget_reset_time: number;
}
