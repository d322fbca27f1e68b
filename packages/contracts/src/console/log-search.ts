import { z } from 'zod';

const MAX_KEYWORD = 100;

/**
 * GET /api/log/search (admin) and /api/log/self/search (user): new-api's older keyword search. A keyword
 * that is a whole number matches the log type; any keyword matches the start of the content (LIKE
 * wildcards in it are literal). Empty matches every log. Paging comes from PageQuery.
 */
export const LogSearchQuery = z.object({
  keyword: z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v)),
    z.string().trim().max(MAX_KEYWORD, `keyword must be at most ${MAX_KEYWORD} characters`),
  ),
});
export type LogSearchQuery = z.output<typeof LogSearchQuery>;

const required = (name: string, max: number) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v)),
    z.string().trim().min(1, `missing param: ${name}`).max(max, `${name} must be at most ${max} characters`),
  );

/**
 * GET /api/log/channel_affinity_usage_cache (admin): the usage of one affinity key — a rule, the group it
 * was used in, and the key's fingerprint (`key_fp`, as logs show it under admin_info.channel_affinity).
 */
export const ChannelAffinityUsageCacheQuery = z.object({
  rule_name: required('rule_name', 100),
  using_group: z.preprocess(
    (v) => (v === undefined || v === null ? '' : String(v)),
    z.string().trim().max(64, 'using_group must be at most 64 characters'),
  ),
  key_fp: required('key_fp', 64).pipe(z.string().regex(/^[0-9a-f]+$/i, 'key_fp must be hexadecimal (the fingerprint logs show)')),
});
export type ChannelAffinityUsageCacheQuery = z.output<typeof ChannelAffinityUsageCacheQuery>;

/** How a cache-hit rate is read: OpenAI counts cached tokens inside the prompt, Anthropic beside it. */
export type CachedTokenRateMode = '' | 'cached_over_prompt' | 'cached_over_prompt_plus_cached' | 'mixed';

/**
 * new-api's usage counters of an affinity key over its window (the rule's TTL). `hit` counts requests
 * whose upstream reported cached prompt tokens; `affinity_hits` (this server's addition) counts those the
 * affinity itself routed to the remembered channel.
 */
export interface ChannelAffinityUsageCacheStats {
  rule_name: string;
  using_group: string;
  key_fp: string;
  cached_token_rate_mode: CachedTokenRateMode;
  hit: number;
  total: number;
  window_seconds: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cached_tokens: number;
  /** DeepSeek's separate count in new-api; here it is part of cached_tokens, so always 0. */
  prompt_cache_hit_tokens: number;
  /** Unix seconds of the newest request counted; 0 when none. */
  last_seen_at: number;
  affinity_hits: number;
  /** True when more requests matched than were read (the newest ones were counted). */
  truncated: boolean;
}
