/**
 * Quota and number display (spec 1 §1, §9): quota converts to money through quota_per_unit; amounts are
 * truncated (not rounded) to 2 decimals; Chinese shows the amount in CNY through the exchange rate (price);
 * large counts shorten to k / M / B.
 */
export interface QuotaDisplayOptions {
  quotaPerUnit: number;
  displayInCurrency: boolean;
  /** Multiplier from USD to the shown currency (the status `price` for Chinese, else 1). */
  rate?: number;
  symbol?: string;
  digits?: number;
}

/** Cuts toward zero at `digits` decimals: 1.239 → 1.23, -1.239 → -1.23. */
export function truncateDecimals(value: number, digits = 2): number {
  const factor = 10 ** digits;
  // The epsilon keeps 0.29 * 100 = 28.999999… from losing a cent.
  return Math.trunc(value * factor + Math.sign(value) * 1e-9) / factor;
}

/** 950 → "950", 12_345 → "12.3k", 4_560_000 → "4.56M", 7_000_000_000 → "7B". */
export function shortenNumber(value: number): string {
  const abs = Math.abs(value);
  const units: [number, string][] = [[1e9, 'B'], [1e6, 'M'], [1e3, 'k']];
  for (const [size, suffix] of units) {
    if (abs >= size) {
      const scaled = value / size;
      const digits = Math.abs(scaled) >= 100 ? 0 : Math.abs(scaled) >= 10 ? 1 : 2;
      return `${Number(truncateDecimals(scaled, digits).toFixed(digits))}${suffix}`;
    }
  }
  return String(value);
}

/** Quota as money ("$1.23") when the site displays currency, else the shortened raw quota. */
export function formatQuota(quota: number, opts: QuotaDisplayOptions): string {
  if (!opts.displayInCurrency) return shortenNumber(quota);
  const perUnit = opts.quotaPerUnit > 0 ? opts.quotaPerUnit : 500000;
  const amount = truncateDecimals((quota / perUnit) * (opts.rate ?? 1), opts.digits ?? 2);
  return `${opts.symbol ?? '$'}${amount.toFixed(opts.digits ?? 2)}`;
}

/** Unix seconds → local date and time, "" for 0 or missing. */
export function formatUnixTime(seconds: number | null | undefined, locale?: string): string {
  if (!seconds) return '';
  return new Date(seconds * 1000).toLocaleString(locale);
}
