import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType, Role } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';
import { accessToken, codexKey, startFakeTokenServer, type FakeTokenServer } from '../../../test/fake-codex.js';
import { errorReply } from '../../../test/fake-upstream/index.js';

/** The console's "Authorize with ChatGPT" for Codex channels, and the forced refresh of a channel's tokens. */
describe.each(testDialects())('Codex channel authorization (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let otherRoot: Member;
  let tokens: FakeTokenServer;

  beforeAll(async () => {
    tokens = await startFakeTokenServer();
    ctx = await createTestContext(dialect, { codexOAuthTokenUrl: tokens.tokenUrl });
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    otherRoot = await member(ctx, { role: Role.Root });
  });
  afterAll(async () => {
    await ctx?.close();
    await tokens?.close();
  });

  const post = async (url: string, payload: unknown, as: Member = root) => {
    const res = await ctx.app.inject({ method: 'POST', url, headers: as.session.headers, payload: payload as object });
    return { status: res.statusCode, body: json(res) };
  };

  /** Starts an authorization; the fake endpoint will take `code` for it (its PKCE challenge read from the address). */
  const start = async (code: string, as: Member = root, account = { accountId: 'acc-oauth', email: 'owner@example.com' }) => {
    const { body } = await post('/api/channel/codex/oauth/start', {}, as);
    expect(body.success).toBe(true);
    const url = new URL(body.data.authorize_url);
    tokens.codes.set(code, { challenge: url.searchParams.get('code_challenge')!, ...account });
    return { state: body.data.state as string, url, expiresAt: body.data.expires_at as number };
  };
  const callback = (code: string, state: string) => `http://localhost:1455/auth/callback?code=${code}&scope=openid+profile+email+offline_access&state=${state}`;

  it('starts the Codex CLI’s sign-in with PKCE and a state kept in the database for ten minutes', async () => {
    const { state, url, expiresAt } = await start('unused-code');
    expect(`${url.origin}${url.pathname}`).toBe('https://auth.openai.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app_EMoamEEZ73f0CkXaXp7hrann',
      redirect_uri: 'http://localhost:1455/auth/callback',
      scope: 'openid profile email offline_access',
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: 'S256',
      id_token_add_organizations: 'true',
      codex_cli_simplified_flow: 'true',
      state,
      originator: 'codex_cli_rs',
    });
    const row = await ctx.db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'codex:channel', user_id: root.id, redirect_uri: 'http://localhost:1455/auth/callback' });
    expect(row.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(600);
    expect(Number(row.expires_at)).toBe(expiresAt);
  });

  it('exchanges the pasted callback’s code with the PKCE verifier and answers the channel key, once', async () => {
    const { state } = await start('code-good');
    const before = tokens.calls().length;
    const { status, body } = await post('/api/channel/codex/oauth/complete', { state, callback_url: callback('code-good', state) });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({ account_id: 'acc-oauth', email: 'owner@example.com', expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), last_refresh: expect.any(String) });
    const key = JSON.parse(body.data.key);
    expect(key).toMatchObject({ type: 'codex', account_id: 'acc-oauth', email: 'owner@example.com', refresh_token: expect.stringMatching(/^rt-issued-/), access_token: expect.any(String), id_token: expect.any(String), expired: body.data.expires_at });
    // The fake endpoint checked the verifier against the challenge of the authorize address.
    const exchange = tokens.calls().slice(before);
    expect(exchange).toHaveLength(1);
    const form = new URLSearchParams(exchange[0].raw.toString('utf8'));
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    tokens.codes.set('code-good', { challenge: 'whatever' });
    const again = await post('/api/channel/codex/oauth/complete', { state, callback_url: callback('code-good', state) });
    expect(again.body).toMatchObject({ success: false, message: 'this authorization is unknown, has expired or was already completed: start it again' });
  });

  it('takes new-api’s pasted `input` (the state read from the address) and a code sent with its state', async () => {
    const first = await start('code-input');
    expect((await post('/api/channel/codex/oauth/complete', { input: callback('code-input', first.state) })).body.success).toBe(true);
    const second = await start('code-bare');
    expect((await post('/api/channel/codex/oauth/complete', { state: second.state, code: 'code-bare' })).body.data.account_id).toBe('acc-oauth');
  });

  it('refuses an expired state', async () => {
    const { state } = await start('code-late');
    await ctx.db.updateTable('oauth_states').set({ expires_at: 1 }).where('state', '=', state).execute();
    const { body } = await post('/api/channel/codex/oauth/complete', { callback_url: callback('code-late', state) });
    expect(body).toMatchObject({ success: false, message: expect.stringContaining('has expired') });
  });

  it('answers a wrong paste clearly, with HTTP 200, and leaves the authorization usable', async () => {
    const { state } = await start('code-retry');
    const cases: [unknown, string][] = [
      [{ state, callback_url: 'https://chatgpt.com/codex' }, 'the pasted address holds no authorization code: paste the whole address the browser was sent to after signing in (http://localhost:1455/auth/callback?code=…&state=…)'],
      [{ state, callback_url: 'the code is somewhere' }, 'that is not an authorization code'],
      [{ state }, 'callback_url is required'],
      [{ callback_url: 'code-retry' }, 'state is required'],
      [{ state, callback_url: callback('code-retry', 'someone-else') }, 'the pasted address belongs to another authorization'],
      [{ callback_url: `http://localhost:1455/auth/callback?error=access_denied&error_description=denied&state=${state}` }, 'the ChatGPT sign-in did not authorize the channel (access_denied: denied)'],
      [{ state, callback_url: 42 }, 'callback_url'],
      [[], ''],
    ];
    for (const [payload, message] of cases) {
      const { status, body } = await post('/api/channel/codex/oauth/complete', payload);
      expect(status, JSON.stringify(payload)).toBe(200);
      expect(body.success, JSON.stringify(payload)).toBe(false);
      expect(body.message).toContain(message);
    }
    expect((await post('/api/channel/codex/oauth/complete', { state, callback_url: callback('code-retry', state) })).body.success).toBe(true);
  });

  it('tells the token endpoint’s refusal of the code, and another administrator cannot use the state', async () => {
    const mine = await start('code-mine');
    const refused = await post('/api/channel/codex/oauth/complete', { callback_url: callback('code-unknown', mine.state) });
    expect(refused.body).toMatchObject({ success: false, message: expect.stringContaining('refused the code exchange (HTTP 400, invalid_grant): Invalid authorization code') });

    const theirs = await start('code-theirs', otherRoot);
    expect((await post('/api/channel/codex/oauth/complete', { callback_url: callback('code-theirs', theirs.state) })).body.success).toBe(false);
  });

  it('refuses an account-less answer (a token without chatgpt_account_id)', async () => {
    const { state } = await start('code-no-account', root, { accountId: '', email: 'x@example.com' });
    const { body } = await post('/api/channel/codex/oauth/complete', { callback_url: callback('code-no-account', state) });
    expect(body).toMatchObject({ success: false, message: expect.stringContaining('name no ChatGPT account') });
  });

  describe('forced refresh of a saved channel', () => {
    const channel = (key: string, type: number = ChannelType.Codex) =>
      ctx.services.routing.createChannel({ type, name: `codex-${Math.random().toString(36).slice(2, 6)}`, key, models: 'gpt-5', group: 'default', status: 1 });
    const storedKey = async (id: number) => (await ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key!;

    it('refreshes the tokens now, saves them in the channel and answers the account, never a token', async () => {
      tokens.valid.add('rt-force-1');
      const id = await channel(codexKey({ access: accessToken({ expiresIn: 86_400 * 9 }), refresh: 'rt-force-1' }));
      const { body } = await post(`/api/channel/${id}/codex/refresh`, {});
      expect(body).toMatchObject({ success: true, data: { channel_id: id, key_index: 0, account_id: 'acc-test', expires_at: expect.any(String) } });
      expect(JSON.stringify(body)).not.toContain('rt-issued');
      const saved = JSON.parse(await storedKey(id));
      expect(saved.refresh_token).toMatch(/^rt-issued-/);
      expect(tokens.valid.has('rt-force-1')).toBe(false);
    });

    it('refreshes one key of a channel holding several, the others untouched', async () => {
      tokens.valid.add('rt-multi-b');
      const a = codexKey({ access: accessToken({ accountId: 'acc-a' }), refresh: 'rt-multi-a', accountId: 'acc-a' });
      const b = codexKey({ access: accessToken({ accountId: 'acc-b' }), refresh: 'rt-multi-b', accountId: 'acc-b' });
      const id = await channel(`[${a},${b}]`);
      const { body } = await post(`/api/channel/${id}/codex/refresh`, { key_index: 1 });
      expect(body.data).toMatchObject({ key_index: 1, account_id: 'acc-b' });
      const keys = JSON.parse(await storedKey(id)) as Record<string, string>[];
      expect(keys).toHaveLength(2);
      expect(JSON.stringify(keys[0])).toBe(a);
      expect(keys[1]).toMatchObject({ account_id: 'acc-b', refresh_token: expect.stringMatching(/^rt-issued-/) });
      expect((await post(`/api/channel/${id}/codex/refresh`, { key_index: 2 })).body).toMatchObject({ success: false, message: 'key_index must be below 2' });
    });

    it('answers a refused refresh token, a broken key and a channel of another type as refusals', async () => {
      const dead = await channel(codexKey({ access: accessToken(), refresh: 'rt-never-issued' }));
      expect((await post(`/api/channel/${dead}/codex/refresh`, {})).body).toMatchObject({ success: false, message: expect.stringContaining('refresh_token_reused') });
      const broken = await channel('{"access_token":');
      expect((await post(`/api/channel/${broken}/codex/refresh`, {})).body).toMatchObject({ success: false, message: 'the Codex channel key is not valid JSON' });
      const openai = await channel('sk-plain', ChannelType.OpenAI);
      expect((await post(`/api/channel/${openai}/codex/refresh`, {})).body).toMatchObject({ success: false, message: `channel #${openai} is not a Codex channel` });
      expect((await post('/api/channel/999999/codex/refresh', {})).body).toMatchObject({ success: false, message: 'channel not found' });
    });

    it('tells an unreachable or failing token endpoint apart from a refusal', async () => {
      tokens.valid.add('rt-outage');
      const id = await channel(codexKey({ access: accessToken(), refresh: 'rt-outage' }));
      tokens.failWith = errorReply(503, { error: 'temporarily_unavailable' });
      try {
        expect((await post(`/api/channel/${id}/codex/refresh`, {})).body).toMatchObject({ success: false, message: 'the ChatGPT token endpoint failed the refresh (HTTP 503)' });
      } finally {
        tokens.failWith = undefined;
      }
      // Still the old refresh token, which still works.
      expect((await post(`/api/channel/${id}/codex/refresh`, {})).body.success).toBe(true);
    });
  });
});
