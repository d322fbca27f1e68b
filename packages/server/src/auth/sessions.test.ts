import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, json, markSetupDone, signIn, type SignedIn, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { sessionIdOf } from './session-store.js';

describe.each(testDialects())('a user\'s own sessions: /api/user/sessions (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  const get = (s: SignedIn | { headers: Record<string, string> }, url: string) => ctx.app.inject({ method: 'GET', url, headers: s.headers });
  const idOf = (s: SignedIn) => sessionIdOf(s.headers.cookie.replace(/^session=/, ''));
  const alive = async (s: SignedIn) => (await get(s, '/api/user/self')).statusCode === 200;

  it('lists the live sessions with their address and browser, marking the one asking', async () => {
    const u = await createUser(ctx.db);
    const laptop = await signIn(ctx.app, u);
    const phone = await signIn(ctx.app, u);
    const other = await signIn(ctx.app, await createUser(ctx.db));
    const body = json(await get(laptop, '/api/user/sessions'));
    expect(body.success).toBe(true);
    expect(body.data.map((s: { id: string }) => s.id).sort()).toEqual([idOf(laptop), idOf(phone)].sort());
    expect(body.data.find((s: { id: string }) => s.id === idOf(laptop))).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect(body.data.find((s: { id: string }) => s.id === idOf(phone))).toMatchObject({ current: false });
    expect(JSON.stringify(body)).not.toContain(laptop.headers.cookie.replace(/^session=/, ''));
    expect(JSON.stringify(body)).not.toContain(idOf(other));
  });

  it('ends one session by id, refusing the sessions of others', async () => {
    const u = await createUser(ctx.db);
    const laptop = await signIn(ctx.app, u);
    const phone = await signIn(ctx.app, u);
    const stranger = await signIn(ctx.app, await createUser(ctx.db));
    const refused = json(await ctx.app.inject({ method: 'DELETE', url: `/api/user/sessions/${idOf(stranger)}`, headers: laptop.headers }));
    expect(refused).toMatchObject({ success: false, message: 'session not found' });
    expect(await alive(stranger)).toBe(true);
    const ended = json(await ctx.app.inject({ method: 'DELETE', url: `/api/user/sessions/${idOf(phone)}`, headers: laptop.headers }));
    expect(ended).toMatchObject({ success: true });
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(true);
    const bad = json(await ctx.app.inject({ method: 'DELETE', url: '/api/user/sessions/not-an-id', headers: laptop.headers }));
    expect(bad).toMatchObject({ success: false, message: 'the session id must be the 64-character id GET /api/user/sessions lists' });
  });

  it('ending the current session signs the browser out and clears its cookie', async () => {
    const u = await createUser(ctx.db);
    const laptop = await signIn(ctx.app, u);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/user/sessions/${idOf(laptop)}`, headers: laptop.headers });
    expect(json(res).success).toBe(true);
    expect(String(res.headers['set-cookie'])).toMatch(/session=;/);
    expect(await alive(laptop)).toBe(false);
  });

  it('ends every other session and keeps the current one', async () => {
    const u = await createUser(ctx.db);
    const [a, b, c] = [await signIn(ctx.app, u), await signIn(ctx.app, u), await signIn(ctx.app, u)];
    const stranger = await signIn(ctx.app, await createUser(ctx.db));
    const body = json(await ctx.app.inject({ method: 'POST', url: '/api/user/sessions/revoke-others', headers: b.headers }));
    expect(body).toMatchObject({ success: true, data: { revoked: 2 } });
    expect([await alive(a), await alive(b), await alive(c), await alive(stranger)]).toEqual([false, true, false, true]);
  });

  it('with a personal access token there is no current session: revoke-others ends them all', async () => {
    const u = await createUser(ctx.db);
    const browser = await signIn(ctx.app, u);
    const token = json(await get(browser, '/api/user/token')).data as string;
    const viaToken = { headers: { authorization: `Bearer ${token}`, 'new-api-user': String(u.id) } };
    const listed = json(await get(viaToken, '/api/user/sessions'));
    expect(listed.data.map((s: { current: boolean }) => s.current)).toEqual([false]);
    expect(json(await ctx.app.inject({ method: 'POST', url: '/api/user/sessions/revoke-others', headers: viaToken.headers }))).toMatchObject({ data: { revoked: 1 } });
    expect(await alive(browser)).toBe(false);
  });

  it('is for signed-in users only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/sessions' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/user/sessions/revoke-others' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/user/sessions/${'a'.repeat(64)}` })).statusCode).toBe(401);
  });
});
