import { describe, expect, it } from 'vitest';
import { monthOf, shiftMonth } from './checkin-month';

describe('check-in months', () => {
  it('names the local month of a date', () => {
    expect(monthOf(new Date(2026, 0, 31, 23, 59))).toBe('2026-01');
    expect(monthOf(new Date(2026, 11, 1))).toBe('2026-12');
  });

  it('steps across year ends both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
  });
});
