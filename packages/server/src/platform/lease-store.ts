import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A held slot; `release` is idempotent. */
export interface Lease {
  release(): void;
}

/** In-flight slots per key: one interface, memory for one process, Redis leases for many. */
export interface LeaseStore {
  /** A lease, or null when `limit` slots are already held under `key`. */
  acquire(key: string, limit: number, leaseTtlMs: number): Promise<Lease | null>;
}

/** Counters in this process. A crash frees everything with the process, so no TTL is needed. */
export class MemoryLeaseStore implements LeaseStore {
  private readonly held = new Map<string, number>();

  async acquire(key: string, limit: number): Promise<Lease | null> {
    return this.tryAcquire(key, limit);
  }

  tryAcquire(key: string, limit: number): Lease | null {
    const n = this.held.get(key) ?? 0;
    if (n >= limit) return null;
    this.held.set(key, n + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.held.get(key) ?? 1) - 1;
        if (left <= 0) this.held.delete(key);
        else this.held.set(key, left);
      },
    };
  }

  /** Slots held under `key` (tests and diagnostics). */
  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

// A sorted set per key: member = lease id, score = expiry (ms, Redis clock). Expired leases are dropped
// before counting, so a crashed node's slots come back after their TTL. One script = one atomic step.
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

const REFRESH = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local exp = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not exp or tonumber(exp) <= now then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

const RELEASE = `
redis.call('ZREM', KEYS[1], ARGV[1])
if redis.call('ZCARD', KEYS[1]) == 0 then redis.call('DEL', KEYS[1]) end
return 1`;

/** Redis leases with a TTL, refreshed while the request runs, so N nodes enforce one limit. */
export class RedisLeaseStore implements LeaseStore {
  constructor(private readonly redis: Redis, private readonly onError: (err: unknown) => void = () => {}) {}

  async acquire(key: string, limit: number, leaseTtlMs: number): Promise<Lease | null> {
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    const redisKey = `tc:${key}`;
    const id = randomUUID();
    const ttl = String(Math.max(1, Math.round(leaseTtlMs)));
    const got = (await this.redis.eval(ACQUIRE, 1, redisKey, String(limit), id, ttl)) as number;
    if (got !== 1) return null;
    const heartbeat = setInterval(() => {
      this.redis.eval(REFRESH, 1, redisKey, id, ttl).catch(this.onError);
    }, Math.max(100, Math.floor(leaseTtlMs / 3)));
    heartbeat.unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(heartbeat);
        this.redis.eval(RELEASE, 1, redisKey, id).catch(this.onError);
      },
    };
  }
}

/**
 * Redis leases that keep working when Redis does not: while it is unreachable each process counts on
 * its own (as the rate limiter does), and the shared leases take over again once it answers.
 */
export class ResilientLeaseStore implements LeaseStore {
  private readonly local = new MemoryLeaseStore();

  constructor(private readonly shared: LeaseStore, private readonly onFallback: (err: unknown) => void = () => {}) {}

  async acquire(key: string, limit: number, leaseTtlMs: number): Promise<Lease | null> {
    try {
      return await this.shared.acquire(key, limit, leaseTtlMs);
    } catch (err) {
      this.onFallback(err);
      return this.local.tryAcquire(key, limit);
    }
  }
}
