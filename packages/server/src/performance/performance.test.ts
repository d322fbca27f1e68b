import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Role, type PerformanceStats } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { REDIS_URL, testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { connectRedis } from '../platform/redis.js';
import { optionKeys } from '../options/option-registry.js';
import { AppError } from '../http/errors.js';
import { GC_NOT_EXPOSED, PerformanceService } from './performance.service.js';

const busyFor = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until);
};
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())('performance diagnostics (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let admin: Member;
  let user: Member;
  const stats = async (): Promise<PerformanceStats> => {
    const body = await callJson(ctx, 'GET', '/api/performance/stats', root);
    expect(body.success, body.message).toBe(true);
    return body.data;
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    admin = await member(ctx, { role: Role.Admin });
    user = await member(ctx);
  });
  afterAll(() => ctx?.close());

  it('are for root only', async () => {
    for (const [method, url] of [
      ['GET', '/api/performance/stats'],
      ['POST', '/api/performance/reset_stats'],
      ['POST', '/api/performance/gc'],
      ['DELETE', '/api/performance/disk_cache'],
      ['GET', '/api/performance/logs'],
      ['DELETE', '/api/performance/logs'],
    ] as const) {
      expect((await call(ctx, method, url)).statusCode, url).toBe(401);
      expect((await call(ctx, method, url, user)).statusCode, url).toBe(403);
      const res = await call(ctx, method, url, admin);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('super administrator permission is required');
    }
  });

  it('describe this process: memory, event loop, CPU, runtime, database and no Redis', async () => {
    const res = await call(ctx, 'GET', '/api/performance/stats', root);
    expect(res.headers['cache-control']).toBe('no-store');
    const s: PerformanceStats = res.json().data;
    expect(s.process).toMatchObject({ pid: process.pid, worker_id: null, node_version: process.version, platform: process.platform, arch: process.arch });
    expect(s.process.started_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(s.memory_stats.rss).toBeGreaterThan(0);
    expect(s.memory_stats.heap_used).toBeGreaterThan(0);
    expect(s.memory_stats.heap_total).toBeGreaterThanOrEqual(s.memory_stats.heap_used);
    expect(s.memory_stats.heap_limit).toBeGreaterThan(s.memory_stats.heap_total);
    expect(s.memory_stats.external).toBeGreaterThan(0);
    expect(s.memory_stats.array_buffers).toBeGreaterThanOrEqual(0);
    for (const value of Object.values(s.event_loop.delay_ms)) expect(value).toBeGreaterThanOrEqual(0);
    expect(s.event_loop.utilization).toBeGreaterThanOrEqual(0);
    expect(s.event_loop.utilization).toBeLessThanOrEqual(1);
    expect(s.event_loop.active_resources.total).toBe(Object.values(s.event_loop.active_resources.by_type).reduce((a, b) => a + b, 0));
    expect(s.cpu.cores).toBeGreaterThan(0);
    expect(s.cpu.user_seconds + s.cpu.system_seconds).toBeGreaterThan(0);
    expect(s.gc.exposed).toBe(typeof globalThis.gc === 'function');
    expect(s.database.dialect).toBe(dialect);
    expect(s.database.pool).toEqual({ total: expect.any(Number), idle: expect.any(Number), waiting: expect.any(Number) });
    expect(s.redis).toEqual({ configured: false, connected: false, status: '' });
    expect(s.disk_cache_info).toEqual({ enabled: false, path: '', exists: false, file_count: 0, total_size: 0 });
  });

  it('count the entries of the in-memory caches', async () => {
    const before = await stats();
    expect(before.caches.map((c) => c.name)).toEqual(['options', 'channels', 'channel_routes', 'api_keys', 'channel_affinity', 'response_cache']);
    expect(before.caches.find((c) => c.name === 'options')?.entries).toBe(optionKeys.length);
    await ctx.services.routing.createChannel({ type: 1, name: 'perf', key: 'sk-perf', models: 'perf-a,perf-b', group: 'default,vip', status: 1 });
    const after = await stats();
    const entries = (s: PerformanceStats, name: string) => s.caches.find((c) => c.name === name)!.entries;
    expect(entries(after, 'channels')).toBe(entries(before, 'channels') + 1);
    expect(entries(after, 'channel_routes')).toBe(entries(before, 'channel_routes') + 4);
  });

  it('resets the event-loop, CPU and GC counters', async () => {
    busyFor(400);
    await tick(60);
    const blocked = await stats();
    expect(blocked.event_loop.delay_ms.max).toBeGreaterThanOrEqual(350);
    expect(blocked.event_loop.samples).toBeGreaterThan(0);
    await tick(1100);
    const reset = await callJson(ctx, 'POST', '/api/performance/reset_stats', root);
    expect(reset).toMatchObject({ success: true, message: 'statistics reset' });
    const fresh = await stats();
    expect(fresh.event_loop.delay_ms.max).toBeLessThan(350);
    expect(fresh.event_loop.samples).toBeLessThan(blocked.event_loop.samples);
    expect(fresh.stats_since).toBeGreaterThan(blocked.stats_since);
    expect(fresh.cpu.user_seconds + fresh.cpu.system_seconds).toBeLessThan(blocked.cpu.user_seconds + blocked.cpu.system_seconds);
  });

  it('runs a collection only when Node exposes it, and says how to enable it otherwise', async () => {
    const body = await callJson(ctx, 'POST', '/api/performance/gc', root);
    if (typeof globalThis.gc === 'function') {
      expect(body).toMatchObject({ success: true, data: { heap_used_before: expect.any(Number), heap_used_after: expect.any(Number) } });
    } else {
      expect(body).toMatchObject({ success: false, message: GC_NOT_EXPOSED });
      expect(body.message).toContain('--expose-gc');
    }
  });

  it('has no disk cache and no log files to clear, and says why', async () => {
    expect(await callJson(ctx, 'DELETE', '/api/performance/disk_cache', root)).toMatchObject({
      success: true,
      message: 'nothing to clear: this server keeps request bodies in memory and has no disk cache',
      data: { deleted_files: 0, freed_bytes: 0 },
    });
    expect(await callJson(ctx, 'GET', '/api/performance/logs', root)).toEqual({
      success: true,
      message: 'this server writes its log to standard output, not to files',
      data: { enabled: false, log_dir: '', file_count: 0, total_size: 0, files: [], oldest_time: null, newest_time: null },
    });
    for (const query of ['', '?mode=by_count&value=3', '?mode=by_days&value=7']) {
      expect(await callJson(ctx, 'DELETE', `/api/performance/logs${query}`, root)).toMatchObject({
        success: true,
        message: 'no log files to remove: this server writes its log to standard output, not to files',
        data: { deleted_count: 0, freed_bytes: 0, failed_files: [] },
      });
    }
  });

  it('refuses bad log clean-up parameters with a clear message', async () => {
    const cases: [string, string][] = [
      ['?mode=by_size&value=3', 'mode must be by_count or by_days'],
      ['?mode=by_count&value=0', 'value must be a positive integer'],
      ['?mode=by_days&value=2.5', 'value must be a positive integer'],
      ['?mode=by_days&value=abc', 'value must be a positive integer'],
      ['?mode=by_days&value=99999', 'value must be at most 36500'],
      ['?mode=by_count', 'pass mode and value together, or neither'],
      ['?value=3', 'pass mode and value together, or neither'],
    ];
    for (const [query, message] of cases) {
      const res = await call(ctx, 'DELETE', `/api/performance/logs${query}`, root);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toMatchObject({ success: false, message: expect.stringContaining(message) });
    }
  });

  it('tests the status for administrators: the database answers, Redis is not configured', async () => {
    expect((await call(ctx, 'GET', '/api/status/test')).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/api/status/test', user)).statusCode).toBe(403);
    const res = await call(ctx, 'GET', '/api/status/test', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Server is running', data: { database: 'ok', redis: 'off', http_stats: { active_connections: expect.any(Number) } } });
  });
});

describe('performance diagnostics with Redis', () => {
  let ctx: TestContext;
  let redis: Redis;
  let admin: Member;
  let root: Member;
  beforeAll(async () => {
    redis = await connectRedis(REDIS_URL, `gwtest:${randomBytes(4).toString('hex')}:`);
    ctx = await createTestContext('sqlite', {}, { redis });
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    root = await member(ctx, { role: Role.Root });
  });
  afterAll(async () => {
    await ctx?.close();
    redis.disconnect();
  });

  it('reports Redis connected, then names it when it stops answering', async () => {
    expect((await callJson(ctx, 'GET', '/api/performance/stats', root)).data.redis).toEqual({ configured: true, connected: true, status: 'ready' });
    expect(await callJson(ctx, 'GET', '/api/status/test', admin)).toMatchObject({ success: true, data: { database: 'ok', redis: 'ok' } });

    // Sessions live in Redis here, so sign-in state is read before Redis goes: use the database's access token.
    const token = (await callJson(ctx, 'GET', '/api/user/token', admin)).data as string;
    const headers = { authorization: `Bearer ${token}`, 'new-api-user': String(admin.id) };
    const ended = new Promise((resolve) => redis.once('end', resolve));
    redis.disconnect();
    await ended;
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/status/test', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, message: 'Redis is unreachable', data: { database: 'ok', redis: 'down' } });
    } finally {
      await redis.connect();
    }
  });
});

