import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { REDIS_URL, testDialects } from '../../test/test-database.js';
import { connectRedis } from '../platform/redis.js';
import { checkHealth } from './health.js';

describe.each(testDialects())('health probe (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(() => ctx?.close());

  it('answers 200 with the database up and Redis not configured, without signing in', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/status/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9]{12,}$/);
    const given = await ctx.app.inject({ method: 'GET', url: '/api/status/health', headers: { 'x-request-id': 'lb-probe-42' } });
    expect(given.headers['x-request-id']).toBe('lb-probe-42');
    expect(res.json()).toMatchObject({ success: true, data: { healthy: true, database: 'ok', redis: 'off' } });
  });
});

describe('health probe failures', () => {
  let ctx: TestContext;
  let redis: Redis;
  beforeAll(async () => {
    redis = await connectRedis(REDIS_URL, `gwtest:${randomBytes(4).toString('hex')}:`);
    ctx = await createTestContext('sqlite', {}, { redis });
  });
  afterAll(async () => {
    await ctx?.close();
    redis.disconnect();
  });

  it('reports Redis up, then down (still healthy: the node serves without it)', async () => {
    expect((await checkHealth(ctx.db, redis)).redis).toBe('ok');
    const ended = new Promise((r) => redis.once('end', r));
    redis.disconnect();
    await ended;
    const res = await ctx.app.inject({ method: 'GET', url: '/api/status/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ healthy: true, database: 'ok', redis: 'down' });
    await redis.connect();
  });

  it('answers 503 when the database is unreachable', async () => {
    const gone = await createTestContext('sqlite');
    await gone.db.destroy();
    const res = await gone.app.inject({ method: 'GET', url: '/api/status/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, message: 'the database is unreachable', data: { healthy: false, database: 'down' } });
    await gone.app.close().catch(() => {});
  });
});
