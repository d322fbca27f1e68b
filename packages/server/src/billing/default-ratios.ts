import { anthropicPricing } from './defaults/anthropic.js';
import { chinesePricing } from './defaults/chinese.js';
import { googlePricing } from './defaults/google.js';
import { openAiPricing } from './defaults/openai.js';
import { othersPricing } from './defaults/others.js';
import type { VendorPricing } from './defaults/price-rows.js';

/**
 * The default pricing tables, shipped as the defaults of the ModelRatio / CompletionRatio / CacheRatio /
 * CreateCacheRatio / ModelPrice / AudioRatio / AudioCompletionRatio / ImageRatio options. Once an option is saved its
 * value is the whole table: defaults are not merged under it.
 *
 * Units: model ratio 1 = $2 per 1M input tokens; QuotaPerUnit (500000) quota = $1; ModelPrice is USD
 * per call. The per-vendor lists live in ./defaults/.
 */
const VENDORS: readonly VendorPricing[] = [openAiPricing, anthropicPricing, googlePricing, chinesePricing, othersPricing];

/** Model ratio assumed for a model with no price, when self-use mode or the user's setting allows it. */
export const UNSET_MODEL_RATIO = 37.5;
/** Cache-read ratio of a model missing from CacheRatio: cached tokens cost like normal input. */
export const CACHE_RATIO_FALLBACK = 1;
/** Cache-write ratio of a model missing from CreateCacheRatio. */
export const CREATE_CACHE_RATIO_FALLBACK = 1.25;
/** A one-hour cache write costs this many times a 5-minute one (Anthropic: 2× against 1.25× the input price). */
export { ONE_HOUR_CACHE_WRITE_MULTIPLIER } from '@gw/contracts';
/** Audio output ÷ audio input price of a model in AudioRatio but missing from AudioCompletionRatio. */
export const AUDIO_COMPLETION_RATIO_FALLBACK = 1;

function mergeTables(pick: (v: VendorPricing) => Record<string, number>): Readonly<Record<string, number>> {
  const merged: Record<string, number> = {};
  for (const vendor of VENDORS) {
    for (const [name, value] of Object.entries(pick(vendor))) {
      if (Object.hasOwn(merged, name)) throw new Error(`default pricing lists ${name} in two vendor files`);
      merged[name] = value;
    }
  }
  return Object.freeze(merged);
}

export const DEFAULT_MODEL_RATIO = mergeTables((v) => v.modelRatio);
export const DEFAULT_MODEL_PRICE = mergeTables((v) => v.modelPrice);
/** The explicit CompletionRatio entries; everything else follows completion-ratio.ts rules. */
export const DEFAULT_COMPLETION_RATIO = mergeTables((v) => v.completionRatio);
export const DEFAULT_CACHE_RATIO = mergeTables((v) => v.cacheRatio);
export const DEFAULT_CREATE_CACHE_RATIO = mergeTables((v) => v.createCacheRatio);
/** Audio input ÷ text input price, for models that price audio apart. */
export const DEFAULT_AUDIO_RATIO = mergeTables((v) => v.audioRatio);
/** Audio output ÷ audio input price. */
export const DEFAULT_AUDIO_COMPLETION_RATIO = mergeTables((v) => v.audioCompletionRatio);
/**
 * USD per 1000 calls of the server-side tools upstreams charge per call: Anthropic's and OpenAI's web
 * search ($10), OpenAI's file search ($2.50), Gemini's grounding with Google Search ($35 per 1000
 * grounded prompts).
 */
export const DEFAULT_TOOL_CALL_PRICE: Readonly<Record<string, number>> = Object.freeze({ web_search: 10, file_search: 2.5, google_search: 35 });
/** Image input ÷ text input price, for models that price image input apart. */
export const DEFAULT_IMAGE_RATIO = mergeTables((v) => v.imageRatio);
/** Output ÷ input as each vendor publishes it (for tests and the pricing page's sanity checks). */
export const PUBLISHED_COMPLETION_RATIO = mergeTables((v) => v.publishedCompletionRatio);

/** Fresh, mutable copies of the defaults (an option's default value must not be shared and frozen). */
export function defaultPricingOptions(): {
  ModelRatio: Record<string, number>;
  ModelPrice: Record<string, number>;
  CompletionRatio: Record<string, number>;
  CacheRatio: Record<string, number>;
  CreateCacheRatio: Record<string, number>;
  AudioRatio: Record<string, number>;
  AudioCompletionRatio: Record<string, number>;
  ImageRatio: Record<string, number>;
  ToolCallPrice: Record<string, number>;
} {
  return {
    ModelRatio: { ...DEFAULT_MODEL_RATIO },
    ModelPrice: { ...DEFAULT_MODEL_PRICE },
    CompletionRatio: { ...DEFAULT_COMPLETION_RATIO },
    CacheRatio: { ...DEFAULT_CACHE_RATIO },
    CreateCacheRatio: { ...DEFAULT_CREATE_CACHE_RATIO },
    AudioRatio: { ...DEFAULT_AUDIO_RATIO },
    AudioCompletionRatio: { ...DEFAULT_AUDIO_COMPLETION_RATIO },
    ImageRatio: { ...DEFAULT_IMAGE_RATIO },
    ToolCallPrice: { ...DEFAULT_TOOL_CALL_PRICE },
  };
}
