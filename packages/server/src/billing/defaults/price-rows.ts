import { completionRule } from '../completion-ratio.js';

/**
 * Vendor price lists are written as they are published — price per 1M input / output tokens — and
 * turned into gateway ratios here: model ratio = USD per 1M input ÷ 2 (ratio 1 = $2 per 1M tokens),
 * completion ratio = output ÷ input. Prices in yuan are converted at the default USD exchange rate
 * (option USDExchangeRate, 7.3).
 */
export const CNY_PER_USD = 7.3;

export interface TokenPriceRow {
  names: readonly string[];
  /** Price per 1M input tokens, in the row's currency. */
  input: number;
  /** Price per 1M output tokens; omitted when the model has no output (embeddings, moderation). */
  output?: number;
  /** Cached-read price as a share of the input price (0.1 = 90% off). */
  cacheRatio?: number;
  /** US dollars per unit of the row's currency. */
  usdPerUnit: number;
  /** Price per 1M audio input / output tokens, for models that price audio apart from text. */
  audio?: { input: number; output?: number };
  /** Price per 1M image input tokens, for models that price image input apart from text. */
  imageInput?: number;
}

const list = (names: string | readonly string[]) => (typeof names === 'string' ? [names] : names);
const significant = (value: number) => Number(value.toPrecision(6));

/** A row priced in US dollars per 1M tokens. */
export function usd(names: string | readonly string[], input: number, output?: number, cacheRatio?: number): TokenPriceRow {
  return { names: list(names), input, output, cacheRatio, usdPerUnit: 1 };
}

/** A row priced in yuan per 1M tokens. */
export function cny(names: string | readonly string[], input: number, output?: number, cacheRatio?: number): TokenPriceRow {
  return { names: list(names), input, output, cacheRatio, usdPerUnit: 1 / CNY_PER_USD };
}

/** The row with audio tokens priced apart from text (per 1M tokens, in the row's currency). */
export function withAudio(row: TokenPriceRow, input: number, output?: number): TokenPriceRow {
  return { ...row, audio: { input, output } };
}

/** The row with image input tokens priced apart from text (per 1M tokens, in the row's currency). */
export function withImageInput(row: TokenPriceRow, input: number): TokenPriceRow {
  return { ...row, imageInput: input };
}

/** Everything one vendor file contributes to the default option tables. */
export interface VendorPricing {
  modelRatio: Record<string, number>;
  /** Explicit completion ratios: only where the published price differs from the built-in rule. */
  completionRatio: Record<string, number>;
  cacheRatio: Record<string, number>;
  createCacheRatio: Record<string, number>;
  /** USD per call, for models billed per request rather than per token. */
  modelPrice: Record<string, number>;
  /** Audio input price ÷ text input price. */
  audioRatio: Record<string, number>;
  /** Audio output price ÷ audio input price. */
  audioCompletionRatio: Record<string, number>;
  /** Image input price ÷ text input price. */
  imageRatio: Record<string, number>;
  /** Output ÷ input as published, for every row that has an output price (tests check the result). */
  publishedCompletionRatio: Record<string, number>;
}

const sameRatio = (a: number, b: number) => Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(a), Math.abs(b));

export function vendorPricing(
  rows: readonly TokenPriceRow[],
  extra: { modelPrice?: Record<string, number>; createCacheRatio?: Record<string, number> } = {},
): VendorPricing {
  const out: VendorPricing = {
    modelRatio: {},
    completionRatio: {},
    cacheRatio: {},
    createCacheRatio: { ...extra.createCacheRatio },
    modelPrice: { ...extra.modelPrice },
    audioRatio: {},
    audioCompletionRatio: {},
    imageRatio: {},
    publishedCompletionRatio: {},
  };
  for (const row of rows) {
    for (const name of row.names) {
      if (Object.hasOwn(out.modelRatio, name)) throw new Error(`default price listed twice: ${name}`);
      out.modelRatio[name] = significant((row.input * row.usdPerUnit) / 2);
      if (row.cacheRatio !== undefined) out.cacheRatio[name] = row.cacheRatio;
      if (row.imageInput !== undefined && row.input > 0) out.imageRatio[name] = significant(row.imageInput / row.input);
      if (row.audio && row.input > 0) {
        out.audioRatio[name] = significant(row.audio.input / row.input);
        if (row.audio.output !== undefined && row.audio.input > 0) out.audioCompletionRatio[name] = significant(row.audio.output / row.audio.input);
      }
      if (row.output === undefined || row.input === 0) continue;
      const published = significant(row.output / row.input);
      out.publishedCompletionRatio[name] = published;
      if (!sameRatio(completionRule(name).ratio, published)) out.completionRatio[name] = published;
    }
  }
  return out;
}
