import { DEFAULT_AUDIO_COMPLETION_RATIO, DEFAULT_AUDIO_RATIO, DEFAULT_CACHE_RATIO, DEFAULT_IMAGE_RATIO, DEFAULT_TOOL_CALL_PRICE, DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from '../../billing/default-ratios.js';
import { numberMap, stringMap } from '../option-def.js';

/** Model and group pricing (JSON maps); the model maps default to the prices shipped in billing/defaults. */
export const pricingOptions = {
  /** Fixed price per call, in US dollars, by model. */
  ModelPrice: numberMap({ ...DEFAULT_MODEL_PRICE }),
  /** Input price ratio by model (1 = $2 per 1M tokens). */
  ModelRatio: numberMap({ ...DEFAULT_MODEL_RATIO }),
  /** Output / input price multiplier by model (rules in billing/completion-ratio.ts cover the rest). */
  CompletionRatio: numberMap({ ...DEFAULT_COMPLETION_RATIO }),
  /** Cached-input / input price multiplier by model. */
  CacheRatio: numberMap({ ...DEFAULT_CACHE_RATIO }),
  /** Audio input tokens' price ÷ text input price by model (models missing here bill audio as text). */
  AudioRatio: numberMap({ ...DEFAULT_AUDIO_RATIO }),
  /** Audio output ÷ audio input price by model (default 1 for a model in AudioRatio). */
  AudioCompletionRatio: numberMap({ ...DEFAULT_AUDIO_COMPLETION_RATIO }),
  /** Image input tokens' price ÷ text input price by model (models missing here bill image input as text). */
  ImageRatio: numberMap({ ...DEFAULT_IMAGE_RATIO }),
  /** US dollars per 1000 calls of a server-side tool billed per call (web_search, file_search), on top of tokens. */
  ToolCallPrice: numberMap({ ...DEFAULT_TOOL_CALL_PRICE }),
  GroupRatio: numberMap({ default: 1, vip: 1, svip: 1 }),
  /** Groups users may pick for their tokens: group name → description. */
  UserUsableGroups: stringMap({ default: 'default', vip: 'vip' }),
};
