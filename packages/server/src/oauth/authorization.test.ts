import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizationStatus, TokenStatus } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { callJson } from '../users/users.test-helpers.js';
import { CHALLENGE_USED, REQUEST_ANSWERED, REQUEST_EXPIRED, TOKEN_NOT_USABLE } from './authorization.service.js';

/** What an outside application does first: a verifier it keeps, and the challenge it puts in the URL. */
function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe.each(testDialects())('third-party token authorization (%s)', (dialect) => {
  let ctx: TestContext;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    alice = await member(ctx);
    bob = await member(ctx);
  });
  afterAll(() => ctx?.close());

  async function createToken(who: Member, fields: Record<string, unknown> = {}): Promise<{ id: number; key: string }> {
    const name = `t${randomBytes(3).toString('hex')}`;
    expect((await callJson(ctx, 'POST', '/api/token/', who, { name, remain_quota: 1000, expired_time: -1, unlimited_quota: false, ...fields })).success).toBe(true);
    const row = await ctx.db.selectFrom('tokens').select(['id', 'key']).where('user_id', '=', who.id).where('name', '=', name).executeTakeFirstOrThrow();
    return row;
  }

  /** The browser's visit to GET /api/oauth/authorize with the session cookie only (a navigation). */
  const authorize = (query: Record<string, string>, who?: Member) =>
    ctx.app.inject({ method: 'GET', url: '/api/oauth/authorize', query, headers: who ? { cookie: who.session.headers.cookie } : {} });

  async function openRequest(who: Member, pair = pkcePair()) {
    const res = await authorize({ app_name: 'Desk Assistant', code_challenge: pair.challenge, code_challenge_method: 'S256' }, who);
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/approve');
    return { code: location.searchParams.get('code')!, ...pair };
  }

  const collect = (verifier: string) => ctx.app.inject({ method: 'POST', url: '/api/oauth/authorize/token', payload: { code_verifier: verifier } });
  const decide = (who: Member, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/request_bind', headers: who.session.headers, payload: body });

  it('hands the chosen token to the application holding the verifier, exactly once', async () => {
    const token = await createToken(alice);
    const req = await openRequest(alice);
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/oauth/authorize/request', query: { code: req.code }, headers: alice.session.headers })).data).toMatchObject({
      app_name: 'Desk Assistant',
      status: AuthorizationStatus.Pending,
    });
    expect(json(await collect(req.verifier)).data).toEqual({ status: AuthorizationStatus.Pending });

    expect(json(await decide(alice, { code: req.code, token: `sk-${token.key}` }))).toMatchObject({ success: true, data: { status: AuthorizationStatus.Approved } });
    expect(json(await collect(req.verifier)).data).toEqual({ status: AuthorizationStatus.Approved, token: `sk-${token.key}` });
    expect(json(await collect(req.verifier)).data).toEqual({ status: AuthorizationStatus.Delivered });
  });

  it('gives the token to one of two racing polls only', async () => {
    const token = await createToken(alice);
    const req = await openRequest(alice);
    await decide(alice, { code: req.code, token: `sk-${token.key}` });
    const answers = (await Promise.all([collect(req.verifier), collect(req.verifier), collect(req.verifier)])).map((r) => json(r).data);
    expect(answers.filter((a) => a.token === `sk-${token.key}`)).toHaveLength(1);
  });

  it('records a refusal, and then refuses to change its mind', async () => {
    const token = await createToken(alice);
    const req = await openRequest(alice);
    expect(json(await decide(alice, { code: req.code, reject: true }))).toMatchObject({ success: true, data: { status: AuthorizationStatus.Rejected } });
    expect(json(await collect(req.verifier)).data).toEqual({ status: AuthorizationStatus.Rejected });
    expect(json(await decide(alice, { code: req.code, token: `sk-${token.key}` }))).toMatchObject({ success: false, message: REQUEST_ANSWERED });
  });

  it('never hands over another user’s token or a disabled, expired or exhausted one', async () => {
    const bobs = await createToken(bob);
    const disabled = await createToken(alice);
    await ctx.db.updateTable('tokens').set({ status: TokenStatus.Disabled }).where('id', '=', disabled.id).execute();
    const expired = await createToken(alice);
    await ctx.db.updateTable('tokens').set({ expired_time: 1_600_000_000 }).where('id', '=', expired.id).execute();
    const exhausted = await createToken(alice);
    await ctx.db.updateTable('tokens').set({ remain_quota: 0 }).where('id', '=', exhausted.id).execute();
    const req = await openRequest(alice);
    for (const t of [bobs, disabled, expired, exhausted]) {
      expect(json(await decide(alice, { code: req.code, token: `sk-${t.key}` }))).toMatchObject({ success: false, message: TOKEN_NOT_USABLE });
    }
    expect(json(await decide(alice, { code: req.code, token: 'sk-nonsense' }))).toMatchObject({ success: false, message: TOKEN_NOT_USABLE });
    expect(json(await collect(req.verifier)).data).toEqual({ status: AuthorizationStatus.Pending });
  });

  it('keeps one user’s request away from another user', async () => {
    const req = await openRequest(alice);
    const token = await createToken(bob);
    const view = await ctx.app.inject({ method: 'GET', url: '/api/oauth/authorize/request', query: { code: req.code }, headers: bob.session.headers });
    expect(json(view)).toMatchObject({ success: false, message: 'authorization request not found' });
    expect(json(await decide(bob, { code: req.code, token: `sk-${token.key}` }))).toMatchObject({ success: false, message: 'authorization request not found' });
    // Bob cannot take over Alice's challenge either.
    const stolen = await authorize({ app_name: 'Desk Assistant', code_challenge: req.challenge }, bob);
    expect(decodeURIComponent(stolen.headers.location as string)).toContain(CHALLENGE_USED);
  });

  it('reopens the same pending request when the browser comes back with the same challenge', async () => {
    const pair = pkcePair();
    const first = await openRequest(alice, pair);
    const second = await openRequest(alice, pair);
    expect(second.code).toBe(first.code);
  });

  it('sends a browser without a session back to /oauth/login, counting the round trips', async () => {
    const { challenge } = pkcePair();
    const res = await authorize({ app_name: 'Desk', code_challenge: challenge });
    expect(res.statusCode).toBe(302);
    const first = new URL(res.headers.location as string, 'http://localhost');
    expect(first.pathname).toBe('/oauth/login');
    expect(first.searchParams.get('reloadLogin')).toBe('1');
    expect(first.searchParams.get('code_challenge')).toBe(challenge);
    const again = await authorize(Object.fromEntries(first.searchParams));
    expect(new URL(again.headers.location as string, 'http://localhost').searchParams.get('reloadLogin')).toBe('2');
  });

  it('shows a bad request on the approve page instead of opening one', async () => {
    const res = await authorize({ app_name: 'Desk', code_challenge: 'short' }, alice);
    const location = new URL(res.headers.location as string, 'http://localhost');
    expect(location.pathname).toBe('/approve');
    expect(location.searchParams.get('error')).toMatch(/code_challenge must be the base64url SHA-256/);
  });

  it('expires a request that waited too long', async () => {
    const token = await createToken(alice);
    const req = await openRequest(alice);
    await ctx.db.updateTable('authorization_requests').set({ expires_at: 1 }).where('code', '=', req.code).execute();
    expect(json(await decide(alice, { code: req.code, token: `sk-${token.key}` }))).toMatchObject({ success: false, message: REQUEST_EXPIRED });
    expect(json(await collect(req.verifier)).data).toEqual({ status: AuthorizationStatus.Expired });
  });

  it('refuses bad input with clear messages', async () => {
    expect(json(await collect('short'))).toMatchObject({ success: false, message: 'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~' });
    expect(json(await collect(pkcePair().verifier))).toMatchObject({ success: false, message: 'authorization request not found' });
    expect(json(await decide(alice, { code: 'x' }))).toMatchObject({ success: false, message: 'token is required' });
    const anonymous = await ctx.app.inject({ method: 'PATCH', url: '/api/request_bind', payload: { code: 'x', reject: true } });
    expect(anonymous.statusCode).toBe(401);
  });
});
