import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType, Role } from '@gw/contracts';
import { ChannelStatus } from '../channels/channel-types.js';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { testDialects } from '../../test/test-database.js';
import { signIn } from '../../test/test-app.js';
import { accessToken, codexKey, startFakeTokenServer, type FakeTokenServer } from '../../test/fake-codex.js';
import { fixtureReply, type RecordedRequest } from '../../test/fake-upstream/index.js';
import { tokenExpiry } from '../channels/codex/codex-key.js';

const RESPONSES_PATH = '/backend-api/codex/responses';

/**
 * Codex channels (type 57) through the real gateway with the official OpenAI client: the ChatGPT backend
 * (a fake that streams the recorded Codex wire format and refuses expired tokens) serves chat, Responses
 * and Claude requests; expired tokens are refreshed once against a fake token endpoint and saved.
 */
describe.each(testDialects())('Codex channels through the gateway (%s)', (dialect) => {
  let r: RelayContext;
  let tokens: FakeTokenServer;
  let key: string;
  let userId: number;
  /** Access tokens the fake backend refuses however fresh (revoked). */
  const revoked = new Set<string>();
  /** Account ids the fake backend answers with a spent plan allowance. */
  const limited = new Set<string>();

  const backend = (req: RecordedRequest) => {
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    const expiry = tokenExpiry(bearer);
    if (revoked.has(bearer) || expiry === undefined || expiry < Date.now()) return fixtureReply('codex', 'error-401-expired');
    if (limited.has(String(req.headers['chatgpt-account-id']))) return fixtureReply('codex', 'error-429-usage-limit');
    return fixtureReply('codex', 'responses-stream');
  };

  beforeAll(async () => {
    tokens = await startFakeTokenServer();
    r = await createRelayContext(dialect, { [`POST ${RESPONSES_PATH}`]: backend }, { config: { codexOAuthTokenUrl: tokens.tokenUrl } });
    const user = await r.createUser();
    userId = user.id;
    key = (await r.createApiKey(user.id)).key;
  });
  afterAll(async () => {
    await r?.close();
    await tokens?.close();
  });
  afterEach(() => r.setOptions({ AutomaticDisableChannelEnabled: false, RetryTimes: 0 }));

  /** A Codex channel serving a model of its own; its key as given (default: fresh tokens). */
  async function codexChannel(channelKey = codexKey({ access: accessToken(), refresh: 'rt-unused' }), extra: Record<string, unknown> = {}) {
    const model = await r.uniqueModel();
    const id = await r.createChannel({ type: ChannelType.Codex, models: model, key: channelKey, ...extra });
    return { id, model };
  }
  const backendCalls = () => r.upstream.requests.filter((q) => q.path === RESPONSES_PATH);
  const refreshCalls = () => tokens.calls().filter((q) => (q.body as Record<string, string>)?.grant_type === 'refresh_token');
  const storedKey = async (id: number) => (await r.ctx.db.selectFrom('channels').select('key').where('id', '=', id).executeTakeFirstOrThrow()).key!;
  const channelRow = (id: number) => r.ctx.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', id).executeTakeFirstOrThrow();

  it('answers a chat completion from the collected stream, and bills the backend’s usage', async () => {
    const access = accessToken({ accountId: 'acc-chat' });
    const { model } = await codexChannel(codexKey({ access, refresh: 'rt-chat', accountId: 'acc-chat' }));
    const before = backendCalls().length;
    const answer = await r.openai(key).chat.completions.create({ model, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 50, temperature: 0.3 });
    expect(answer.choices[0].message.content).toBe('Hello there!');
    expect(answer.usage).toMatchObject({ prompt_tokens: 1536, completion_tokens: 60, prompt_tokens_details: { cached_tokens: 1024 } });

    const sent = backendCalls().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].headers).toMatchObject({ authorization: `Bearer ${access}`, 'chatgpt-account-id': 'acc-chat', 'openai-beta': 'responses=experimental', originator: 'codex_cli_rs', accept: 'text/event-stream' });
    expect(sent[0].body).toMatchObject({ model, stream: true, store: false, instructions: '' });
    expect(sent[0].body).not.toHaveProperty('max_output_tokens');
    expect(sent[0].body).not.toHaveProperty('temperature');
    expect((sent[0].body as { input: unknown[] }).input).toEqual([
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: 'Be brief.' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
    ]);
    await r.settled();
    const log = (await r.logsOf(userId, 2)).at(-1)!;
    expect(log).toMatchObject({ model_name: model, prompt_tokens: 1536, completion_tokens: 60 });
  });

  it('streams a chat completion', async () => {
    const { model } = await codexChannel();
    const stream = await r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage: unknown;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello there!');
    expect(usage).toMatchObject({ prompt_tokens: 1536, completion_tokens: 60 });
  });

  it('answers a Responses request whole, though the backend only streams', async () => {
    const { model } = await codexChannel();
    const response = await r.openai(key).responses.create({ model, input: 'hi', max_output_tokens: 100 });
    expect(response.output_text).toBe('Hello there!');
    expect(response.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(response.usage).toMatchObject({ input_tokens: 1536, output_tokens: 60, output_tokens_details: { reasoning_tokens: 48 } });
    const sent = backendCalls().at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ stream: true, store: false, instructions: '', input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hi' }] }] });
    expect(sent).not.toHaveProperty('max_output_tokens');
  });

  it('streams a Responses request, its final event carrying the output', async () => {
    const { model } = await codexChannel();
    const stream = await r.openai(key).responses.create({ model, input: 'hi', instructions: 'Be brief.', stream: true });
    let text = '';
    let final: { output: { type: string }[]; usage?: { input_tokens: number } } | undefined;
    for await (const event of stream) {
      if (event.type === 'response.output_text.delta') text += event.delta;
      if (event.type === 'response.completed') final = event.response;
    }
    expect(text).toBe('Hello there!');
    expect(final!.output.map((item) => item.type)).toEqual(['reasoning', 'message']);
    expect(final!.usage?.input_tokens).toBe(1536);
    expect((backendCalls().at(-1)!.body as Record<string, unknown>).instructions).toBe('Be brief.');
  });

  it('serves a Claude Messages request through chat and the Responses bridge', async () => {
    const { model } = await codexChannel();
    const res = await fetch(`${r.gateway}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hello there!' }] });
  });

  it('refreshes an expired access token once for concurrent requests, and saves the new tokens in the channel', async () => {
    tokens.valid.add('rt-concurrent');
    const stale = accessToken({ accountId: 'acc-refresh', expiresIn: -60 });
    const { id, model } = await codexChannel(codexKey({ access: stale, refresh: 'rt-concurrent', accountId: 'acc-refresh' }));
    const refreshesBefore = refreshCalls().length;
    const callsBefore = backendCalls().length;

    const answers = await Promise.all(Array.from({ length: 6 }, () => r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] })));
    expect(answers.map((a) => a.choices[0].message.content)).toEqual(Array(6).fill('Hello there!'));
    const refreshes = refreshCalls().slice(refreshesBefore);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0].body).toEqual({ client_id: 'app_EMoamEEZ73f0CkXaXp7hrann', grant_type: 'refresh_token', refresh_token: 'rt-concurrent', scope: 'openid profile email' });

    const saved = JSON.parse(await storedKey(id)) as Record<string, string>;
    expect(saved).toMatchObject({ type: 'codex', account_id: 'acc-refresh', refresh_token: expect.stringMatching(/^rt-issued-/), last_refresh: expect.any(String), expired: expect.any(String) });
    expect(saved.access_token).not.toBe(stale);
    expect(tokens.valid.has(saved.refresh_token)).toBe(true);
    const used = new Set(backendCalls().slice(callsBefore).map((q) => q.headers.authorization));
    expect(used).toEqual(new Set([`Bearer ${saved.access_token}`]));

    // The saved tokens serve the next request without another refresh.
    await r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'again' }] });
    expect(refreshCalls().length - refreshesBefore).toBe(1);
  });

  it('refreshes and saves each key of a channel holding several on its own line', async () => {
    tokens.valid.add('rt-line-0');
    tokens.valid.add('rt-line-1');
    const first = codexKey({ access: accessToken({ accountId: 'acc-0', expiresIn: -5 }), refresh: 'rt-line-0', accountId: 'acc-0' });
    const second = codexKey({ access: accessToken({ accountId: 'acc-1', expiresIn: -5 }), refresh: 'rt-line-1', accountId: 'acc-1' });
    const { id, model } = await codexChannel(`[${first},${second}]`);
    await r.ctx.db.updateTable('channels').set({ channel_info: JSON.stringify({ multi_key_size: 2, multi_key_mode: 'polling' }) }).where('id', '=', id).execute();
    await r.ctx.services.routing.reload();
    for (let i = 0; i < 2; i++) await r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    const keys = JSON.parse(await storedKey(id)) as Record<string, string>[];
    expect(keys.map((k) => k.account_id)).toEqual(['acc-0', 'acc-1']);
    for (const k of keys) expect(k.refresh_token).toMatch(/^rt-issued-/);
    expect(new Set(backendCalls().slice(-2).map((q) => q.headers['chatgpt-account-id']))).toEqual(new Set(['acc-0', 'acc-1']));
  });

  it('disables the channel when its refresh token is refused and automatic disabling is on, without calling the backend', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    const { id, model } = await codexChannel(codexKey({ access: accessToken({ expiresIn: -60 }), refresh: 'rt-already-used' }));
    const callsBefore = backendCalls().length;
    const failed = await r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).catch((err: unknown) => err as { status: number; message: string });
    expect(failed).toMatchObject({ status: 401, message: expect.stringContaining('refresh_token_reused') });
    await expect.poll(async () => (await channelRow(id)).status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse((await channelRow(id)).other_info!).status_reason).toContain('refused the refresh');
    expect(backendCalls().length).toBe(callsBefore);
  });

  it('keeps a channel whose refresh was refused enabled when automatic disabling is off, and does not ask again at once', async () => {
    const { id, model } = await codexChannel(codexKey({ access: accessToken({ expiresIn: -60 }), refresh: 'rt-revoked' }));
    const before = refreshCalls().length;
    for (let i = 0; i < 3; i++) {
      await expect(r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 401 });
    }
    expect(refreshCalls().length - before).toBe(1);
    expect((await channelRow(id)).status).toBe(ChannelStatus.Enabled);
  });

  it('disables the channel when the backend refuses its access token', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    const access = accessToken({ accountId: 'acc-revoked' });
    revoked.add(access);
    const { id, model } = await codexChannel(codexKey({ access, refresh: 'rt-x', accountId: 'acc-revoked' }));
    await expect(r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({ status: 401 });
    await expect.poll(async () => (await channelRow(id)).status).toBe(ChannelStatus.AutoDisabled);
  });

  it('tries another channel when a plan’s usage limit is spent, telling when it resets', async () => {
    await r.setOptions({ RetryTimes: 1 });
    limited.add('acc-limited');
    const model = await r.uniqueModel();
    const spent = await r.createChannel({ type: ChannelType.Codex, models: model, priority: 10, key: codexKey({ access: accessToken({ accountId: 'acc-limited' }), refresh: 'r', accountId: 'acc-limited' }) });
    await r.createChannel({ type: ChannelType.Codex, models: model, priority: 0, key: codexKey({ access: accessToken({ accountId: 'acc-spare' }), refresh: 'r', accountId: 'acc-spare' }) });
    const before = backendCalls().length;
    const answer = await r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0].message.content).toBe('Hello there!');
    expect(backendCalls().slice(before).map((q) => q.headers['chatgpt-account-id'])).toEqual(['acc-limited', 'acc-spare']);
    expect((await channelRow(spent)).status).toBe(ChannelStatus.Enabled);

    await r.setOptions({ RetryTimes: 0 });
    const alone = await r.uniqueModel();
    await r.createChannel({ type: ChannelType.Codex, models: alone, key: codexKey({ access: accessToken({ accountId: 'acc-limited' }), refresh: 'r', accountId: 'acc-limited' }) });
    const refusal = await r.openai(key).chat.completions.create({ model: alone, messages: [{ role: 'user', content: 'hi' }] }).catch((err: unknown) => err);
    expect(refusal).toMatchObject({ status: 429, message: expect.stringContaining('The usage limit has been reached (plus plan); it resets in 75 min') });
  });

  it('passes a channel test, refreshing an expired token first', async () => {
    tokens.valid.add('rt-test');
    const { id } = await codexChannel(codexKey({ access: accessToken({ expiresIn: -1 }), refresh: 'rt-test' }));
    const rootUser = await r.createUser({ role: Role.Root });
    const root = await signIn(r.ctx.app, rootUser);
    const before = backendCalls().length;
    const res = await r.ctx.app.inject({ method: 'GET', url: `/api/channel/test/${id}`, headers: root.headers });
    expect(res.json()).toMatchObject({ success: true });
    const sent = backendCalls().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ stream: true, store: false, instructions: '', input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }] });
    expect(JSON.parse(await storedKey(id)).refresh_token).toMatch(/^rt-issued-/);
  });
});
