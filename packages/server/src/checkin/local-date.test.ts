import { describe, expect, it } from 'vitest';
import { localDate, randomQuota } from './local-date.js';

describe('check-in dates and rewards', () => {
  it("formats the server's local date as YYYY-MM-DD", () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localDate(new Date(2026, 11, 31, 0, 0))).toBe('2026-12-31');
  });

  it('draws every integer of [min, max], the bounds included', () => {
    expect(randomQuota(1000, 1002, () => 0)).toBe(1000);
    expect(randomQuota(1000, 1002, () => 0.5)).toBe(1001);
    expect(randomQuota(1000, 1002, () => 0.999999)).toBe(1002);
  });

  it('gives min when max is not above it', () => {
    expect(randomQuota(500, 500)).toBe(500);
    expect(randomQuota(500, 100)).toBe(500);
  });
});
