import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../platform/redis.js';
import { createTestContext, createUser, json, markSetupDone, signIn, type TestContext } from '../../test/test-app.js';
import { REDIS_URL } from '../../test/test-database.js';

describe('sessions kept in Redis when REDIS_URL is set', () => {
  let redis: Redis;
  let ctx: TestContext;
  const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;
  beforeAll(async () => {
    redis = await connectRedis(REDIS_URL, prefix);
    ctx = await createTestContext('sqlite', {}, { redis });
    await markSetupDone(ctx.db);
  });
  afterAll(async () => {
    await ctx?.close();
    for (const k of await redis.keys(`${prefix}*`)) await redis.del(k.slice(prefix.length));
    redis.disconnect();
  });

  it('signs in, serves a session from Redis, and signs out', async () => {
    const u = await createUser(ctx.db);
    const s = await signIn(ctx.app, u);
    expect(await ctx.db.selectFrom('sessions').select('id').execute()).toEqual([]);
    expect((await redis.keys(`${prefix}sess:*`)).length).toBe(1);
    const self = json(await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: s.headers }));
    expect(self.data.id).toBe(u.id);
    await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: s.headers });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: s.headers })).statusCode).toBe(401);
  });

  it('ends every Redis session of a user who is disabled', async () => {
    const admin = await createUser(ctx.db, { role: 100 });
    const victim = await createUser(ctx.db);
    const a = await signIn(ctx.app, admin);
    const v = await signIn(ctx.app, victim);
    const res = json(await ctx.app.inject({ method: 'POST', url: '/api/user/manage', headers: a.headers, payload: { id: victim.id, action: 'disable' } }));
    expect(res.success).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: v.headers })).statusCode).toBe(401);
    expect(await redis.smembers(`sess-user:${victim.id}`)).toEqual([]);
  });
});
