import type { BudgetPeriod, SpendingLimitView } from '@gw/contracts';
import { BUDGET_NEEDS_PERIOD } from '@gw/contracts';
import { ValidationError } from '../http/errors.js';
import { resetWindow } from '../subscriptions/subscription-periods.js';

/** Monday 1970-01-05 00:00 UTC: weeks are counted from a Monday. */
const FIRST_MONDAY = 4 * 86_400;

/** A spending limit per calendar period as a token or user row stores it. */
export interface SpendingLimit {
  budget_quota: number;
  budget_period: string;
  budget_used: number;
  budget_window: number;
}

/** The calendar period (UTC) holding `now`: when it started and when the next one starts. */
export function budgetWindow(period: BudgetPeriod, now: number): { start: number; next: number } {
  return resetWindow(period === 'weekly' ? FIRST_MONDAY : 0, now, period, 0);
}

/** Whether the row has a periodic limit at all. */
export function hasBudget(t: Pick<SpendingLimit, 'budget_quota' | 'budget_period'>): t is Pick<SpendingLimit, 'budget_quota'> & { budget_period: BudgetPeriod } {
  return t.budget_quota > 0 && t.budget_period !== '';
}

/** The period of a limit that is set; '' for none. */
export function budgetPeriodOf(t: Pick<SpendingLimit, 'budget_quota' | 'budget_period'>): BudgetPeriod | '' {
  return hasBudget(t) ? t.budget_period : '';
}

/** Spent in the current period (what was spent in an earlier one no longer counts), and when the period ends. */
export function budgetStanding(t: SpendingLimit, now: number): { used: number; resetTime: number } {
  if (!hasBudget(t)) return { used: 0, resetTime: 0 };
  const window = budgetWindow(t.budget_period, now);
  return { used: t.budget_window === window.start ? t.budget_used : 0, resetTime: window.next };
}

/** The spending after a charge made at `now`: added to the current period's, or from nothing in a new period. */
export function withSpending(t: SpendingLimit & { budget_period: BudgetPeriod }, amount: number, now: number): Pick<SpendingLimit, 'budget_used' | 'budget_window'> {
  const start = budgetWindow(t.budget_period, now).start;
  return { budget_used: (t.budget_window === start ? t.budget_used : 0) + amount, budget_window: start };
}

/** The limit as the console shows it: nothing but zeros and '' without one. */
export function spendingLimitView(t: SpendingLimit, now: number): SpendingLimitView {
  const standing = budgetStanding(t, now);
  const limited = hasBudget(t);
  return {
    budget_quota: limited ? t.budget_quota : 0,
    budget_period: limited ? t.budget_period : '',
    budget_used: standing.used,
    budget_reset_time: standing.resetTime,
  };
}

/**
 * The columns an edit of a limit changes: the limit needs a period; a new period (or none) starts counting
 * from nothing. Nothing when the edit leaves the limit alone.
 */
export function spendingLimitPatch(current: SpendingLimit, edit: { budget_quota?: number; budget_period?: BudgetPeriod | '' }): Partial<SpendingLimit> {
  if (edit.budget_quota === undefined && edit.budget_period === undefined) return {};
  const quota = edit.budget_quota ?? current.budget_quota;
  const period = edit.budget_period ?? current.budget_period;
  if (quota > 0 && period === '') throw new ValidationError(BUDGET_NEEDS_PERIOD, { field: 'budget_period' });
  const patch: Partial<SpendingLimit> = {};
  if (quota !== current.budget_quota) patch.budget_quota = quota;
  if (period !== current.budget_period) Object.assign(patch, { budget_period: period, budget_used: 0, budget_window: 0 });
  return patch;
}
