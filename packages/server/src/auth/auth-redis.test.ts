import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { createTestContext, createUser, json, markSetupDone, signIn, type TestContext } from '../../test/test-app.js';
import { connectTestRedis } from '../../test/test-redis.js';

describe('sessions kept in Redis when REDIS_URL is set', () => {
  let redis: Redis;
  let prefix: string;
  let cleanup: () => Promise<void>;
  let ctx: TestContext;
  beforeAll(async () => {
    ({ redis, prefix, cleanup } = await connectTestRedis());
    ctx = await createTestContext('sqlite', {}, { redis });
    await markSetupDone(ctx.db);
  });
  afterAll(async () => {
    await ctx?.close();
    await cleanup?.();
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
