import type { CachedTokenRateMode, ChannelAffinityUsageCacheQuery, ChannelAffinityUsageCacheStats } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { nowSeconds } from '../platform/clock.js';
import { affinityUsageRepository, type AffinityUsageRow } from './affinity-usage.repository.js';

/** The most logs one answer reads; a busier key is counted over its newest this-many requests. */
const MAX_ROWS = 10_000;

/** What the relay writes under admin_info.channel_affinity (ChannelAffinity.recordServed). */
interface AffinityRecord {
  rule_name?: unknown;
  using_group?: unknown;
  key_fp?: unknown;
  hit?: unknown;
}

interface ParsedOther {
  cache_tokens?: unknown;
  usage_semantic?: unknown;
  admin_info?: { channel_affinity?: AffinityRecord };
}

/**
 * GET /api/log/channel_affinity_usage_cache. new-api keeps in-process counters per (rule, group, key
 * fingerprint) for the rule's TTL, fed as requests complete. This server keeps no such counters: every
 * request that channel affinity routed or recorded already carries the same facts in its consume log
 * (admin_info.channel_affinity: rule_name, using_group, key_fp, hit), so the answer is counted from the
 * logs of the last window — the rule's ttl_seconds, else channel_affinity_setting.default_ttl_seconds.
 * That makes it the whole site's figure (every node, every worker), where new-api's is one process's.
 */
export class ChannelAffinityUsage {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly now: () => number = nowSeconds,
  ) {}

  async stats(query: ChannelAffinityUsageCacheQuery): Promise<ChannelAffinityUsageCacheStats> {
    const keyFp = query.key_fp.toLowerCase();
    const rule = this.options.get('channel_affinity_setting.rules').find((r) => r.name === query.rule_name);
    const window = rule && rule.ttl_seconds > 0 ? rule.ttl_seconds : this.options.get('channel_affinity_setting.default_ttl_seconds');
    const rows = await affinityUsageRepository.listByFingerprint(this.db, keyFp, this.now() - window, MAX_ROWS + 1);
    const truncated = rows.length > MAX_ROWS;
    return {
      rule_name: query.rule_name,
      using_group: query.using_group,
      key_fp: keyFp,
      window_seconds: window,
      ...countUsage(truncated ? rows.slice(0, MAX_ROWS) : rows, query.rule_name, query.using_group, keyFp),
      truncated,
    };
  }
}

type UsageCounts = Omit<ChannelAffinityUsageCacheStats, 'rule_name' | 'using_group' | 'key_fp' | 'window_seconds' | 'truncated'>;

/** Sums the logs whose affinity record names exactly this rule, group and fingerprint. */
export function countUsage(rows: readonly AffinityUsageRow[], ruleName: string, usingGroup: string, keyFp: string): UsageCounts {
  const counts: UsageCounts = {
    cached_token_rate_mode: '',
    hit: 0,
    total: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    total_tokens: 0,
    cached_tokens: 0,
    prompt_cache_hit_tokens: 0,
    last_seen_at: 0,
    affinity_hits: 0,
  };
  const modes = new Set<CachedTokenRateMode>();
  for (const row of rows) {
    const other = parseOther(row.other);
    const record = other?.admin_info?.channel_affinity;
    if (!other || !record || record.rule_name !== ruleName || (record.using_group ?? '') !== usingGroup || record.key_fp !== keyFp) continue;
    const cached = typeof other.cache_tokens === 'number' && other.cache_tokens > 0 ? other.cache_tokens : 0;
    counts.total++;
    if (cached > 0) counts.hit++;
    if (record.hit === true) counts.affinity_hits++;
    counts.prompt_tokens += row.prompt_tokens;
    counts.completion_tokens += row.completion_tokens;
    counts.cached_tokens += cached;
    counts.last_seen_at = Math.max(counts.last_seen_at, row.created_at);
    if (other.usage_semantic === 'openai') modes.add('cached_over_prompt');
    else if (other.usage_semantic === 'anthropic') modes.add('cached_over_prompt_plus_cached');
  }
  counts.total_tokens = counts.prompt_tokens + counts.completion_tokens;
  counts.cached_token_rate_mode = modes.size > 1 ? 'mixed' : (modes.values().next().value ?? '');
  return counts;
}

function parseOther(text: string | null): (ParsedOther & object) | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ParsedOther) : undefined;
  } catch {
    return undefined;
  }
}
