import { usd, vendorPricing } from './price-rows.js';

const HAIKU_3 = ['claude-3-haiku-20240307'];
const HAIKU_35 = ['claude-3-5-haiku-20241022', 'claude-3-5-haiku-latest'];
const HAIKU_45 = ['claude-haiku-4-5', 'claude-haiku-4-5-20251001'];
const SONNETS = [
  'claude-3-sonnet-20240229',
  'claude-3-5-sonnet-20240620',
  'claude-3-5-sonnet-20241022',
  'claude-3-5-sonnet-latest',
  'claude-3-7-sonnet-20250219',
  'claude-3-7-sonnet-latest',
  'claude-sonnet-4-20250514',
  'claude-sonnet-4-0',
  'claude-sonnet-4-5',
  'claude-sonnet-4-5-20250929',
];
const OPUS_3_TO_41 = [
  'claude-3-opus-20240229',
  'claude-3-opus-latest',
  'claude-opus-4-20250514',
  'claude-opus-4-0',
  'claude-opus-4-1',
  'claude-opus-4-1-20250805',
];
const OPUS_45 = ['claude-opus-4-5', 'claude-opus-4-5-20251101'];

const ALL = [...HAIKU_3, ...HAIKU_35, ...HAIKU_45, ...SONNETS, ...OPUS_3_TO_41, ...OPUS_45];

/**
 * Anthropic list prices. Cache reads cost 10% of input, 5-minute cache writes 125%.
 * `-thinking` names are priced through their base name (model-name.ts).
 */
export const anthropicPricing = vendorPricing(
  [
    usd(HAIKU_3, 0.25, 1.25, 0.1),
    usd(HAIKU_35, 1, 5, 0.1),
    usd(HAIKU_45, 1, 5, 0.1),
    usd(SONNETS, 3, 15, 0.1),
    usd(OPUS_3_TO_41, 15, 75, 0.1),
    usd(OPUS_45, 5, 25, 0.1),
  ],
  { createCacheRatio: Object.fromEntries(ALL.map((name) => [name, 1.25])) },
);
