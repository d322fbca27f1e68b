import { describe, expect, it } from 'vitest';
import { RoutingTable } from './routing-table.js';
import { LATENCY_BUFFER, LATENCY_EXPLORATION, effectiveWeight, listModelsForGroups, selectChannel } from './select-channel.js';
import { ChannelLoad } from './channel-load.js';
import { routable, seededRandom } from './channels.test-helpers.js';

const query = { group: 'default', model: 'gpt-4o' };

function draw(table: RoutingTable, times: number, seed: number, extra: Partial<Parameters<typeof selectChannel>[1]> = {}) {
  const random = seededRandom(seed);
  const counts = new Map<number, number>();
  for (let i = 0; i < times; i++) {
    const choice = selectChannel(table, { ...query, ...extra }, random);
    if (choice) counts.set(choice.channel.id, (counts.get(choice.channel.id) ?? 0) + 1);
  }
  return counts;
}

describe('selectChannel', () => {
  const twoTiers = () =>
    RoutingTable.build([
      routable({ id: 1, priority: 10, weight: 3 }),
      routable({ id: 2, priority: 10, weight: 1 }),
      routable({ id: 3, priority: 0, weight: 5 }),
    ]);

  it('chooses from the highest priority tier and says so', () => {
    const counts = draw(twoTiers(), 500, 1);
    expect(counts.get(3)).toBeUndefined();
    const choice = selectChannel(twoTiers(), query, () => 0);
    expect(choice).toMatchObject({ channel: { id: 1 }, tier: 1, tierCount: 2, priority: 10, weight: 3, totalWeight: 4, cooling: false, model: 'gpt-4o' });
    expect(choice!.reason).toBe('priority tier 1 of 2 (priority 10), weight 3 of 4 total among 2 channels');
  });

  it('falls to the next lower tier when every higher channel was already tried', () => {
    const choice = selectChannel(twoTiers(), { ...query, exclude: new Set([1, 2]) });
    expect(choice).toMatchObject({ channel: { id: 3 }, tier: 2, tierCount: 2, weight: 5, totalWeight: 5 });
    expect(choice!.reason).toBe('fallback: all channels in higher tiers tried or cooling; priority tier 2 of 2 (priority 0), weight 5 of 5 total among 1 channel');
  });

  it('never returns a channel already tried in this request', () => {
    const table = twoTiers();
    const counts = draw(table, 2000, 7, { exclude: new Set([1]) });
    expect(counts.has(1)).toBe(false);
    expect(counts.get(2)).toBe(2000);
  });

  it('returns null when every channel was tried, and for unknown models or groups', () => {
    expect(selectChannel(twoTiers(), { ...query, exclude: new Set([1, 2, 3]) })).toBeNull();
    expect(selectChannel(twoTiers(), { ...query, model: 'nope' })).toBeNull();
    expect(selectChannel(twoTiers(), { ...query, group: 'vip' })).toBeNull();
  });

  it('skips cooling channels while others are usable, even in a lower tier', () => {
    const table = twoTiers();
    const sameTier = draw(table, 1000, 3, { isCooling: (id) => id === 1 });
    expect([...sameTier.keys()]).toEqual([2]);
    const lowerTier = selectChannel(table, { ...query, isCooling: (id) => id !== 3 });
    expect(lowerTier).toMatchObject({ channel: { id: 3 }, tier: 2, cooling: false });
    expect(lowerTier!.reason).toMatch(/^fallback: all channels in higher tiers tried or cooling/);
  });

  it('uses a cooling channel from the highest tier when every remaining channel is cooling', () => {
    const table = twoTiers();
    const counts = draw(table, 1000, 5, { isCooling: () => true });
    expect([...counts.keys()].sort()).toEqual([1, 2]);
    const choice = selectChannel(table, { ...query, isCooling: () => true, exclude: new Set([1, 2]) });
    expect(choice).toMatchObject({ channel: { id: 3 }, tier: 2, cooling: true });
    expect(choice!.reason).toMatch(/^fallback: every remaining channel is cooling down; priority tier 2 of 2/);
  });

  it('never returns an excluded channel even when it is the only one not cooling', () => {
    const table = twoTiers();
    const counts = draw(table, 1000, 11, { exclude: new Set([3]), isCooling: (id) => id !== 3 });
    expect(counts.has(3)).toBe(false);
    expect(counts.size).toBeGreaterThan(0);
  });

  it('draws in proportion to weight: weights 1 and 3 give about 1:3', () => {
    const table = RoutingTable.build([routable({ id: 1, weight: 1 }), routable({ id: 2, weight: 3 })]);
    const counts = draw(table, 40_000, 42);
    const ratio = counts.get(2)! / counts.get(1)!;
    expect(ratio).toBeGreaterThan(2.85);
    expect(ratio).toBeLessThan(3.15);
  });

  it('keeps a weight-0 channel selectable but rare next to a positive weight', () => {
    const table = RoutingTable.build([routable({ id: 1, weight: 0 }), routable({ id: 2, weight: 1 })]);
    const counts = draw(table, 40_000, 9);
    const share = (counts.get(1) ?? 0) / 40_000;
    expect(share).toBeGreaterThan(0.005);
    expect(share).toBeLessThan(0.02);
  });

  it('spreads evenly over a tier whose channels all have weight 0', () => {
    const table = RoutingTable.build([routable({ id: 1 }), routable({ id: 2 }), routable({ id: 3 })]);
    const counts = draw(table, 30_000, 21);
    for (const id of [1, 2, 3]) {
      expect(counts.get(id)! / 30_000).toBeGreaterThan(0.31);
      expect(counts.get(id)! / 30_000).toBeLessThan(0.357);
    }
  });

  it('treats negative weights as 0 and adds one unit on top of every weight', () => {
    expect(effectiveWeight(-5)).toBe(effectiveWeight(0));
    expect(effectiveWeight(0)).toBe(1);
    expect(effectiveWeight(3)).toBe(301);
  });

  it('maps the random source onto the weighted ranges at both ends', () => {
    const table = RoutingTable.build([routable({ id: 1, weight: 1 }), routable({ id: 2, weight: 1 })]);
    expect(selectChannel(table, query, () => 0)!.channel.id).toBe(1);
    expect(selectChannel(table, query, () => 0.999999)!.channel.id).toBe(2);
  });

  it('reports the model name the route matched through the normaliser', () => {
    const table = RoutingTable.build([routable({ id: 1, models: 'o3' })], { normalize: (m) => m.replace(/-high$/, '') });
    expect(selectChannel(table, { group: 'default', model: 'o3-high' })).toMatchObject({ channel: { id: 1 }, model: 'o3' });
  });
});

