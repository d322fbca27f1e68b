import { describe, expect, it } from 'vitest';
import { amountProblem } from './gateway-form';

describe('wallet amount rules', () => {
  it('refuses an amount below the minimum, counting an amount under 1 as 1', () => {
    expect(amountProblem(10, 1)).toBeNull();
    expect(amountProblem(4, 5)).toBe('belowMinimum');
    expect(amountProblem(0, 1)).toBeNull();
    expect(amountProblem(0, 2)).toBe('belowMinimum');
    expect(amountProblem(5, 5)).toBeNull();
  });
});
