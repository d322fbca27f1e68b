import { computeQuota, resolvePrice } from '../billing/price-calculator.js';
import type { OptionsService } from '../options/options.service.js';
import { priceTablesOf } from '../relay/pipeline/pricing.js';
import { invalidRequest } from '../relay/relay-error.js';

/** What one task costs: a per-call price (ModelPrice, USD) times the group ratio, in quota units. */
export interface TaskPrice {
  /** The pricing name: mj_imagine, mj_upscale, swap_face, suno_music, sora-2 … */
  model: string;
  modelPrice: number;
  groupRatio: number;
  quota: number;
}

const NO_TOKENS = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' as const };

/**
 * The price of one task of `model` in `group` for a user of `userGroup` (GroupGroupRatio). Tasks are billed
 * per call; a name that only has a model ratio costs ratio / 2 USD (new-api's fallback), and a name with
 * neither is refused before any call.
 */
export function taskPriceOf(options: OptionsService, model: string, group: string, userGroup: string): TaskPrice {
  const price = resolvePrice(model, group, priceTablesOf(options), { userGroup });
  if (price.mode === 'unpriced') throw invalidRequest(`${model} has no price set; ask the administrator to set one`, 'model_price_error');
  const fixed = price.mode === 'price' ? price : { mode: 'price' as const, modelPrice: price.modelRatio / 2, groupRatio: price.groupRatio };
  return { model, modelPrice: fixed.modelPrice, groupRatio: fixed.groupRatio, quota: computeQuota(fixed, NO_TOKENS, options.get('QuotaPerUnit')) };
}
