import { describe, expect, it } from 'vitest';
import { hasSpendingLimit, noSpendingLimit, spendingLimitBody, spendingLimitToValues } from './spending-limit-form';

describe('spending limit form values', () => {
  it('starts with no limit and shows a stored limit as it is', () => {
    expect(noSpendingLimit()).toEqual({ budget_quota: 0, budget_period: '' });
    expect(spendingLimitToValues({ budget_quota: 250_000, budget_period: 'monthly' })).toEqual({ budget_quota: 250_000, budget_period: 'monthly' });
  });

  it('sends a chosen limit as whole quota units, and an emptied amount as 0 for the contract to refuse', () => {
    expect(spendingLimitBody({ budget_quota: 1_000_000.9, budget_period: 'daily' })).toEqual({ budget_quota: 1_000_000, budget_period: 'daily' });
    expect(spendingLimitBody({ budget_quota: null as unknown as number, budget_period: 'weekly' })).toEqual({ budget_quota: 0, budget_period: 'weekly' });
  });

  it('sends "no limit" with no amount, whatever was typed before, also when the fields were never shown', () => {
    expect(spendingLimitBody({ budget_quota: 500_000, budget_period: '' })).toEqual({ budget_quota: 0, budget_period: '' });
    expect(spendingLimitBody({})).toEqual({ budget_quota: 0, budget_period: '' });
  });

  it('counts as a limit only a period with an amount', () => {
    expect(hasSpendingLimit({ budget_quota: 1, budget_period: 'daily' })).toBe(true);
    expect(hasSpendingLimit({ budget_quota: 0, budget_period: 'daily' })).toBe(false);
    expect(hasSpendingLimit({ budget_quota: 1_000, budget_period: '' })).toBe(false);
  });
});
