import { z } from 'zod';
import { isHttpUrl } from './console-content.js';

/**
 * Upstream ratio sync and ratio exposure (new-api's GET /api/ratio_config, GET /api/ratio_sync/channels and
 * POST /api/ratio_sync/fetch), in new-api's field names.
 */

/** The per-model price fields that are exposed and compared, in new-api's names. */
export const RATIO_SYNC_FIELDS = [
  'model_ratio',
  'completion_ratio',
  'cache_ratio',
  'create_cache_ratio',
  'image_ratio',
  'audio_ratio',
  'audio_completion_ratio',
  'model_price',
] as const;
export type RatioSyncField = (typeof RATIO_SYNC_FIELDS)[number];

/** The option each field is stored in. */
export const RATIO_SYNC_OPTION_KEYS = {
  model_ratio: 'ModelRatio',
  completion_ratio: 'CompletionRatio',
  cache_ratio: 'CacheRatio',
  create_cache_ratio: 'CreateCacheRatio',
  image_ratio: 'ImageRatio',
  audio_ratio: 'AudioRatio',
  audio_completion_ratio: 'AudioCompletionRatio',
  model_price: 'ModelPrice',
} as const satisfies Record<RatioSyncField, string>;

/** GET /api/ratio_config `data`: field → model → value (ratios, or USD per call for model_price). */
export type RatioConfig = Record<RatioSyncField, Record<string, number>>;

export const RATIO_SYNC_MAX_UPSTREAMS = 20;
export const RATIO_SYNC_DEFAULT_TIMEOUT_SECONDS = 10;
export const RATIO_SYNC_MAX_TIMEOUT_SECONDS = 60;
/** What the console proposes for a channel (another gateway exposing its ratios). */
export const RATIO_SYNC_CONSOLE_ENDPOINT = '/api/ratio_config';
/** What the server uses when an upstream names no endpoint: every new-api answers its public price list. */
export const RATIO_SYNC_DEFAULT_ENDPOINT = '/api/pricing';
/** An endpoint naming OpenRouter's public model list (`{base}/v1/models`, prices in USD per token) instead of a path. */
export const RATIO_SYNC_OPENROUTER_ENDPOINT = 'openrouter';

/** Sources offered next to the channels, with new-api's ids (a static ratio_config file, and models.dev's price list). */
export const RATIO_SYNC_PRESETS = [
  { id: -100, name: 'Official ratio preset', base_url: 'https://basellm.github.io', endpoint: '/llm-metadata/api/newapi/ratio_config-v1-base.json' },
  { id: -101, name: 'models.dev price preset', base_url: 'https://models.dev', endpoint: 'https://models.dev/api.json' },
] as const;

/** One entry of GET /api/ratio_sync/channels: a channel with its own base URL, or a preset (negative id, type 0). Never a key. */
export interface SyncableChannel {
  id: number;
  name: string;
  base_url: string;
  status: number;
  type: number;
}

export const RatioSyncUpstream = z.object({
  /** A channel's id (names it `name(id)` in the answer); presets and custom upstreams leave it out. */
  id: z.number({ error: 'must be a number' }).int('must be a whole number').nullish(),
  name: z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  base_url: z.string({ error: 'is required' }).trim().max(2048, 'is too long').refine(isHttpUrl, 'must be an http:// or https:// address'),
  /** A path on base_url (default /api/pricing) or a whole http(s) address. */
  endpoint: z
    .string({ error: 'must be a string' })
    .trim()
    .max(2048, 'is too long')
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => !/^https?:/i.test(v) || isHttpUrl(v), 'must be a path such as /api/ratio_config or an http:// or https:// address'),
});
export type RatioSyncUpstream = z.output<typeof RatioSyncUpstream>;

/** POST /api/ratio_sync/fetch: custom upstreams, or (when none) channels by id; `timeout` in seconds per upstream. */
export const RatioSyncFetchBody = z
  .object({
    upstreams: z
      .array(RatioSyncUpstream, { error: 'must be a list of {name, base_url, endpoint}' })
      .max(RATIO_SYNC_MAX_UPSTREAMS, `at most ${RATIO_SYNC_MAX_UPSTREAMS} upstreams can be fetched at once`)
      .nullish(),
    channel_ids: z
      .array(z.number({ error: 'must be channel ids' }).int('must be channel ids'), { error: 'must be a list of channel ids' })
      .max(RATIO_SYNC_MAX_UPSTREAMS, `at most ${RATIO_SYNC_MAX_UPSTREAMS} channels can be fetched at once`)
      .nullish(),
    timeout: z
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, `must be between 1 and ${RATIO_SYNC_MAX_TIMEOUT_SECONDS} seconds`)
      .max(RATIO_SYNC_MAX_TIMEOUT_SECONDS, `must be between 1 and ${RATIO_SYNC_MAX_TIMEOUT_SECONDS} seconds`)
      .nullish(),
  })
  .refine((b) => (b.upstreams?.length ?? 0) > 0 || (b.channel_ids?.length ?? 0) > 0, 'choose at least one upstream or channel to fetch from');
export type RatioSyncFetchBody = z.output<typeof RatioSyncFetchBody>;

/** An upstream's value in a difference: its number, "same" as the local value, or null when it has none. */
export type RatioSyncUpstreamValue = number | 'same' | null;

export interface RatioDifference {
  /** The local value, or null when the model has none. */
  current: number | null;
  upstreams: Record<string, RatioSyncUpstreamValue>;
  /** False where an upstream's value looks like a default rather than a real price (ratio 37.5 with completion 1). */
  confidence: Record<string, boolean>;
}

/** model → field → difference; fields and models where every upstream agrees are left out. */
export type RatioDifferences = Record<string, Partial<Record<RatioSyncField, RatioDifference>>>;

export interface RatioSyncTestResult {
  name: string;
  status: 'success' | 'error';
  error?: string;
}

/** POST /api/ratio_sync/fetch `data`. */
export interface RatioSyncResult {
  differences: RatioDifferences;
  test_results: RatioSyncTestResult[];
}
