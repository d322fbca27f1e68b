import { describe, expect, it } from 'vitest';
import { costDigits, formatCost } from './usage-cost';

describe("an answer's cost", () => {
  it('shows dollars with enough decimals for a fraction of a cent, truncated like every amount', () => {
    expect(formatCost(0.0017, 500000, { symbol: '$', rate: 1 })).toBe('$0.0017');
    expect(formatCost(0.000062, 500000, { symbol: '$', rate: 1 })).toBe('$0.000062');
    expect(formatCost(1.239, 500000, { symbol: '$', rate: 1 })).toBe('$1.23');
    expect(formatCost(0, 500000, { symbol: '$', rate: 1 })).toBe('$0.00');
  });

  it('follows the display currency and its rate', () => {
    expect(formatCost(0.0017, 500000, { symbol: '¥', rate: 7.3 })).toBe('¥0.01');
    expect(formatCost(0.0001, 500000, { symbol: '¥', rate: 7.3 })).toBe('¥0.00073');
  });

  it('shows the quota charged when the site displays quota instead of money', () => {
    expect(formatCost(0.0017, 500000, null)).toBe('850');
    expect(formatCost(0.5, 500000, null)).toBe('250k');
  });

  it('keeps two significant digits below a cent, at most six decimals', () => {
    expect([0.5, 0.01, 0.0099, 0.0017, 0.00012, 0.0000001].map(costDigits)).toEqual([2, 2, 4, 4, 5, 6]);
  });
});
