import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { connectTestRedis } from '../../../../test/test-redis.js';
import { MemoryLeaseStore, RedisLeaseStore, ResilientLeaseStore, type Lease } from '../../../platform/lease-store.js';
import { groupPolicy, parseGroupPolicy, DEFAULT_LEASE_TTL_SECONDS } from './token-concurrency-policy.js';
import { TokenConcurrencyGate } from './token-concurrency-gate.js';
import type { OptionsService } from '../../../options/options.service.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('TokenConcurrencyPolicy entries', () => {
  it('take a positive limit and an optional positive lease TTL (default 15 minutes)', () => {
    expect(parseGroupPolicy({ limit: 2 })).toEqual({ ok: true, limit: 2, leaseTtlMs: DEFAULT_LEASE_TTL_SECONDS * 1000 });
    expect(parseGroupPolicy({ limit: 1, lease_ttl_seconds: 30 })).toEqual({ ok: true, limit: 1, leaseTtlMs: 30_000 });
    for (const bad of [null, 3, [], {}, { limit: 0 }, { limit: -1 }, { limit: 1.5 }, { limit: '2' }, { limit: 2, lease_ttl_seconds: 0 }]) {
      expect(parseGroupPolicy(bad)).toEqual({ ok: false });
    }
  });

  it('are compiled once per option value', () => {
    const value = { default: { limit: 2 } };
    expect(groupPolicy(value, 'default')).toBe(groupPolicy(value, 'default'));
  });
});

describe('TokenConcurrencyGate on the hot path', () => {
  it('returns no promise at all for a group the policy does not name', () => {
    const options = { get: () => ({ vip: { limit: 1 } }) } as unknown as OptionsService;
    const store = { acquire: () => Promise.reject(new Error('must not be called')) };
    const gate = new TokenConcurrencyGate(options, store);
    expect(gate.enter(1, 'default')).toBeUndefined();
    // Inherited names are not entries.
    expect(gate.enter(1, 'toString')).toBeUndefined();
  });
});

describe('MemoryLeaseStore', () => {
  it('counts per key and frees a slot once per release', async () => {
    const store = new MemoryLeaseStore();
    const a = (await store.acquire('1:default', 2))!;
    const b = (await store.acquire('1:default', 2))!;
    expect(await store.acquire('1:default', 2)).toBeNull();
    expect(await store.acquire('2:default', 2)).not.toBeNull();
    a.release();
    a.release();
    expect(store.count('1:default')).toBe(1);
    b.release();
    expect(store.count('1:default')).toBe(0);
  });
});

describe('RedisLeaseStore against a real Redis', () => {
  let redis: Redis;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ redis, cleanup } = await connectTestRedis());
  });
  afterAll(() => cleanup?.());

  it('lets N stores (nodes) share one limit, atomically', async () => {
    const nodes = [new RedisLeaseStore(redis), new RedisLeaseStore(redis)];
    const leases = await Promise.all(Array.from({ length: 20 }, (_, i) => nodes[i % 2].acquire('7:default', 3, 10_000)));
    const held = leases.filter((l): l is Lease => l !== null);
    expect(held).toHaveLength(3);
    expect(await redis.zcard('tc:7:default')).toBe(3);
    for (const l of held) l.release();
    await expect.poll(() => redis.exists('tc:7:default')).toBe(0);
  });

  it('frees the slot of a node that died once its lease expires', async () => {
    const store = new RedisLeaseStore(redis);
    // A lease left behind by a crashed node: nobody refreshes or releases it.
    const [sec, micro] = await redis.time();
    await redis.zadd('tc:8:default', Number(sec) * 1000 + Math.floor(Number(micro) / 1000) + 300, 'dead-node-lease');
    expect(await store.acquire('8:default', 1, 10_000)).toBeNull();
    await sleep(400);
    const lease = await store.acquire('8:default', 1, 10_000);
    expect(lease).not.toBeNull();
    lease!.release();
  });

  it('keeps a running request\'s lease alive past its TTL by refreshing it', async () => {
    const store = new RedisLeaseStore(redis);
    const lease = (await store.acquire('9:default', 1, 300))!;
    await sleep(900);
    expect(await store.acquire('9:default', 1, 300)).toBeNull();
    lease.release();
    await expect.poll(async () => {
      const l = await store.acquire('9:default', 1, 300);
      l?.release();
      return l !== null;
    }).toBe(true);
  });

  it('counts per process while Redis is unreachable', async () => {
    const broken = { acquire: () => Promise.reject(new Error('Redis is reconnecting')) };
    const errors: unknown[] = [];
    const store = new ResilientLeaseStore(broken, (err) => errors.push(err));
    const a = await store.acquire('10:default', 1, 1000);
    expect(a).not.toBeNull();
    expect(await store.acquire('10:default', 1, 1000)).toBeNull();
    a!.release();
    expect(await store.acquire('10:default', 1, 1000)).not.toBeNull();
    expect(errors.length).toBeGreaterThan(0);
  });
});
