import { numberMap, stringMap } from '../option-def.js';

/**
 * Model and group pricing (JSON maps). The model maps start empty here; the gateway work ships the
 * default model ratios.
 */
export const pricingOptions = {
  /** Fixed price per call, in US dollars, by model. */
  ModelPrice: numberMap(),
  /** Input price ratio by model (1 = $2 per 1M tokens). */
  ModelRatio: numberMap(),
  /** Output / input price multiplier by model. */
  CompletionRatio: numberMap(),
  /** Cached-input / input price multiplier by model. */
  CacheRatio: numberMap(),
  GroupRatio: numberMap({ default: 1, vip: 1, svip: 1 }),
  /** Groups users may pick for their tokens: group name → description. */
  UserUsableGroups: stringMap({ default: 'default', vip: 'vip' }),
};
