import { describe, expect, it } from 'vitest';
import { displayCurrency, formatQuota, formatQuotaIn, priceCurrency, shortenNumber, truncateDecimals, type CurrencySettings } from './format';

const PER_UNIT = 500000;
const show = (quota: number, settings: CurrencySettings, language = 'en') => formatQuotaIn(quota, PER_UNIT, displayCurrency(settings, language));

describe('truncation and shortening (spec 1 §9)', () => {
  it('cuts amounts toward zero at 2 decimals instead of rounding', () => {
    expect(truncateDecimals(1.239)).toBe(1.23);
    expect(truncateDecimals(-1.239)).toBe(-1.23);
    expect(truncateDecimals(0.29)).toBe(0.29);
    expect(formatQuota(999_999, { quotaPerUnit: PER_UNIT, displayInCurrency: true })).toBe('$1.99');
  });

  it('shortens large raw counts with k, M and B', () => {
    expect(shortenNumber(950)).toBe('950');
    expect(shortenNumber(12_345)).toBe('12.3k');
    expect(shortenNumber(4_560_000)).toBe('4.56M');
    expect(shortenNumber(7_000_000_000)).toBe('7B');
  });
});

describe('quota display types', () => {
  it('AUTO (the default, also for a status without the field) keeps dollars in English and yuan at the top-up price in Chinese', () => {
    for (const settings of [{ quota_display_type: 'AUTO', price: 7.3 }, { price: 7.3 }] as CurrencySettings[]) {
      expect(show(1_000_000, settings, 'en')).toBe('$2.00');
      expect(show(1_000_000, settings, 'zh')).toBe('¥14.60');
    }
    // The top-up price, not the display exchange rate, as before display types existed.
    expect(show(500_000, { quota_display_type: 'AUTO', price: 7, usd_exchange_rate: 8 }, 'zh')).toBe('¥7.00');
    expect(show(500_000, { price: 0 }, 'zh')).toBe('¥1.00');
  });

  it('USD shows dollars whatever the language', () => {
    expect(show(1_234_567, { quota_display_type: 'USD', price: 7.3 }, 'zh')).toBe('$2.46');
    expect(show(1_234_567, { quota_display_type: 'USD' }, 'en')).toBe('$2.46');
  });

  it('CNY shows yuan at the USD exchange rate (7.3 when the status lacks it), truncated', () => {
    expect(show(500_000, { quota_display_type: 'CNY', usd_exchange_rate: 7.1, price: 9 }, 'en')).toBe('¥7.10');
    // 0.1 × 7.29 = 0.729 → 0.72, not 0.73.
    expect(show(50_000, { quota_display_type: 'CNY', usd_exchange_rate: 7.29 }, 'en')).toBe('¥0.72');
    expect(show(500_000, { quota_display_type: 'CNY' }, 'en')).toBe('¥7.30');
  });

  it('TOKENS shows the shortened raw quota, and so does any type while display_in_currency is off', () => {
    expect(show(1_234_567, { quota_display_type: 'TOKENS' })).toBe('1.23M');
    expect(show(950, { quota_display_type: 'TOKENS' }, 'zh')).toBe('950');
    expect(show(12_345, { quota_display_type: 'CUSTOM', custom_currency_symbol: '€', display_in_currency: false })).toBe('12.3k');
    expect(displayCurrency({ quota_display_type: 'TOKENS' }, 'en')).toBeNull();
  });

  it('CUSTOM shows the custom symbol at the custom rate, falling back to ¤ and 1', () => {
    expect(show(750_000, { quota_display_type: 'CUSTOM', custom_currency_symbol: '€', custom_currency_exchange_rate: 0.92 })).toBe('€1.38');
    expect(show(500_000, { quota_display_type: 'CUSTOM', custom_currency_symbol: 'pts ', custom_currency_exchange_rate: 100 }, 'zh')).toBe('pts100.00');
    expect(show(500_000, { quota_display_type: 'CUSTOM', custom_currency_symbol: '', custom_currency_exchange_rate: 0 })).toBe('¤1.00');
  });

  it('an unknown type (a newer server) falls back to AUTO', () => {
    expect(show(500_000, { quota_display_type: 'EUR', price: 7.3 }, 'zh')).toBe('¥7.30');
  });
});

describe('price currency', () => {
  it('follows the display type, and for TOKENS (no money unit) the language', () => {
    expect(priceCurrency({ quota_display_type: 'CUSTOM', custom_currency_symbol: '€', custom_currency_exchange_rate: 0.9 }, 'en')).toEqual({ symbol: '€', rate: 0.9 });
    expect(priceCurrency({ quota_display_type: 'CNY', usd_exchange_rate: 7.2 }, 'en')).toEqual({ symbol: '¥', rate: 7.2 });
    expect(priceCurrency({ quota_display_type: 'TOKENS', price: 7.3 }, 'zh')).toEqual({ symbol: '¥', rate: 7.3 });
    expect(priceCurrency({ quota_display_type: 'TOKENS', price: 7.3 }, 'en')).toEqual({ symbol: '$', rate: 1 });
  });
});
