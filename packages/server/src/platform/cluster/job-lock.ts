import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.js';

/**
 * Runs a periodic job in exactly one process of the site at a time. `tryRun` takes the named lock for
 * `ttlMs`, runs `fn` and releases the lock; when another process holds it, it answers false at once
 * without running. A holder that dies loses the lock when the ttl lapses, so `ttlMs` must exceed the
 * longest run.
 */
export interface JobLock {
  tryRun(name: string, ttlMs: number, fn: () => Promise<void>, options?: RunOptions): Promise<boolean>;
}

export interface RunOptions {
  /** Keep the lock until its ttl lapses instead of releasing it after the run: at most one run per ttl, site-wide. */
  keepUntilExpiry?: boolean;
}

const owner = () => `${process.pid}-${randomBytes(6).toString('hex')}`;

/** The lock as a database row (job_locks): works on every database, across workers and nodes, without Redis. */
export class DbJobLock implements JobLock {
  constructor(private readonly db: Db, private readonly now: () => number = Date.now) {}

  async tryRun(name: string, ttlMs: number, fn: () => Promise<void>, options: RunOptions = {}): Promise<boolean> {
    const me = owner();
    if (!(await this.acquire(name, me, ttlMs))) return false;
    try {
      await fn();
    } finally {
      if (!options.keepUntilExpiry) await this.db.deleteFrom('job_locks').where('name', '=', name).where('owner', '=', me).execute().catch(() => {});
    }
    return true;
  }

  private async acquire(name: string, me: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    // Take over a lapsed lock with one conditional update; otherwise create the row (the primary key
    // lets only one of several racing inserts through).
    const taken = await this.db.updateTable('job_locks').set({ owner: me, expires_at: now + ttlMs }).where('name', '=', name).where('expires_at', '<', now).executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return true;
    try {
      await this.db.insertInto('job_locks').values({ name, owner: me, expires_at: now + ttlMs }).execute();
      return true;
    } catch {
      return false;
    }
  }
}

// Delete the key only if this process still owns it (its ttl may have lapsed and another taken it).
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

/** The lock as a Redis key (SET NX PX) for sites running with Redis. */
export class RedisJobLock implements JobLock {
  constructor(private readonly redis: Redis, private readonly fallback?: JobLock) {}

  async tryRun(name: string, ttlMs: number, fn: () => Promise<void>, options: RunOptions = {}): Promise<boolean> {
    if (this.redis.status !== 'ready') return this.fallback ? this.fallback.tryRun(name, ttlMs, fn, options) : false;
    const me = owner();
    const got = await this.redis.set(`lock:${name}`, me, 'PX', ttlMs, 'NX').catch(() => null);
    if (got !== 'OK') return false;
    try {
      await fn();
    } finally {
      if (!options.keepUntilExpiry) await this.redis.eval(RELEASE, 1, `lock:${name}`, me).catch(() => {});
    }
    return true;
  }
}

/** NODE_TYPE=slave: this node serves requests and never runs periodic jobs. */
export const neverRun: JobLock = {
  async tryRun() {
    return false;
  },
};
