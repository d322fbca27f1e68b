import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { callJson } from '../users/users.test-helpers.js';
import { PasskeyMessage } from './passkeys.service.js';
import { SoftwareAuthenticator } from './software-authenticator.test-helpers.js';

const ORIGIN = 'http://localhost:5173';

describe.each(testDialects())('passkeys with a software authenticator (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    await ctx.services.options.set({ 'passkey.enabled': true, 'passkey.rp_id': 'localhost', 'passkey.origins': [ORIGIN] });
  });
  afterAll(() => ctx?.close());

  const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'POST', url, payload, headers });

  /** Registers a new authenticator for `u` through the API. */
  async function registered(u: Member, name = ''): Promise<SoftwareAuthenticator> {
    const authenticator = new SoftwareAuthenticator('localhost', ORIGIN);
    const begin = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', u);
    expect(begin.success, begin.message).toBe(true);
    const finish = await callJson(ctx, 'POST', '/api/user/passkey/register/finish', u, { challenge_id: begin.data.challenge_id, response: authenticator.register(begin.data.options), name });
    expect(finish.success, finish.message).toBe(true);
    return authenticator;
  }

  async function passkeyLogin(authenticator: SoftwareAuthenticator, opts: Parameters<SoftwareAuthenticator['authenticate']>[1] = {}) {
    const begin = json(await post('/api/user/passkey/login/begin'));
    expect(begin.success, begin.message).toBe(true);
    return post('/api/user/passkey/login/finish', { challenge_id: begin.data.challenge_id, response: authenticator.authenticate(begin.data.options, opts) });
  }

  it('registers a passkey: options name this site, the credential is listed', async () => {
    const u = await member(ctx);
    const begin = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', u);
    expect(begin.data.options).toMatchObject({ rp: { id: 'localhost' }, user: { name: u.username }, attestation: 'none' });
    const authenticator = new SoftwareAuthenticator('localhost', ORIGIN);
    const finish = await callJson(ctx, 'POST', '/api/user/passkey/register/finish', u, { challenge_id: begin.data.challenge_id, response: authenticator.register(begin.data.options), name: 'Laptop' });
    expect(finish).toMatchObject({ success: true, data: { name: 'Laptop', last_used_at: 0 } });
    expect((await callJson(ctx, 'GET', '/api/user/passkey', u)).data).toEqual([expect.objectContaining({ name: 'Laptop' })]);
    expect((await callJson(ctx, 'GET', '/api/user/2fa/status', u)).data.passkeys).toHaveLength(1);
    // The same authenticator cannot be registered twice.
    const again = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', u);
    expect(again.data.options.excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    expect(await callJson(ctx, 'POST', '/api/user/passkey/register/finish', u, { challenge_id: again.data.challenge_id, response: authenticator.register(again.data.options) })).toMatchObject({
      success: false,
      message: PasskeyMessage.Duplicate,
    });
  });

  it('signs in with the passkey alone, without a password', async () => {
    const u = await member(ctx);
    const authenticator = await registered(u);
    const res = await passkeyLogin(authenticator);
    expect(json(res)).toMatchObject({ success: true, data: { id: u.id, username: u.username } });
    const cookie = res.cookies.find((c) => c.name === 'session')!.value;
    const self = await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie: `session=${cookie}`, 'new-api-user': String(u.id) } });
    expect(json(self).data.id).toBe(u.id);
    const [row] = await ctx.db.selectFrom('passkeys').selectAll().where('user_id', '=', u.id).execute();
    expect(row.counter).toBe(1);
    expect(row.last_used_at).toBeGreaterThan(0);
  });

  it('refuses a reused challenge, a wrong origin and a counter that went backwards (a cloned key)', async () => {
    const u = await member(ctx);
    const authenticator = await registered(u);
    const begin = json(await post('/api/user/passkey/login/begin'));
    const answer = authenticator.authenticate(begin.data.options);
    expect(json(await post('/api/user/passkey/login/finish', { challenge_id: begin.data.challenge_id, response: answer })).success).toBe(true);
    expect(json(await post('/api/user/passkey/login/finish', { challenge_id: begin.data.challenge_id, response: answer }))).toMatchObject({ success: false, message: PasskeyMessage.Expired });
    // The same signed answer against a fresh challenge does not verify.
    const other = json(await post('/api/user/passkey/login/begin'));
    expect(json(await post('/api/user/passkey/login/finish', { challenge_id: other.data.challenge_id, response: answer }))).toMatchObject({ success: false, message: PasskeyMessage.Failed });

    expect(json(await passkeyLogin(authenticator, { origin: 'https://evil.example' }))).toMatchObject({ success: false, message: PasskeyMessage.Failed });
    expect(json(await passkeyLogin(authenticator, { counter: 1 }))).toMatchObject({ success: false, message: PasskeyMessage.Failed });
    expect(json(await passkeyLogin(authenticator)).success).toBe(true);
  });

  it('refuses a registration answered from another origin or with another user\'s challenge', async () => {
    const a = await member(ctx);
    const b = await member(ctx);
    const authenticator = new SoftwareAuthenticator('localhost', ORIGIN);
    const begin = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', a);
    expect(await callJson(ctx, 'POST', '/api/user/passkey/register/finish', b, { challenge_id: begin.data.challenge_id, response: authenticator.register(begin.data.options) })).toMatchObject({
      success: false,
      message: PasskeyMessage.Expired,
    });
    const fresh = await callJson(ctx, 'POST', '/api/user/passkey/register/begin', a);
    expect(await callJson(ctx, 'POST', '/api/user/passkey/register/finish', a, { challenge_id: fresh.data.challenge_id, response: authenticator.register(fresh.data.options, 'https://evil.example') })).toMatchObject({
      success: false,
      message: PasskeyMessage.Failed,
    });
    expect(await callJson(ctx, 'POST', '/api/user/passkey/register/finish', a, { challenge_id: 'x', response: 'nope' })).toMatchObject({ success: false, message: 'response must be a WebAuthn credential object' });
  });

  it('removes a passkey (only its owner can), after which it no longer signs in', async () => {
    const u = await member(ctx);
    const stranger = await member(ctx);
    const authenticator = await registered(u);
    const [key] = (await callJson(ctx, 'GET', '/api/user/passkey', u)).data;
    expect(await callJson(ctx, 'DELETE', `/api/user/passkey/${key.id}`, stranger)).toMatchObject({ success: false, message: 'passkey not found' });
    expect(await callJson(ctx, 'DELETE', `/api/user/passkey/${key.id}`, u)).toMatchObject({ success: true });
    expect(json(await passkeyLogin(authenticator))).toMatchObject({ success: false, message: PasskeyMessage.Unknown });
  });

  it("removes all of the caller's passkeys with new-api's DELETE /api/user/passkey, and only the caller's", async () => {
    const u = await member(ctx);
    const other = await member(ctx);
    const first = await registered(u, 'one');
    const second = await registered(u, 'two');
    const others = await registered(other);
    expect(await callJson(ctx, 'DELETE', '/api/user/passkey', u)).toMatchObject({ success: true, data: { removed: 2 } });
    expect((await callJson(ctx, 'GET', '/api/user/passkey', u)).data).toEqual([]);
    for (const gone of [first, second]) expect(json(await passkeyLogin(gone))).toMatchObject({ success: false, message: PasskeyMessage.Unknown });
    expect(json(await passkeyLogin(others))).toMatchObject({ success: true });
    expect(await callJson(ctx, 'DELETE', '/api/user/passkey', u)).toMatchObject({ success: false, message: 'passkey not found' });
  });

  it('does not sign in a disabled user, and refuses everything while passkeys are turned off', async () => {
    const u = await member(ctx);
    const authenticator = await registered(u);
    await ctx.db.updateTable('users').set({ status: UserStatus.Disabled }).where('id', '=', u.id).execute();
    expect(json(await passkeyLogin(authenticator))).toMatchObject({ success: false, message: PasskeyMessage.Failed });

    await ctx.services.options.set({ 'passkey.enabled': false });
    try {
      expect(json(await post('/api/user/passkey/login/begin'))).toMatchObject({ success: false, message: PasskeyMessage.Disabled });
    } finally {
      await ctx.services.options.set({ 'passkey.enabled': true });
    }
  });
});