describe('listModelsForGroups', () => {
  it('returns the union of the models enabled for the given groups', () => {
    const table = RoutingTable.build([
      routable({ group: 'default', models: 'a,b' }),
      routable({ group: 'vip', models: 'b,c' }),
      routable({ group: 'svip', models: 'd' }),
      routable({ group: 'vip', models: 'e', status: 2 }),
    ]);
    expect([...listModelsForGroups(table, ['default', 'vip'])].sort()).toEqual(['a', 'b', 'c']);
    expect(listModelsForGroups(table, ['nobody']).size).toBe(0);
  });
});

describe('selectChannel with a selection strategy', () => {
  const oneTier = () => RoutingTable.build([routable({ id: 1, weight: 10 }), routable({ id: 2, weight: 1 }), routable({ id: 3, weight: 1 }), routable({ id: 4, priority: -1 })]);

  it('latency: tries each unmeasured channel first, then keeps to the fastest (and those within the buffer)', () => {
    const latencies = new Map<number, number>([[1, 900]]);
    const prefer = { kind: 'latency' as const, latencyOf: (id: number) => latencies.get(id) };
    const unmeasured = draw(oneTier(), 300, 5, { prefer });
    expect(new Set(unmeasured.keys())).toEqual(new Set([2, 3]));
    expect(selectChannel(oneTier(), { ...query, prefer }, () => 0)!.reason).toBe('latency not measured yet; priority tier 1 of 2 (priority 0), weight 1 of 2 total among 2 channels');

    latencies.set(2, 100).set(3, 100 * (1 + LATENCY_BUFFER));
    // An exploring draw (random below LATENCY_EXPLORATION) ignores latency; any other keeps to channels 2 and 3.
    const choice = selectChannel(oneTier(), { ...query, prefer }, () => LATENCY_EXPLORATION);
    expect(choice!.reason).toBe('lowest latency (100 ms average); priority tier 1 of 2 (priority 0), weight 1 of 2 total among 2 channels');
    const counts = draw(oneTier(), 2000, 9, { prefer });
    // Channel 1 (weight 10, 9× slower) gets only exploring draws: about 5% × 10/12 of them.
    expect(counts.get(1)!).toBeGreaterThan(2000 * LATENCY_EXPLORATION * 0.5);
    expect(counts.get(1)!).toBeLessThan(2000 * LATENCY_EXPLORATION * 1.5);
    expect(counts.get(2)! + counts.get(3)!).toBeGreaterThan(1850);
    expect(counts.has(4)).toBe(false);
    const exploring = selectChannel(oneTier(), { ...query, prefer }, () => 0);
    expect(exploring!.reason).toMatch(/^exploring latency; .* among 3 channels$/);
  });

  it('least busy: draws among the channels with the fewest requests in flight', () => {
    const load = new ChannelLoad();
    const prefer = { kind: 'least_busy' as const, busy: (id: number) => load.busy(id) };
    const endOne = load.begin(1);
    load.begin(2);
    const choice = selectChannel(oneTier(), { ...query, prefer }, () => 0);
    expect(choice).toMatchObject({ channel: { id: 3 } });
    expect(choice!.reason).toBe('least busy (0 in flight); priority tier 1 of 2 (priority 0), weight 1 of 1 total among 1 channel');
    load.begin(3);
    endOne();
    endOne();
    expect(load.busy(1)).toBe(0);
    expect(selectChannel(oneTier(), { ...query, prefer })).toMatchObject({ channel: { id: 1 } });
  });

  it('never narrows across tiers nor past exclusions', () => {
    const prefer = { kind: 'latency' as const, latencyOf: (id: number) => (id === 4 ? 1 : 1000) };
    expect(selectChannel(oneTier(), { ...query, prefer, exclude: new Set([1, 2]) })).toMatchObject({ channel: { id: 3 } });
    expect(selectChannel(oneTier(), { ...query, prefer, exclude: new Set([1, 2, 3]) })).toMatchObject({ channel: { id: 4 } });
  });
});

describe('ChannelLoad', () => {
  it('keeps an exponentially weighted latency per channel and model', () => {
    const load = new ChannelLoad();
    expect(load.latencyOf(1, 'a')).toBeUndefined();
    load.recordLatency(1, 'a', 100);
    load.recordLatency(1, 'a', 200);
    expect(load.latencyOf(1, 'a')).toBeCloseTo(130);
    load.recordLatency(1, 'b', 50);
    expect(load.latencyOf(1, 'b')).toBe(50);
    load.recordLatency(1, 'a', Number.NaN);
    load.recordLatency(1, 'a', -5);
    expect(load.latencyOf(1, 'a')).toBeCloseTo(130);
  });
});
