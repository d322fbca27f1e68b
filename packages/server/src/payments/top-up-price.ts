import { decimalOf, multiplyDecimals, roundHalfAwayFromZero } from '../billing/decimal.js';

/** TopupGroupRatio of a group; a missing or zero ratio counts as 1 (new-api). */
export function topUpGroupRatio(ratios: Record<string, number>, group: string): number {
  const r = ratios[group];
  return typeof r === 'number' && r > 0 ? r : 1;
}

/** Money to pay, in cents: amount × Price × group ratio, rounded half away from zero, computed exactly. */
export function topUpPriceCents(amount: number, price: number, groupRatio: number): number {
  return roundHalfAwayFromZero(multiplyDecimals(decimalOf(amount), decimalOf(price), decimalOf(groupRatio), decimalOf(100)));
}

/** Quota one order buys: amount × QuotaPerUnit. */
export function topUpQuota(amount: number, quotaPerUnit: number): number {
  return roundHalfAwayFromZero(multiplyDecimals(decimalOf(amount), decimalOf(quotaPerUnit)));
}

export const centsText = (cents: number): string => (cents / 100).toFixed(2);

/** Cents of a money value as the gateway or the database gives it ("12.3", 12.34); NaN when not a number. */
export function centsOf(money: string | number): number {
  const text = String(money).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  return roundHalfAwayFromZero(multiplyDecimals(decimalOf(Number(text)), decimalOf(100)));
}
