import { describe, expect, it } from 'vitest';
import { addDecimals, decimalOf, multiplyDecimals, roundHalfAwayFromZero, truncateDecimal } from './decimal.js';

describe('decimal arithmetic', () => {
  it('reads numbers at their shortest decimal form, exponents included', () => {
    expect(decimalOf(0.075)).toEqual({ units: 75n, scale: 3 });
    expect(decimalOf(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimalOf(1.5e21)).toEqual({ units: 1_500_000_000_000_000_000_000n, scale: 0 });
    expect(decimalOf(-2.5)).toEqual({ units: -25n, scale: 1 });
  });

  it('refuses values that are not finite', () => {
    expect(() => decimalOf(Number.NaN)).toThrow(RangeError);
    expect(() => decimalOf(Infinity)).toThrow(RangeError);
  });

  it('adds and multiplies without binary rounding error', () => {
    expect(roundHalfAwayFromZero(multiplyDecimals(decimalOf(0.145), decimalOf(100)))).toBe(15);
    const sum = addDecimals(decimalOf(0.1), decimalOf(0.2));
    expect(sum).toEqual({ units: 3n, scale: 1 });
  });

  it('rounds halves away from zero in both directions', () => {
    expect(roundHalfAwayFromZero(decimalOf(2.5))).toBe(3);
    expect(roundHalfAwayFromZero(decimalOf(-2.5))).toBe(-3);
    expect(roundHalfAwayFromZero(decimalOf(2.4999))).toBe(2);
    expect(roundHalfAwayFromZero(decimalOf(7))).toBe(7);
  });

  it('truncates towards zero', () => {
    expect(truncateDecimal(decimalOf(37.99))).toBe(37);
    expect(truncateDecimal(decimalOf(-37.99))).toBe(-37);
  });
});
