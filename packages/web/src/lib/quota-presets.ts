/**
 * Quota presets of spec 3 §9 (new token quota, wallet amounts): the quota and the dollar amount it
 * stands for at the default 500000 quota per dollar.
 */
export const QUOTA_PRESETS = [
  { quota: 500_000, usd: 1 },
  { quota: 5_000_000, usd: 10 },
  { quota: 25_000_000, usd: 50 },
  { quota: 50_000_000, usd: 100 },
  { quota: 250_000_000, usd: 500 },
  { quota: 500_000_000, usd: 1000 },
] as const;
