import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, UserStatus } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, signIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';

describe.each(testDialects())('sign-in and sessions (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('signs in with username or e-mail and answers the user without a password', async () => {
    const u = await createUser(ctx.db, { email: `${dialect}-mail@example.com` });
    for (const login of [u.username, `${dialect}-mail@example.com`]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: login, password: u.password } });
      const body = json(res);
      expect(body.success).toBe(true);
      expect(body.data.id).toBe(u.id);
      expect(JSON.stringify(body)).not.toMatch(/argon2|password":"[^"]/);
      const cookie = res.headers['set-cookie'] as string;
      expect(cookie).toMatch(/session=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
    }
  });

  it('gives the same message for a wrong password and an unknown user', async () => {
    const u = await createUser(ctx.db);
    const wrong = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: u.username, password: 'not-the-password' } }));
    const unknown = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'nobody-here', password: 'whatever1' } }));
    expect(wrong).toEqual({ success: false, message: 'invalid username or password', code: 'unauthorized' });
    expect(unknown).toEqual(wrong);
  });

  it('refuses a banned user with the same generic message', async () => {
    const u = await createUser(ctx.db, { status: UserStatus.Disabled });
    const body = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: u.username, password: u.password } }));
    expect(body.success).toBe(false);
    expect(body.message).toBe('invalid username or password');
  });

  it('requires a matching New-Api-User header with the session cookie', async () => {
    const u = await createUser(ctx.db);
    const s = await signIn(ctx.app, u);
    const good = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: s.headers });
    expect(good.statusCode).toBe(200);
    expect(json(good).success).toBe(true);
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: { cookie: s.headers.cookie } });
    expect(missing.statusCode).toBe(401);
    const forged = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: { ...s.headers, 'new-api-user': String(u.id + 1000) } });
    expect(forged.statusCode).toBe(401);
  });

  it('answers 401 after logout and for an unknown session cookie', async () => {
    const u = await createUser(ctx.db);
    const s = await signIn(ctx.app, u);
    await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: s.headers });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: s.headers });
    expect(after.statusCode).toBe(401);
    const bogus = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: { cookie: 'session=nope', 'new-api-user': '1' } });
    expect(bogus.statusCode).toBe(401);
  });

  it('treats a dead session cookie as anonymous on public routes, clears it, and lets the user sign in again', async () => {
    const u = await createUser(ctx.db);
    const s = await signIn(ctx.app, u);
    await ctx.db.deleteFrom('sessions').execute();
    const status = await ctx.app.inject({ method: 'GET', url: '/api/status', headers: s.headers });
    expect(status.statusCode).toBe(200);
    expect(String(status.headers['set-cookie'])).toMatch(/session=;/);
    const protectedCall = await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: s.headers });
    expect(protectedCall.statusCode).toBe(401);
    const again = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { cookie: s.headers.cookie }, payload: { username: u.username, password: u.password } });
    expect(json(again).success).toBe(true);
    const logout = await ctx.app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie: s.headers.cookie } });
    expect(logout.statusCode).toBe(200);
  });

  it('signs a user out at once when they are banned', async () => {
    const u = await createUser(ctx.db);
    const s = await signIn(ctx.app, u);
    await ctx.db.updateTable('users').set({ status: UserStatus.Disabled }).where('id', '=', u.id).execute();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: s.headers });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a personal access token as a bearer credential, and only the newest one', async () => {
    const u = await createUser(ctx.db, { role: Role.User });
    const s = await signIn(ctx.app, u);
    const first = json(await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: s.headers })).data as string;
    expect(first).toMatch(/^[0-9A-Za-z]{32}$/);
    const viaToken = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: { authorization: `Bearer ${first}`, 'new-api-user': String(u.id) } });
    expect(viaToken.statusCode).toBe(200);
    const second = json(viaToken).data as string;
    const old = await ctx.app.inject({ method: 'GET', url: '/api/user/token', headers: { authorization: `Bearer ${first}`, 'new-api-user': String(u.id) } });
    expect(old.statusCode).toBe(401);
    const stored = await ctx.db.selectFrom('users').select('access_token_hash').where('id', '=', u.id).executeTakeFirst();
    expect(stored?.access_token_hash).not.toContain(second);
  });

  it('answers malformed bodies with 400 and a message, never 500', async () => {
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).success).toBe(false);
    const wrongTypes = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 5, password: [] } }));
    expect(wrongTypes.success).toBe(false);
    expect(wrongTypes.message).toMatch(/username/);
  });

  it('answers an oversized body with 413', async () => {
    const big = 'x'.repeat(33 * 1024 * 1024);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: `{"username":"${big}"}` });
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toMatch(/too large/);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after too many attempts from one IP', async () => {
    const ctx = await createTestContext('sqlite', { authRateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'x', password: 'yyyyyyyy' } });
        codes.push(r.statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await ctx.close();
    }
  });
});
