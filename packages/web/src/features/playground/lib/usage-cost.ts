import { formatQuota, type Currency } from '../../../lib/format';

/** A per-answer cost is often a fraction of a cent: decimals enough for two significant digits (2 to 6, as money elsewhere from 1 cent). */
export function costDigits(amount: number): number {
  if (!(amount > 0) || amount >= 0.01) return 2;
  return Math.min(6, Math.floor(-Math.log10(amount)) + 2);
}

/**
 * An answer's cost (dollars) the way the console shows quota: back to the quota charged (cost ×
 * quota_per_unit), then formatQuota — the display currency at its rate, truncated, or the raw quota when the
 * site shows no currency — with enough decimals that a fraction of a cent is not shown as 0.00.
 */
export function formatCost(cost: number, quotaPerUnit: number, currency: Currency | null): string {
  const perUnit = quotaPerUnit > 0 ? quotaPerUnit : 500000;
  const quota = Math.round(cost * perUnit);
  const digits = currency ? costDigits((quota / perUnit) * currency.rate) : 2;
  return formatQuota(quota, { quotaPerUnit: perUnit, displayInCurrency: currency !== null, rate: currency?.rate, symbol: currency?.symbol, digits });
}
