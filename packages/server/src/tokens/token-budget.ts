import type { TokenBudgetPeriod } from '@gw/contracts';
import { resetWindow } from '../subscriptions/subscription-periods.js';

/** Monday 1970-01-05 00:00 UTC: weeks are counted from a Monday. */
const FIRST_MONDAY = 4 * 86_400;

/** A key's spending limit as its token row stores it. */
export interface TokenBudget {
  budget_quota: number;
  budget_period: string;
  budget_used: number;
  budget_window: number;
}

/** The calendar period (UTC) holding `now`: when it started and when the next one starts. */
export function budgetWindow(period: TokenBudgetPeriod, now: number): { start: number; next: number } {
  return resetWindow(period === 'weekly' ? FIRST_MONDAY : 0, now, period, 0);
}

/** Whether the token has a periodic limit at all. */
export function hasBudget(t: Pick<TokenBudget, 'budget_quota' | 'budget_period'>): t is Pick<TokenBudget, 'budget_quota'> & { budget_period: TokenBudgetPeriod } {
  return t.budget_quota > 0 && t.budget_period !== '';
}

/** Spent in the current period (what was spent in an earlier one no longer counts), and when the period ends. */
export function budgetStanding(t: TokenBudget, now: number): { used: number; resetTime: number } {
  if (!hasBudget(t)) return { used: 0, resetTime: 0 };
  const window = budgetWindow(t.budget_period, now);
  return { used: t.budget_window === window.start ? t.budget_used : 0, resetTime: window.next };
}