describe('performance service', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
  });
  afterAll(() => ctx?.close());

  it('runs the exposed collector once and reports the heap before and after', () => {
    let runs = 0;
    const service = new PerformanceService({ db: ctx.db, gc: () => void runs++ });
    const result = service.runGc();
    expect(runs).toBe(1);
    expect(result.heap_used_before).toBeGreaterThan(0);
    expect(result.heap_used_after).toBeGreaterThan(0);
    expect(result.freed_bytes).toBe(Math.max(0, result.heap_used_before - result.heap_used_after));
    expect(service.stats().gc.exposed).toBe(true);
  });

  it('refuses without a collector, with the reason', () => {
    const service = new PerformanceService({ db: ctx.db, gc: undefined });
    expect(() => service.runGc()).toThrow(AppError);
    expect(() => service.runGc()).toThrow(GC_NOT_EXPOSED);
    expect(service.stats().gc.exposed).toBe(false);
  });

  it('names the database when it does not answer', async () => {
    const gone = await createTestContext('sqlite');
    await gone.db.destroy();
    try {
      const result = await new PerformanceService({ db: gone.db }).testStatus(3);
      expect(result).toEqual({ healthy: false, message: 'the database is unreachable', data: { database: 'down', redis: 'off', http_stats: { active_connections: 3 } } });
    } finally {
      await gone.app.close().catch(() => {});
    }
  });
});
