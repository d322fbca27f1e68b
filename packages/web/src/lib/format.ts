/**
 * Quota and number display (spec 1 §1, §9): quota converts to money through quota_per_unit; amounts are
 * truncated (not rounded) to 2 decimals; large counts shorten to k / M / B. Which currency is shown
 * follows the site's display type (new-api's quota_display_type, see `displayCurrency`); the default,
 * AUTO, is the original rule: dollars in English, yuan at the top-up price (`price`) in Chinese.
 */
export interface QuotaDisplayOptions {
  quotaPerUnit: number;
  displayInCurrency: boolean;
  /** Multiplier from USD to the shown currency (see displayCurrency). */
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

/** The status fields that choose how amounts are shown (all optional: a cached status may predate them). */
export interface CurrencySettings {
  quota_display_type?: string;
  display_in_currency?: boolean;
  /** The top-up price (yuan per dollar), used by AUTO in Chinese. */
  price?: number;
  usd_exchange_rate?: number;
  custom_currency_symbol?: string;
  custom_currency_exchange_rate?: number;
}

/** A currency amounts are shown in: its symbol and how many of its units make one US dollar. */
export interface Currency {
  symbol: string;
  rate: number;
}

const positive = (value: number | undefined, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback);

/** AUTO: dollars, or yuan at the top-up price when the console is in Chinese. */
function currencyByLanguage(s: CurrencySettings, language: string): Currency {
  return language === 'zh' ? { symbol: '¥', rate: positive(s.price, 1) } : { symbol: '$', rate: 1 };
}

/**
 * The currency prices (always kept in dollars) are shown in: USD, CNY at the USD exchange rate, the
 * custom symbol and rate, else (AUTO, and TOKENS, which has no money unit) by language.
 */
export function priceCurrency(s: CurrencySettings, language: string): Currency {
  switch (s.quota_display_type) {
    case 'USD':
      return { symbol: '$', rate: 1 };
    case 'CNY':
      return { symbol: '¥', rate: positive(s.usd_exchange_rate, 7.3) };
    case 'CUSTOM':
      return { symbol: s.custom_currency_symbol?.trim() || '¤', rate: positive(s.custom_currency_exchange_rate, 1) };
    default:
      return currencyByLanguage(s, language);
  }
}

/** The currency quota amounts are shown in, or null for raw quota (the TOKENS type, or currency display off). */
export function displayCurrency(s: CurrencySettings, language: string): Currency | null {
  if (s.display_in_currency === false || s.quota_display_type === 'TOKENS') return null;
  return priceCurrency(s, language);
}

/** formatQuota in a currency from displayCurrency (null: the shortened raw quota). */
export function formatQuotaIn(quota: number, quotaPerUnit: number, currency: Currency | null): string {
  return formatQuota(quota, { quotaPerUnit, displayInCurrency: currency !== null, rate: currency?.rate, symbol: currency?.symbol });
}
