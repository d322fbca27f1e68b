import { DEFAULT_AUDIO_COMPLETION_RATIO, DEFAULT_AUDIO_RATIO, DEFAULT_CACHE_RATIO, DEFAULT_CREATE_CACHE_RATIO, DEFAULT_IMAGE_RATIO, DEFAULT_TOOL_CALL_PRICE, DEFAULT_COMPLETION_RATIO, DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from '../../billing/default-ratios.js';
import { z } from 'zod';
import { DEFAULT_LONG_CONTEXT_PRICE, type LongContextPrice } from '../../billing/defaults/long-context.js';
import { bool, json, numberMap, objectError, stringMap } from '../option-def.js';

const longContextPrice = z.object(
  {
    threshold: z.number({ error: 'threshold must be a number of prompt tokens' }).int('threshold must be a whole number').positive('threshold must be positive'),
    input: z.number({ error: 'input must be a number' }).min(0, 'input must not be negative'),
    output: z.number({ error: 'output must be a number' }).min(0, 'output must not be negative'),
  },
  { error: 'each model needs {"threshold", "input", "output"}' },
);

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
  /** Price of a prompt-cache write (Claude's 5-minute writes) per input token's; a missing model pays 1.25. */
  CreateCacheRatio: numberMap({ ...DEFAULT_CREATE_CACHE_RATIO }),
  /** Audio input tokens' price ÷ text input price by model (models missing here bill audio as text). */
  AudioRatio: numberMap({ ...DEFAULT_AUDIO_RATIO }),
  /** Audio output ÷ audio input price by model (default 1 for a model in AudioRatio). */
  AudioCompletionRatio: numberMap({ ...DEFAULT_AUDIO_COMPLETION_RATIO }),
  /** Image input tokens' price ÷ text input price by model (models missing here bill image input as text). */
  ImageRatio: numberMap({ ...DEFAULT_IMAGE_RATIO }),
  /** US dollars per 1000 calls of a server-side tool billed per call (web_search, file_search), on top of tokens. */
  ToolCallPrice: numberMap({ ...DEFAULT_TOOL_CALL_PRICE }),
  /** Publishes the model price maps at GET /api/ratio_config, for other gateways to sync from (new-api's). */
  ExposeRatioEnabled: bool(false),
  /** Model → {threshold, input, output}: past `threshold` prompt tokens, input and output prices × those multipliers. */
  LongContextPrice: json<Record<string, LongContextPrice>>({ ...DEFAULT_LONG_CONTEXT_PRICE }, z.record(z.string(), longContextPrice, objectError)),
  GroupRatio: numberMap({ default: 1, vip: 1, svip: 1 }),
  /** User group → using group → ratio: what users of one group pay in another, instead of GroupRatio (new-api's). */
  GroupGroupRatio: json<Record<string, Record<string, number>>>(
    {},
    z.record(z.string(), z.record(z.string(), z.number({ error: 'must be a number' }).min(0, 'must not be negative'), { error: 'each user group needs an object of group ratios' }), objectError),
  ),
  /** Groups users may pick for their tokens: group name → description (`auto` offers the auto group). */
  UserUsableGroups: stringMap({ default: 'default', vip: 'vip' }),
  /** User group → extra rules on the groups its users are offered: `"+:g"` (or `"g"`) adds g with a description, `"-:g"` removes g. */
  'group_ratio_setting.group_special_usable_group': json<Record<string, Record<string, string>>>(
    {},
    z.record(z.string(), z.record(z.string(), z.string({ error: 'each rule needs a description (a string)' }), { error: 'each user group needs an object of rules' }), objectError),
  ),
  /** The initial key of a new user (GENERATE_DEFAULT_TOKEN) is in the `auto` group, when auto is offered. */
  DefaultUseAutoGroup: bool(false),
  /** The groups an `auto` token routes through, in order: the first with a channel for the model serves and bills it. */
  AutoGroups: json<string[]>(['default'], z.array(z.string({ error: 'each group must be a string' }).min(1, 'a group name must not be empty').max(64, 'a group name is too long'), { error: 'must be a JSON array of group names' })),
};
