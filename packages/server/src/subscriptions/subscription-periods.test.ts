import { describe, expect, it } from 'vitest';
import { resetWindow, subscriptionEnd } from './subscription-periods.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('subscription periods', () => {
  it('ends a subscription by calendar months and years, keeping the day where the month has it', () => {
    const plan = (duration_unit: string, duration_value: number, custom_seconds = 0) => ({ duration_unit, duration_value, custom_seconds });
    expect(subscriptionEnd(at('2026-01-31T10:00:00Z'), plan('month', 1))).toBe(at('2026-02-28T10:00:00Z'));
    expect(subscriptionEnd(at('2026-01-15T00:00:00Z'), plan('month', 13))).toBe(at('2027-02-15T00:00:00Z'));
    expect(subscriptionEnd(at('2028-02-29T00:00:00Z'), plan('year', 1))).toBe(at('2029-02-28T00:00:00Z'));
    expect(subscriptionEnd(1000, plan('day', 2))).toBe(1000 + 2 * 86_400);
    expect(subscriptionEnd(1000, plan('hour', 5))).toBe(1000 + 5 * 3600);
    expect(subscriptionEnd(1000, plan('custom', 1, 90))).toBe(1090);
    expect(() => subscriptionEnd(1000, plan('fortnight', 1))).toThrow(/unknown duration unit/);
  });

  it('finds the reset window that holds now, however long the budget went unused', () => {
    expect(resetWindow(1000, 1000, 'daily', 0)).toEqual({ start: 1000, next: 1000 + 86_400 });
    expect(resetWindow(1000, 1000 + 10 * 86_400 + 5, 'daily', 0)).toEqual({ start: 1000 + 10 * 86_400, next: 1000 + 11 * 86_400 });
    expect(resetWindow(0, 7 * 86_400, 'weekly', 0)).toEqual({ start: 7 * 86_400, next: 14 * 86_400 });
    expect(resetWindow(100, 100 + 3 * 3600 + 1, 'custom', 3600)).toEqual({ start: 100 + 3 * 3600, next: 100 + 4 * 3600 });
    expect(resetWindow(500, 10_000_000, 'never', 0)).toEqual({ start: 500, next: 0 });
  });

  it('counts monthly windows from the anchor, landing on short months', () => {
    const anchor = at('2026-01-31T12:00:00Z');
    expect(resetWindow(anchor, anchor, 'monthly', 0)).toEqual({ start: anchor, next: at('2026-02-28T12:00:00Z') });
    expect(resetWindow(anchor, at('2026-03-01T00:00:00Z'), 'monthly', 0)).toEqual({ start: at('2026-02-28T12:00:00Z'), next: at('2026-03-31T12:00:00Z') });
    expect(resetWindow(anchor, at('2026-03-31T11:59:59Z'), 'monthly', 0)).toEqual({ start: at('2026-02-28T12:00:00Z'), next: at('2026-03-31T12:00:00Z') });
    expect(resetWindow(anchor, at('2031-06-15T00:00:00Z'), 'monthly', 0)).toEqual({ start: at('2031-05-31T12:00:00Z'), next: at('2031-06-30T12:00:00Z') });
  });
});
