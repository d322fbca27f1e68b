import type { Redis } from 'ioredis';
import type { ChannelAffinityCacheStats } from '@gw/contracts';
import { ValidationError } from '../../http/errors.js';
import type { OptionsService } from '../../options/options.service.js';
import type { ChannelChoice } from '../../channels/select-channel.js';
import type { RoutableChannel, RoutingTable } from '../../channels/routing-table.js';
import type { RelayBody } from '../providers/provider-adapter.js';
import type { ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import type { RelayDeps } from '../pipeline/relay-deps.js';
import { withRoutingGroup } from '../pipeline/auto-group.js';
import { findAffinity, keyFingerprint, keyHint, type AffinityMatch, type AffinityPrincipal, type AffinityRequest } from './affinity-rules.js';
import { MemoryAffinityStore } from './memory-affinity-store.js';
import { RedisAffinityStore } from './redis-affinity-store.js';

/** One request's affinity: its rule and key, what was remembered, and whether that channel was chosen. */
interface RequestAffinity {
  match: AffinityMatch;
  remembered?: number;
  chose?: number;
}

/**
 * Channel affinity (channel_affinity_setting.*): the first attempt of a request whose rule gives a key
 * goes to the channel that last served that key, if it can still serve the request; a served request
 * remembers its channel. Kept in this process's memory (an LRU with TTLs) and, when the site has Redis,
 * in Redis too so every node shares it: a node reads Redis before routing (`prefetch`) and writes it
 * after serving, without ever failing a request because Redis is away.
 */
export class ChannelAffinity {
  private readonly memory: MemoryAffinityStore;
  private readonly shared: RedisAffinityStore | undefined;
  private readonly onSharedError: (err: unknown) => void;
  /**
   * Per request, keyed by its body object: every copy the relay makes of a request's input (auto groups,
   * cross-group retries) shares it, and the entry goes when the request does.
   */
  private readonly requests = new WeakMap<RelayBody, RequestAffinity>();

  constructor(private readonly options: OptionsService, opts: { redis?: Redis; onSharedError?: (err: unknown) => void } = {}) {
    this.memory = new MemoryAffinityStore(() => options.get('channel_affinity_setting.max_entries'));
    this.shared = opts.redis ? new RedisAffinityStore(opts.redis) : undefined;
    this.onSharedError = opts.onSharedError ?? (() => {});
  }

  /** Keys this process's own store holds (the performance stats). */
  get localEntries(): number {
    return this.memory.size;
  }

  get enabled(): boolean {
    return this.options.get('channel_affinity_setting.enabled');
  }

  /**
   * With Redis: loads the request key's remembered channel into memory before routing (routing itself is
   * synchronous). Undefined — nothing to wait for — without Redis, with affinity off, or with no rule.
   */
  prefetch(deps: Pick<RelayDeps, 'options' | 'routing'>, principal: ApiKeyPrincipal, model: string, request: AffinityRequest): Promise<void> | undefined {
    if (!this.shared || principal.pinnedChannelId !== null || !model || !this.enabled) return undefined;
    const state = this.stateOf(withRoutingGroup(deps, principal, model), model, request);
    if (!state) return undefined;
    const { key } = state.match;
    return this.shared.get(key).then(
      (channelId) => (channelId === null ? this.memory.delete(key) : this.memory.set(key, channelId, this.ttlOf(state.match))),
      this.onSharedError,
    );
  }

  /**
   * The remembered channel as this attempt's choice, when it is enabled, serves (group, model), was not
   * tried and is not cooling; otherwise null (the caller chooses as usual). The caller checks `enabled`.
   */
  preferredChoice(table: RoutingTable, isCooling: (id: number) => boolean, principal: AffinityPrincipal, model: string, request: AffinityRequest, exclude: ReadonlySet<number>): ChannelChoice | null {
    const state = this.stateOf(principal, model, request);
    if (!state) return null;
    const id = (state.remembered = this.memory.get(state.match.key));
    if (id === undefined || exclude.has(id) || isCooling(id)) return null;
    const route = table.candidates(principal.group, model);
    if (!route) return null;
    for (let t = 0; t < route.tiers.length; t++) {
      const channel = route.tiers[t].channels.find((c) => c.id === id);
      if (!channel) continue;
      state.chose = id;
      const { priority } = route.tiers[t];
      const weight = Math.max(0, Math.floor(channel.weight));
      const totalWeight = route.tiers[t].channels.reduce((sum, c) => sum + Math.max(0, Math.floor(c.weight)), 0);
      const rule = state.match.rule;
      return {
        channel,
        model: route.model,
        tier: t + 1,
        tierCount: route.tiers.length,
        priority,
        weight,
        totalWeight,
        cooling: false,
        reason: `channel affinity (rule "${rule.name}"): the channel that served this key before, in priority tier ${t + 1} of ${route.tiers.length} (priority ${priority})`,
        skipRetryOnFailure: rule.skip_retry_on_failure,
      };
    }
    return null;
  }

  /**
   * After a request was served: remembers its channel for the key (unless switch_on_success is off and
   * another channel was remembered) and returns the log's `admin_info.channel_affinity` as JSON, or
   * undefined when affinity neither chose nor recorded the channel.
   */
  recordServed(request: { body: RelayBody }, channel: RoutableChannel): string | undefined {
    const state = this.requests.get(request.body);
    if (!state) return undefined;
    this.requests.delete(request.body);
    const { match } = state;
    const keep = state.remembered !== undefined && state.remembered !== channel.id && !this.options.get('channel_affinity_setting.switch_on_success');
    if (!keep) this.remember(match, channel.id);
    if (keep && state.chose === undefined) return undefined;
    return JSON.stringify({
      rule_name: match.rule.name,
      using_group: match.usingGroup,
      key_source: match.source.type,
      key_hint: keyHint(match.value),
      key_fp: keyFingerprint(match.value),
      channel_id: channel.id,
      hit: state.chose === channel.id,
      recorded: !keep,
    });
  }

  /** Remembered keys: Redis's when the site has it and it answers, else this process's. */
  async stats(): Promise<ChannelAffinityCacheStats> {
    const keys = await this.allKeys();
    const byRuleName: Record<string, number> = {};
    for (const rule of this.options.get('channel_affinity_setting.rules')) {
      if (!rule.include_rule_name) continue;
      const prefix = `${rule.name}:`;
      byRuleName[rule.name] = keys.filter((k) => k.startsWith(prefix)).length;
    }
    return { enabled: this.enabled, total: keys.length, by_rule_name: byRuleName, cache_capacity: this.options.get('channel_affinity_setting.max_entries') };
  }

  /**
   * Forgets every remembered key, or one rule's. Only a rule whose keys carry its name (include_rule_name)
   * can be told apart, so only such a rule can be cleared by name.
   */
  async clear(target: { all: true } | { ruleName: string }): Promise<number> {
    let prefix = '';
    if ('ruleName' in target) {
      const rule = this.options.get('channel_affinity_setting.rules').find((r) => r.name === target.ruleName);
      if (!rule) throw new ValidationError(`there is no channel affinity rule named "${target.ruleName}"`);
      if (!rule.include_rule_name) throw new ValidationError(`the rule "${rule.name}" does not put its name in its keys (include_rule_name), so its keys cannot be cleared apart; clear all instead`);
      prefix = `${rule.name}:`;
    }
    const local = this.memory.deleteByPrefix(prefix);
    if (!this.shared) return local;
    try {
      return await this.shared.deleteByPrefix(prefix);
    } catch (err) {
      this.onSharedError(err);
      return local;
    }
  }

  private async allKeys(): Promise<string[]> {
    if (this.shared) {
      try {
        return await this.shared.keys();
      } catch (err) {
        this.onSharedError(err);
      }
    }
    return this.memory.keys();
  }

  /** The request's rule and key: worked out once (by prefetch or the first attempt) unless the group changed. */
  private stateOf(principal: AffinityPrincipal, model: string, request: AffinityRequest): RequestAffinity | undefined {
    const known = this.requests.get(request.body);
    if (known && known.match.usingGroup === principal.group) return known;
    const match = findAffinity(this.options.get('channel_affinity_setting.rules'), principal, model, request);
    if (!match) {
      this.requests.delete(request.body);
      return undefined;
    }
    const state: RequestAffinity = { match };
    this.requests.set(request.body, state);
    return state;
  }

  private ttlOf(match: AffinityMatch): number {
    return match.rule.ttl_seconds > 0 ? match.rule.ttl_seconds : this.options.get('channel_affinity_setting.default_ttl_seconds');
  }

  private remember(match: AffinityMatch, channelId: number): void {
    const ttl = this.ttlOf(match);
    this.memory.set(match.key, channelId, ttl);
    this.shared?.set(match.key, channelId, ttl).catch(this.onSharedError);
  }
}
