import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createTestDatabase, REDIS_URL, testDialects, type TestDatabase } from '../../../test/test-database.js';
import { connectRedis } from '../redis.js';
import { DbJobLock, RedisJobLock, neverRun, type JobLock } from './job-lock.js';

async function exclusivity(a: JobLock, b: JobLock) {
  let running = 0;
  let maxRunning = 0;
  let runs = 0;
  const job = async () => {
    running++;
    maxRunning = Math.max(maxRunning, running);
    runs++;
    await new Promise((r) => setTimeout(r, 50));
    running--;
  };
  const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).tryRun('poll', 10_000, job)));
  return { results, maxRunning, runs };
}

describe.each(testDialects())('database job lock (%s)', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.drop());

  it('runs a job in one holder at a time, then lets the next run', async () => {
    const a = new DbJobLock(database.db);
    const b = new DbJobLock(database.db);
    const { results, maxRunning, runs } = await exclusivity(a, b);
    expect(maxRunning).toBe(1);
    expect(runs).toBe(results.filter(Boolean).length);
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(await a.tryRun('poll', 10_000, async () => {})).toBe(true);
  });

  it('takes over a lock whose holder died once its ttl has lapsed', async () => {
    let clock = 1_000_000;
    const dead = new DbJobLock(database.db, () => clock);
    await database.db.insertInto('job_locks').values({ name: 'stale', owner: 'crashed', expires_at: clock + 5000 }).execute();
    expect(await dead.tryRun('stale', 5000, async () => {})).toBe(false);
    clock += 6000;
    expect(await dead.tryRun('stale', 5000, async () => {})).toBe(true);
  });

  it('runs at most once per ttl site-wide when the lock is kept until it lapses', async () => {
    let clock = 5_000_000;
    const a = new DbJobLock(database.db, () => clock);
    const b = new DbJobLock(database.db, () => clock);
    let runs = 0;
    const job = async () => void runs++;
    expect(await a.tryRun('hourly', 60_000, job, { keepUntilExpiry: true })).toBe(true);
    expect(await b.tryRun('hourly', 60_000, job, { keepUntilExpiry: true })).toBe(false);
    clock += 30_000;
    expect(await a.tryRun('hourly', 60_000, job, { keepUntilExpiry: true })).toBe(false);
    clock += 31_000;
    expect(await b.tryRun('hourly', 60_000, job, { keepUntilExpiry: true })).toBe(true);
    expect(runs).toBe(2);
  });

  it('releases the lock when the job throws', async () => {
    const lock = new DbJobLock(database.db);
    await expect(lock.tryRun('throws', 10_000, async () => { throw new Error('job failed'); })).rejects.toThrow('job failed');
    expect(await lock.tryRun('throws', 10_000, async () => {})).toBe(true);
  });
});

describe('Redis job lock', () => {
  let redis: Redis;
  const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    redis = await connectRedis(REDIS_URL, prefix);
  });
  afterAll(() => redis?.disconnect());

  it('runs a job in one holder at a time across connections', async () => {
    const other = await connectRedis(REDIS_URL, prefix);
    const { maxRunning, runs, results } = await exclusivity(new RedisJobLock(redis), new RedisJobLock(other));
    other.disconnect();
    expect(maxRunning).toBe(1);
    expect(runs).toBe(results.filter(Boolean).length);
  });

  it('never runs on a node configured not to run jobs', async () => {
    let ran = false;
    expect(await neverRun.tryRun('poll', 1000, async () => void (ran = true))).toBe(false);
    expect(ran).toBe(false);
  });
});
