import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from './redis.js';
import { MemoryRateLimiter, RedisRateLimiter, ResilientRateLimiter, type RateLimiter } from './rate-limiter.js';
import { REDIS_URL } from '../../test/test-database.js';

let redis: Redis;
let redis2: Redis;
const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  redis = await connectRedis(REDIS_URL, prefix);
  redis2 = await connectRedis(REDIS_URL, prefix);
});
afterAll(async () => {
  // KEYS patterns are not prefixed by ioredis but DEL arguments are: strip the prefix before deleting.
  const keys = await redis.keys(`${prefix}*`);
  for (const k of keys) await redis.del(k.slice(prefix.length));
  redis.disconnect();
  redis2.disconnect();
});

describe.each([
  ['memory', () => new MemoryRateLimiter()],
  ['redis', () => new RedisRateLimiter(redis)],
] as const)('%s rate limiter', (_name, make) => {
  let limiter: RateLimiter;
  beforeAll(() => { limiter = make(); });

  it('allows up to the limit in a window, then refuses', async () => {
    const key = `k-${randomBytes(3).toString('hex')}`;
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await limiter.hit(key, 3, 60));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false, false]);
    expect(results[4].count).toBe(5);
    expect(results[0].resetSeconds).toBeGreaterThan(0);
    expect(results[0].resetSeconds).toBeLessThanOrEqual(60);
  });

  it('peeks at a window without counting', async () => {
    const key = `p-${randomBytes(3).toString('hex')}`;
    expect((await limiter.peek(key, 60)).count).toBe(0);
    await limiter.hit(key, 5, 60);
    await limiter.hit(key, 5, 60);
    expect((await limiter.peek(key, 60)).count).toBe(2);
    expect((await limiter.peek(key, 60)).count).toBe(2);
  });

  it('keeps separate keys apart', async () => {
    const a = await limiter.hit(`a-${randomBytes(3).toString('hex')}`, 1, 60);
    const b = await limiter.hit(`b-${randomBytes(3).toString('hex')}`, 1, 60);
    expect(a.allowed && b.allowed).toBe(true);
  });

  it('adds amounts to a window, starting it with the first addition, and peeks at the sum', async () => {
    const key = `add-${randomBytes(3).toString('hex')}`;
    const first = await limiter.add(key, 1200, 60);
    expect(first.count).toBe(1200);
    expect(first.resetSeconds).toBeGreaterThan(0);
    expect(first.resetSeconds).toBeLessThanOrEqual(60);
    expect((await limiter.add(key, 34, 60)).count).toBe(1234);
    expect(await limiter.peek(key, 60)).toMatchObject({ count: 1234 });
    // A hit on the same key counts one more in the same window.
    expect((await limiter.hit(key, 2000, 60)).count).toBe(1235);
  });

  it('starts a new window of additions after the old one ends', async () => {
    const key = `addw-${randomBytes(3).toString('hex')}`;
    expect((await limiter.add(key, 500, 1)).count).toBe(500);
    expect((await limiter.add(key, 500, 1)).count).toBe(1000);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await limiter.peek(key, 1)).count).toBe(0);
    const next = await limiter.add(key, 7, 1);
    expect(next.count).toBe(7);
    expect(next.resetSeconds).toBeGreaterThan(0);
  });

  it('opens a new window after the old one ends', async () => {
    const key = `w-${randomBytes(3).toString('hex')}`;
    expect((await limiter.hit(key, 1, 1)).allowed).toBe(true);
    expect((await limiter.hit(key, 1, 1)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await limiter.hit(key, 1, 1)).allowed).toBe(true);
  });
});

describe('redis rate limiter across nodes', () => {
  it('enforces one limit for two clients hitting concurrently', async () => {
    const a = new RedisRateLimiter(redis);
    const b = new RedisRateLimiter(redis2);
    const key = `multi-${randomBytes(3).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit(key, 25, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
  });
});

describe('redis additions across nodes', () => {
  it('add up every amount of two clients adding concurrently, and expire with the window', async () => {
    const a = new RedisRateLimiter(redis);
    const b = new RedisRateLimiter(redis2);
    const key = `multi-add-${randomBytes(3).toString('hex')}`;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).add(key, i + 1, 60)));
    // Every intermediate sum is seen exactly once: each addition was applied on its own, atomically.
    expect(new Set(results.map((r) => r.count)).size).toBe(40);
    expect(Math.max(...results.map((r) => r.count))).toBe((40 * 41) / 2);
    expect(await redis.get(`rl:${key}`)).toBe(String((40 * 41) / 2));
    const ttl = await redis.ttl(`rl:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60);
  });
});

describe('rate limits while Redis is down', () => {
  it('count in the process at once (no waiting in the offline queue) and go back to Redis when it returns', async () => {
    const own = await connectRedis(REDIS_URL, prefix);
    const fallbacks: unknown[] = [];
    const limiter = new ResilientRateLimiter(new RedisRateLimiter(own), (err) => fallbacks.push(err));
    const key = `down-${randomBytes(3).toString('hex')}`;
    expect((await limiter.hit(key, 2, 60)).count).toBe(1);
    const ended = new Promise((r) => own.once('end', r));
    own.disconnect();
    await ended;
    const started = Date.now();
    const during = [await limiter.hit(key, 2, 60), await limiter.hit(key, 2, 60), await limiter.hit(key, 2, 60)];
    expect(Date.now() - started).toBeLessThan(100);
    expect(during.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(fallbacks.length).toBe(3);
    await own.connect();
    // Redis kept its own count (1) through the outage and continues from it.
    expect((await limiter.hit(key, 2, 60)).count).toBe(2);
    own.disconnect();
  });

  it('add in the process at once while Redis is away, and to Redis again once it is back', async () => {
    const own = await connectRedis(REDIS_URL, prefix);
    const fallbacks: unknown[] = [];
    const limiter = new ResilientRateLimiter(new RedisRateLimiter(own), (err) => fallbacks.push(err));
    const key = `down-add-${randomBytes(3).toString('hex')}`;
    expect((await limiter.add(key, 100, 60)).count).toBe(100);
    const ended = new Promise((r) => own.once('end', r));
    own.disconnect();
    await ended;
    const started = Date.now();
    expect((await limiter.add(key, 30, 60)).count).toBe(30);
    expect((await limiter.add(key, 20, 60)).count).toBe(50);
    expect((await limiter.peek(key, 60)).count).toBe(50);
    expect(Date.now() - started).toBeLessThan(100);
    expect(fallbacks.length).toBe(3);
    await own.connect();
    expect((await limiter.add(key, 5, 60)).count).toBe(105);
    own.disconnect();
  });
});
