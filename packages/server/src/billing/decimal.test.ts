import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  addSmallDecimals,
  decimalOf,
  exactly,
  multiplyDecimals,
  multiplySmallDecimals,
  roundHalfAwayFromZero,
  roundSmallHalfAwayFromZero,
  smallDecimalOf,
  SmallDecimalOverflow,
  truncateDecimal,
  truncateSmallDecimal,
} from './decimal.js';

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

  it('computes on doubles exactly what the BigInt arithmetic computes, for ratios and counts billing sees', () => {
    // A fixed-seed generator: the same cases every run.
    let seed = 42;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const ratio = () => Number((next() * 40).toFixed(Math.floor(next() * 4)));
    const count = () => Math.floor(next() * 10 ** Math.floor(next() * 8));
    let overflows = 0;
    for (let i = 0; i < 5_000; i++) {
      const [c1, c2, r1, r2, r3, r4] = [count(), count(), ratio(), ratio(), ratio(), i % 2 ? -ratio() : ratio()];
      const big = addDecimals(decimalOf(c1), multiplyDecimals(decimalOf(c2), decimalOf(r1)));
      const bigTotal = multiplyDecimals(big, decimalOf(r2), decimalOf(r3), decimalOf(r4));
      let onDoubles: [number, number];
      try {
        const small = addSmallDecimals(smallDecimalOf(c1), multiplySmallDecimals(smallDecimalOf(c2), smallDecimalOf(r1)));
        const smallTotal = multiplySmallDecimals(small, smallDecimalOf(r2), smallDecimalOf(r3), smallDecimalOf(r4));
        onDoubles = [roundSmallHalfAwayFromZero(smallTotal), truncateSmallDecimal(smallTotal)];
      } catch (err) {
        if (!(err instanceof SmallDecimalOverflow)) throw err;
        overflows++;
        continue;
      }
      expect(onDoubles).toEqual([roundHalfAwayFromZero(bigTotal), truncateDecimal(bigTotal)]);
    }
    // Most cases stay on doubles; the rest are the BigInt path's to answer.
    expect(overflows).toBeLessThan(2_500);
  });

  it('rounds and truncates on doubles like the BigInt arithmetic, signs and halves included', () => {
    for (const v of [2.5, -2.5, 2.4999, -0.4, 0.5, -0.5, 7, 0, 37.99, -37.99]) {
      expect(roundSmallHalfAwayFromZero(smallDecimalOf(v))).toBe(roundHalfAwayFromZero(decimalOf(v)));
      expect(truncateSmallDecimal(smallDecimalOf(v))).toBe(truncateDecimal(decimalOf(v)));
    }
    expect(Object.is(roundSmallHalfAwayFromZero(smallDecimalOf(-0.4)), 0)).toBe(true);
  });

  it('leaves the doubles for BigInts once a value passes 2^53', () => {
    expect(() => multiplySmallDecimals(smallDecimalOf(2 ** 40), smallDecimalOf(2 ** 20))).toThrow(SmallDecimalOverflow);
    expect(() => smallDecimalOf(1.5e21)).toThrow(SmallDecimalOverflow);
    // 9007199254740993 × 0.5 needs more than a double's 53 bits; the BigInt path answers exactly.
    const half = exactly((a) => a.round(a.multiply(a.of(2 ** 52), a.of(3), a.of(0.5))));
    expect(half).toBe(Number((2n ** 52n * 3n + 1n) / 2n));
    expect(exactly((a) => a.truncate(a.multiply(a.of(1e15), a.of(0.075))))).toBe(75_000_000_000_000);
  });

  it('refuses values that are not finite on either path', () => {
    expect(() => exactly((a) => a.round(a.of(Number.NaN)))).toThrow(RangeError);
    expect(() => exactly((a) => a.round(a.of(Infinity)))).toThrow(RangeError);
  });
});
