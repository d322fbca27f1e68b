import type { Redis } from 'ioredis';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  limit: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

/** A window's count and the seconds until it ends. */
export interface WindowCount {
  count: number;
  resetSeconds: number;
}

/** Fixed-window counters. One interface, a memory backend for one node and a Redis backend for many. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** The current window's count without adding to it. */
  peek(key: string, windowSeconds: number): Promise<WindowCount>;
  /**
   * Adds `amount` to the current window's count (a window starts at the first addition, as with `hit`)
   * and answers the new count: for counters of something other than requests, such as tokens.
   */
  add(key: string, amount: number, windowSeconds: number): Promise<WindowCount>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    const { count, resetSeconds } = this.addNow(key, 1, windowSeconds);
    return { allowed: count <= limit, count, limit, resetSeconds };
  }

  async peek(key: string, windowSeconds: number): Promise<WindowCount> {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) return { count: 0, resetSeconds: windowSeconds };
    return { count: w.count, resetSeconds: Math.ceil((w.resetAt - now) / 1000) };
  }

  async add(key: string, amount: number, windowSeconds: number): Promise<WindowCount> {
    return this.addNow(key, amount, windowSeconds);
  }

  private addNow(key: string, amount: number, windowSeconds: number): WindowCount {
    const now = Date.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += amount;
    return { count: w.count, resetSeconds: Math.ceil((w.resetAt - now) / 1000) };
  }

  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

// INCR and set the expiry in one atomic step so N nodes enforce the same limit as one.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
return {c, ttl}`;

// INCRBY and the expiry in one atomic step; a counter without an expiry (its first addition) gets one.
const ADD_SCRIPT = `
local c = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {c, ttl}`;

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis) {}

  /** Fail at once while disconnected rather than wait in ioredis' offline queue. */
  private assertConnected() {
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    this.assertConnected();
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `rl:${key}`, String(windowSeconds))) as [number, number];
    return { allowed: count <= limit, count, limit, resetSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  async peek(key: string, windowSeconds: number): Promise<WindowCount> {
    this.assertConnected();
    const [count, ttl] = await Promise.all([this.redis.get(`rl:${key}`), this.redis.ttl(`rl:${key}`)]);
    return { count: Number(count ?? 0), resetSeconds: ttl > 0 ? ttl : windowSeconds };
  }

  async add(key: string, amount: number, windowSeconds: number): Promise<WindowCount> {
    this.assertConnected();
    const [count, ttl] = (await this.redis.eval(ADD_SCRIPT, 1, `rl:${key}`, String(Math.trunc(amount)), String(windowSeconds))) as [number, number];
    return { count, resetSeconds: ttl > 0 ? ttl : windowSeconds };
  }
}

/**
 * Redis counters that keep working when Redis does not: while it is unreachable each process counts
 * on its own (limits then hold per process, not per site) and the shared counters take over again
 * once it answers. A request is never refused or failed because Redis is down.
 */
export class ResilientRateLimiter implements RateLimiter {
  private readonly local = new MemoryRateLimiter();

  constructor(private readonly shared: RateLimiter, private readonly onFallback: (err: unknown) => void = () => {}) {}

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult> {
    try {
      return await this.shared.hit(key, limit, windowSeconds);
    } catch (err) {
      this.onFallback(err);
      return this.local.hit(key, limit, windowSeconds);
    }
  }

  async peek(key: string, windowSeconds: number): Promise<WindowCount> {
    try {
      return await this.shared.peek(key, windowSeconds);
    } catch (err) {
      this.onFallback(err);
      return this.local.peek(key, windowSeconds);
    }
  }

  async add(key: string, amount: number, windowSeconds: number): Promise<WindowCount> {
    try {
      return await this.shared.add(key, amount, windowSeconds);
    } catch (err) {
      this.onFallback(err);
      return this.local.add(key, amount, windowSeconds);
    }
  }
}
