import { describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { ChannelAffinityRules } from '@gw/contracts';
import { RoutingTable } from '../../channels/routing-table.js';
import { routable } from '../../channels/channels.test-helpers.js';
import { optionRegistry, type OptionKey } from '../../options/option-registry.js';
import type { OptionsService } from '../../options/options.service.js';
import { chooseChannel } from '../pipeline/choose-channel.js';
import type { RelayDeps } from '../pipeline/relay-deps.js';
import type { ApiKeyPrincipal } from '../pipeline/authenticate-api-key.js';
import { ChannelAffinity } from './channel-affinity.service.js';
import type { AffinityRequest } from './affinity-rules.js';

/** Options as a plain map over the registry defaults. */
function optionsOf(values: Partial<Record<OptionKey, unknown>>): OptionsService {
  return { get: (key: OptionKey) => (key in values ? values[key] : optionRegistry[key].default), onChange: () => () => {} } as unknown as OptionsService;
}

const rules = (extra: Record<string, unknown> = {}) =>
  ChannelAffinityRules.parse([{ name: 'cache', model_regex: ['^gpt-'], key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }], include_rule_name: true, ...extra }]);

const principal = { userId: 1, tokenId: 2, group: 'default', userGroup: 'default', username: 'u', tokenName: 't', pinnedChannelId: null } as unknown as ApiKeyPrincipal;
const request = (cacheKey: string): AffinityRequest => ({ body: { kind: 'json', json: { prompt_cache_key: cacheKey } }, path: '/v1/chat/completions' });

const low = routable({ id: 1, priority: 0, weight: 3 });
const high = routable({ id: 2, priority: 10 });
const otherGroup = routable({ id: 3, group: 'vip' });
const table = RoutingTable.build([low, high, otherGroup]);
const notCooling = () => false;

/** Serves `cacheKey` with `channelId` once, so the key remembers it. */
function remember(affinity: ChannelAffinity, cacheKey: string, channelId: number) {
  const req = request(cacheKey);
  affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', req, new Set());
  affinity.recordServed(req, routable({ id: channelId }));
}

describe('ChannelAffinity', () => {
  it('chooses the remembered channel, even below the top priority tier, and says why', () => {
    const affinity = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.rules': rules({ skip_retry_on_failure: true }) }));
    remember(affinity, 'conv-1', low.id);
    const choice = affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-1'), new Set());
    expect(choice).toMatchObject({ channel: { id: low.id }, tier: 2, tierCount: 2, priority: 0, weight: 3, totalWeight: 3, cooling: false, skipRetryOnFailure: true });
    expect(choice?.reason).toContain('channel affinity (rule "cache")');
    expect(affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-2'), new Set())).toBeNull();
  });

  it('passes over a remembered channel that is cooling, tried, disabled or outside the route', () => {
    const affinity = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.rules': rules() }));
    remember(affinity, 'conv-1', low.id);
    expect(affinity.preferredChoice(table, (id) => id === low.id, principal, 'gpt-4o', request('conv-1'), new Set())).toBeNull();
    expect(affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-1'), new Set([low.id]))).toBeNull();
    expect(affinity.preferredChoice(RoutingTable.build([high, otherGroup]), notCooling, principal, 'gpt-4o', request('conv-1'), new Set())).toBeNull();
    remember(affinity, 'conv-3', otherGroup.id);
    expect(affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-3'), new Set())).toBeNull();
  });

  it('remembers a key for the rule\'s TTL, else the default one', () => {
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const withTtl = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.rules': rules({ ttl_seconds: 10 }) }));
      const byDefault = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.rules': rules(), 'channel_affinity_setting.default_ttl_seconds': 100 }));
      for (const affinity of [withTtl, byDefault]) remember(affinity, 'conv-1', high.id);
      now = 11_000;
      expect(withTtl.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-1'), new Set())).toBeNull();
      expect(byDefault.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-1'), new Set())?.channel.id).toBe(high.id);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('keeps working in memory while Redis is unreachable, reporting the failures', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, keyPrefix: 'gw:' });
    const failures: unknown[] = [];
    const affinity = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.enabled': true, 'channel_affinity_setting.rules': rules() }), { redis: dead, onSharedError: (err) => failures.push(err) });
    const req = request('conv-1');
    await affinity.prefetch({ options: optionsOf({}), routing: { table } as RelayDeps['routing'] }, principal, 'gpt-4o', req);
    affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', req, new Set());
    expect(affinity.recordServed(req, high)).toContain('"recorded":true');
    expect(affinity.preferredChoice(table, notCooling, principal, 'gpt-4o', request('conv-1'), new Set())?.channel.id).toBe(high.id);
    expect((await affinity.stats()).total).toBe(1);
    expect(await affinity.clear({ all: true })).toBe(1);
    await vi.waitFor(() => expect(failures.length).toBeGreaterThanOrEqual(4));
    dead.disconnect();
  });

  it('is not asked at all by chooseChannel while it is off', () => {
    const affinity = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.enabled': false, 'channel_affinity_setting.rules': rules() }));
    const preferred = vi.spyOn(affinity, 'preferredChoice');
    const deps = { options: optionsOf({}), routing: { table }, health: { isCooling: () => false }, channelAffinity: affinity } as unknown as RelayDeps;
    expect(chooseChannel(deps, principal, 'gpt-4o', new Set(), request('conv-1'))?.channel.id).toBe(high.id);
    expect(preferred).not.toHaveBeenCalled();
    expect(affinity.recordServed(request('conv-1'), high)).toBeUndefined();
  });

  it('is asked by chooseChannel on a first attempt only', () => {
    const affinity = new ChannelAffinity(optionsOf({ 'channel_affinity_setting.enabled': true, 'channel_affinity_setting.rules': rules() }));
    remember(affinity, 'conv-1', low.id);
    const deps = { options: optionsOf({}), routing: { table }, health: { isCooling: () => false }, channelAffinity: affinity } as unknown as RelayDeps;
    expect(chooseChannel(deps, principal, 'gpt-4o', new Set(), request('conv-1'))?.channel.id).toBe(low.id);
    expect(chooseChannel(deps, principal, 'gpt-4o', new Set([99]), request('conv-1'))?.channel.id).toBe(high.id);
    expect(chooseChannel(deps, principal, 'gpt-4o', new Set())?.channel.id).toBe(high.id);
  });
});
