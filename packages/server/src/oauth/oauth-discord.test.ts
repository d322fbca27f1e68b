import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BIND_MESSAGE, Role } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { userRow } from '../users/users.test-helpers.js';
import { DISCORD_PATHS, startFakeCodeProvider, type FakeCodeProvider } from './testing/fake-code-provider.test-helpers.js';
import { callback, sessionOf, startFlow } from './testing/oauth.test-helpers.js';
import { STATE_MISMATCH } from './oauth.service.js';

describe.each(testDialects())('Discord sign-in and binding against a fake Discord (%s)', (dialect) => {
  let ctx: TestContext;
  let discord: FakeCodeProvider;
  let root: Member;
  let seq = 500_000_000_000_000_000n;
  const snowflake = () => String(++seq);

  beforeAll(async () => {
    discord = await startFakeCodeProvider({ paths: DISCORD_PATHS, clientAuth: 'post' });
    ctx = await createTestContext(dialect, { oauthDiscordBaseUrl: discord.url });
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
  });
  afterAll(async () => {
    await ctx?.close();
    await discord?.close();
  });

  const putOption = async (key: string, value: unknown) =>
    json(await ctx.app.inject({ method: 'PUT', url: '/api/option/', headers: root.session.headers, payload: { key, value } }));

  const runFlow = async (who?: Member) => {
    const flow = await startFlow(ctx, 'discord', who);
    return callback(ctx, 'discord', await discord.authorize(flow.authorizeUrl), who, flow.cookie);
  };

  it('refuses to enable Discord before its client id and secret are saved', async () => {
    expect(await putOption('discord.enabled', true)).toMatchObject({ success: false, message: 'cannot enable Discord sign-in: set discord.client_id and discord.client_secret first' });
    expect(await putOption('discord.client_id', discord.client.id)).toMatchObject({ success: true });
    expect(await putOption('discord.enabled', true)).toMatchObject({ success: false });
    expect(await putOption('discord.client_secret', discord.client.secret)).toMatchObject({ success: true });
    expect(await putOption('discord.enabled', true)).toMatchObject({ success: true });
    expect(await putOption('discord.client_id', '')).toMatchObject({ success: false, message: 'discord.client_id cannot be empty while discord.enabled is on' });
  });

  it('shows Discord in the status and keeps its secret write-only', async () => {
    const status = await ctx.app.inject({ method: 'GET', url: '/api/status' });
    expect(json(status).data).toMatchObject({ discord_oauth: true, discord_client_id: discord.client.id });
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/option/', headers: root.session.headers });
    expect(json(listed).data.map((o: { key: string }) => o.key)).toContain('discord.client_id');
    for (const res of [status, listed]) expect(res.payload).not.toContain(discord.client.secret);
  });

  it('creates a discord_ user on first sign-in with the global name and the verified e-mail, then signs the same user in', async () => {
    const id = snowflake();
    discord.signInAs({ id, username: 'wumpus', global_name: 'Wumpus', email: `w${id}@example.test`, verified: true });
    const flow = await startFlow(ctx, 'discord');
    const authorize = new URL(flow.authorizeUrl);
    expect(authorize.origin + authorize.pathname).toBe(`${discord.url}/oauth2/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', client_id: discord.client.id, scope: 'identify email', redirect_uri: 'http://localhost/oauth/discord' });
    const res = await callback(ctx, 'discord', await discord.authorize(flow.authorizeUrl), undefined, flow.cookie);
    const body = json(res);
    expect(body.success, body.message).toBe(true);
    expect(body.data.username).toMatch(/^discord_\d+$/);
    expect(await userRow(ctx, body.data.id)).toMatchObject({ discord_id: id, display_name: 'Wumpus', email: `w${id}@example.test`, password: '' });
    const exchange = discord.requests.filter((r) => r.role === 'token').at(-1);
    expect(exchange?.form).toMatchObject({ grant_type: 'authorization_code', client_id: discord.client.id, client_secret: discord.client.secret });
    expect(res.payload).not.toContain(discord.client.secret);

    const self = await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: sessionOf(res) });
    expect(json(self).data).toMatchObject({ id: body.data.id, discord_id: id });
    expect(json(await runFlow()).data.id).toBe(body.data.id);
  });

  it('ignores an e-mail address Discord has not verified, and falls back to the username', async () => {
    const id = snowflake();
    discord.signInAs({ id, username: 'unverified', global_name: null, email: `u${id}@example.test`, verified: false });
    const body = json(await runFlow());
    expect(body.success, body.message).toBe(true);
    expect(await userRow(ctx, body.data.id)).toMatchObject({ discord_id: id, display_name: 'unverified', email: '' });
  });

  it('binds Discord to the signed-in user and refuses that account to anyone else', async () => {
    const alice = await member(ctx);
    const bob = await member(ctx);
    const id = snowflake();
    discord.signInAs({ id, username: 'alice', verified: false });
    expect(json(await runFlow(alice))).toMatchObject({ success: true, message: OAUTH_BIND_MESSAGE });
    expect((await userRow(ctx, alice.id))?.discord_id).toBe(id);
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: alice.session.headers })).data.discord_id).toBe(id);

    expect(json(await runFlow(bob))).toMatchObject({ success: false, message: 'this Discord account is already bound to another user' });
    expect((await userRow(ctx, bob.id))?.discord_id).toBe('');
    // Signing in with it now signs Alice in.
    expect(json(await runFlow()).data.id).toBe(alice.id);
  });

  it('refuses a callback with another browser’s state and does not ask Discord', async () => {
    discord.signInAs({ id: snowflake(), username: 'x' });
    const flow = await startFlow(ctx, 'discord');
    const back = await discord.authorize(flow.authorizeUrl);
    const other = await startFlow(ctx, 'discord');
    const before = discord.requests.length;
    expect(json(await callback(ctx, 'discord', back, undefined, other.cookie))).toMatchObject({ success: false, message: STATE_MISMATCH });
    expect(discord.requests.length).toBe(before);
  });

  it('passes on Discord’s refusal of the code as a clear message', async () => {
    discord.signInAs({ id: snowflake(), username: 'x' });
    discord.failNextToken(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    const res = await runFlow();
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ success: false, message: 'Discord sign-in failed: Invalid "code" in request.' });
  });

  it('refuses a new account while registration is off', async () => {
    await ctx.services.options.set({ RegisterEnabled: false });
    try {
      discord.signInAs({ id: snowflake(), username: 'late' });
      const body = json(await runFlow());
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/registration has been disabled.*Discord account is not bound/);
    } finally {
      await ctx.services.options.set({ RegisterEnabled: true });
    }
  });

  it('refuses sign-in while Discord is disabled', async () => {
    await ctx.services.options.set({ 'discord.enabled': false });
    try {
      const state = await ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'discord' } });
      expect(json(state)).toMatchObject({ success: false, message: 'Discord sign-in is not enabled by the administrator' });
      const cb = await ctx.app.inject({ method: 'GET', url: '/api/oauth/discord', query: { code: 'c', state: 's' }, headers: { cookie: 'oauth_state=s' } });
      expect(json(cb)).toMatchObject({ success: false, message: 'Discord sign-in is not enabled by the administrator' });
    } finally {
      await ctx.services.options.set({ 'discord.enabled': true });
    }
  });
});
