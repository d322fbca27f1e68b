import type { IncomingHttpHeaders } from 'node:http';
import { connect as netConnect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import WebSocket from 'ws';
import { Role, type BillingPreference } from '@gw/contracts';
import { createRelayContext, type RelayContext } from '../../../test/relay-harness.js';
import { upgradeRequest as upgradeByHand, type UpgradeAnswer } from '../../../test/realtime-upgrade.js';
import { signIn, type SignedIn } from '../../../test/test-app.js';
import { computeQuota, resolvePrice, type BillablePrice } from '../../billing/price-calculator.js';
import type { Usage } from '../formats/usage.js';
import { priceTablesOf } from '../pipeline/pricing.js';
import { realtimeUsage, startFakeRealtimeUpstream, type FakeRealtimeUpstream } from './fake-realtime-upstream.test-helpers.js';

const CHANNEL_KEY = 'sk-upstream-realtime-secret-0123456789';

interface Client {
  ws: WebSocket;
  /** Every frame received, in order (text as strings, binary as buffers). */
  frames: (string | Buffer)[];
  upgradeHeaders: IncomingHttpHeaders;
  /** The next received event of this type (parsed). */
  event(type: string): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

describe('GET /v1/realtime: the Realtime API over WebSocket', () => {
  let r: RelayContext;
  const fakes: FakeRealtimeUpstream[] = [];
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(async () => {
    await Promise.all(fakes.map((f) => f.close()));
    await r?.close();
  });

  const wsUrl = (query: string) => `${r.gateway.replace('http://', 'ws://')}/v1/realtime${query}`;
  const fake = async (options = {}) => {
    const f = await startFakeRealtimeUpstream(options);
    fakes.push(f);
    return f;
  };
  const price = (model: string): BillablePrice => {
    const p = resolvePrice(model, 'default', priceTablesOf(r.ctx.services.options));
    if (p.mode === 'unpriced') throw new Error('unpriced');
    return p;
  };
  const quotaOfUsage = (model: string, usage: Usage) => computeQuota(price(model), usage, r.ctx.services.options.get('QuotaPerUnit'));
  const channelUsed = async (id: number) => (await r.ctx.db.selectFrom('channels').select('used_quota').where('id', '=', id).executeTakeFirstOrThrow()).used_quota;

  /** A model with one realtime channel on its own fake upstream, and a user with a key. */
  async function setup(opts: { tokenQuota?: number } = {}) {
    const model = await r.uniqueModel(2);
    const upstream = await fake();
    const channelId = await r.createChannel({ models: model, base_url: upstream.url, key: CHANNEL_KEY });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id, opts.tokenQuota === undefined ? {} : { remainQuota: opts.tokenQuota });
    return { model, upstream, channelId, user, token };
  }

  function connect(query: string, opts: { key?: string; protocols?: string[]; headers?: Record<string, string> } = {}): Promise<Client> {
    const headers = { ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}), ...opts.headers };
    const ws = new WebSocket(wsUrl(query), opts.protocols ?? [], { headers });
    const frames: (string | Buffer)[] = [];
    const waiting: { type: string; resolve: (e: Record<string, unknown>) => void }[] = [];
    const seen: Record<string, unknown>[] = [];
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) return frames.push(Buffer.from(data));
      const text = data.toString('utf8');
      frames.push(text);
      const event = JSON.parse(text) as Record<string, unknown>;
      const i = waiting.findIndex((w) => w.type === event.type);
      if (i >= 0) waiting.splice(i, 1)[0].resolve(event);
      else seen.push(event);
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    let upgradeHeaders: IncomingHttpHeaders = {};
    ws.on('upgrade', (res) => (upgradeHeaders = res.headers));
    const event = (type: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const i = seen.findIndex((e) => e.type === type);
        if (i >= 0) resolve(seen.splice(i, 1)[0]);
        else waiting.push({ type, resolve });
      });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, frames, upgradeHeaders, event, closed }));
      ws.once('error', reject);
    });
  }

  /** Asks for one response, closes, and returns the consume log it left. */
  async function oneResponseLog(c: Client, userId: number) {
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
    c.ws.close();
    await r.settled();
    await expect.poll(async () => (await r.logsOf(userId, 2)).length).toBe(1);
    return (await r.logsOf(userId, 2))[0];
  }

  /** An upgrade request by hand, to see a refusal's status, headers and body. */
  const upgradeRequest = (query: string, headers: Record<string, string>, upgrade = true, path = '/v1/realtime') => upgradeByHand(`${r.gateway}${path}${query}`, headers, upgrade);

  const expectOpenAIError = (res: UpgradeAnswer, status: number, code: string) => {
    expect(res.status).toBe(status);
    const body = JSON.parse(res.body) as { error: { message: string; type: string; code: string } };
    expect(body.error).toMatchObject({ code, type: expect.any(String), message: expect.any(String) });
    return body.error;
  };

  it('relays a session with the official OpenAI SDK client, frames unchanged both ways', async () => {
    const { model, upstream, token } = await setup();
    const client = new OpenAI({ apiKey: token.key, baseURL: `${r.gateway}/v1`, maxRetries: 0 });
    const port = Number(new URL(r.gateway).port);
    // The SDK always dials wss://; the test gateway speaks plain HTTP, so the connection is made by hand.
    const createConnection = (() => netConnect(port, '127.0.0.1')) as never;
    const rt = new OpenAIRealtimeWS({ model, options: { createConnection } }, client);
    const errors: unknown[] = [];
    rt.on('error', (err) => errors.push(err));
    const events: string[] = [];
    rt.on('event', (e) => events.push(e.type));
    const created = new Promise<{ session: { model?: string } }>((resolve) => rt.on('session.created', (e) => resolve(e as never)));
    const done = new Promise<{ response: { usage?: { output_tokens?: number } } }>((resolve) => rt.on('response.done', (e) => resolve(e as never)));
    const transcript = new Promise<string>((resolve) => rt.on('response.output_audio_transcript.delta', (e) => resolve(e.delta)));

    expect((await created).session.model).toBe(model);
    rt.send({ type: 'response.create', response: { instructions: 'say hello' } });
    expect(await transcript).toBe('Hello there!');
    expect((await done).response.usage?.output_tokens).toBe(25);
    expect(events).toEqual(['session.created', 'response.created', 'response.output_item.added', 'response.output_audio.delta', 'response.output_audio.delta', 'response.output_audio_transcript.delta', 'response.done']);
    expect(errors).toEqual([]);

    const conn = upstream.connections[0];
    expect(conn.headers.authorization).toBe(`Bearer ${CHANNEL_KEY}`);
    expect(conn.query.get('model')).toBe(model);
    expect(conn.frames).toEqual([JSON.stringify({ type: 'response.create', response: { instructions: 'say hello' } })]);
    rt.close({ code: 1000, reason: 'bye' });
    expect(await conn.closed).toEqual({ code: 1000, reason: 'bye' });
  });

  it('forwards text and binary frames byte for byte and in order', async () => {
    const { model, upstream, token } = await setup();
    const c = await connect(`?model=${model}`, { key: token.key });
    await c.event('session.created');
    const sent: (string | Buffer)[] = [];
    for (let i = 0; i < 20; i++) {
      const text = `{"type":"test.echo","n":${i},"pad":"${'é'.repeat(i * 50)}"}`;
      const binary = randomBytes(1000 + i * 3000);
      c.ws.send(text);
      c.ws.send(binary);
      sent.push(text, binary);
    }
    await expect.poll(() => c.frames.length).toBe(1 + sent.length);
    // Digests: a deep comparison of 600 kB of buffers takes vitest seconds.
    expect(c.frames.slice(1).map(digest)).toEqual(sent.map(digest));
    expect(upstream.connections[0].frames.map(digest)).toEqual(sent.map(digest));
    c.ws.close();
  });

  it('maps the model through the channel and passes OpenAI-Beta on', async () => {
    const model = await r.uniqueModel(2);
    const upstream = await fake();
    await r.createChannel({ models: model, base_url: upstream.url, key: CHANNEL_KEY, model_mapping: JSON.stringify({ [model]: 'gpt-realtime' }) });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const c = await connect(`?model=${model}`, { key: token.key, headers: { 'openai-beta': 'realtime=v1' } });
    await c.event('session.created');
    expect(upstream.connections[0].query.get('model')).toBe('gpt-realtime');
    expect(upstream.connections[0].headers['openai-beta']).toBe('realtime=v1');
    const log = await oneResponseLog(c, user.id);
    expect(log.model_name).toBe(model);
    expect(JSON.parse(log.other ?? '{}')).toMatchObject({ upstream_model_name: 'gpt-realtime', is_model_mapped: true });
  });

  it('runs an auto key\'s session in the first auto group with a channel for the model, billed and logged there', async () => {
    const saved = { GroupRatio: r.ctx.services.options.get('GroupRatio'), UserUsableGroups: r.ctx.services.options.get('UserUsableGroups'), AutoGroups: r.ctx.services.options.get('AutoGroups') };
    await r.setOptions({ GroupRatio: { ...saved.GroupRatio, vip: 2 }, UserUsableGroups: { ...saved.UserUsableGroups, vip: 'vip', auto: 'auto' }, AutoGroups: ['vip', 'default'] });
    try {
      const model = await r.uniqueModel(2);
      const upstream = await fake();
      const channelId = await r.createChannel({ models: model, base_url: upstream.url, key: CHANNEL_KEY, group: 'vip' });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id, { group: 'auto' });
      const c = await connect(`?model=${model}`, { key: token.key });
      await c.event('session.created');
      const log = await oneResponseLog(c, user.id);
      expect(log).toMatchObject({ group: 'vip', channel_id: channelId });
      expect(JSON.parse(log.other ?? '{}')).toMatchObject({ group_ratio: 2 });
    } finally {
      await r.setOptions(saved);
    }
  });

  it('bills every response.done exactly: user, key and channel quota, and one consume log per response', async () => {
    const { model, upstream, channelId, user, token } = await setup({ tokenQuota: 100_000_000 });
    const before = await r.quotaOf(user.id);
    upstream.usages.push(
      realtimeUsage({ text: 120, audio: 300, cachedText: 40, cachedAudio: 100 }, { text: 30, audio: 250 }),
      realtimeUsage({ text: 800, audio: 0 }, { text: 64, audio: 0 }),
    );
    const expected: Usage[] = [
      { promptTokens: 420, completionTokens: 280, cachedTokens: 140, cacheCreationTokens: 0, reasoningTokens: 0, audioInputTokens: 200, audioOutputTokens: 250, semantic: 'openai' },
      { promptTokens: 800, completionTokens: 64, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, audioInputTokens: 0, audioOutputTokens: 0, semantic: 'openai' },
    ];
    const quotas = expected.map((u) => quotaOfUsage(model, u));
    expect(quotas.every((q) => q > 0)).toBe(true);

    const c = await connect(`?model=${model}`, { key: token.key });
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
    c.ws.close(1000);
    await c.closed;
    await r.settled();
    await expect.poll(async () => (await r.logsOf(user.id, 2)).length).toBe(2);

    const total = quotas[0] + quotas[1];
    const after = await r.quotaOf(user.id);
    expect(before.quota - after.quota).toBe(total);
    expect(after.used_quota - before.used_quota).toBe(total);
    expect(after.request_count - before.request_count).toBe(2);
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: 100_000_000 - total, used_quota: total });
    expect(await channelUsed(channelId)).toBe(total);

    const logs = await r.logsOf(user.id, 2);
    expect(logs.map((l) => l.quota)).toEqual(quotas);
    expect(logs.map((l) => [l.prompt_tokens, l.completion_tokens])).toEqual([[420, 280], [800, 64]]);
    for (const log of logs) {
      expect(log).toMatchObject({ model_name: model, is_stream: 1, channel_id: channelId, group: 'default', type: 2 });
      expect(log.token_name).toMatch(/^key-/);
      expect(log.request_id).toBe(logs[0].request_id);
      expect(log.request_id).not.toBe('');
    }
    const other = JSON.parse(logs[0].other ?? '{}') as Record<string, unknown>;
    expect(other).toMatchObject({ audio_input_tokens: 200, audio_output_tokens: 250, cache_tokens: 140, upstream_model_name: model, request_path: '/v1/realtime', model_ratio: 2, group_ratio: 1 });
    expect(other.admin_info).toMatchObject({ use_channel: [channelId] });
  });

  it('bills input transcriptions at the transcription model’s price, under its name: tokens, or seconds as 200 tokens a minute', async () => {
    const { model, upstream, user, token } = await setup();
    const transcriber = await r.uniqueModel(1.25);
    await r.setOptions({ AudioRatio: { ...r.ctx.services.options.get('AudioRatio'), [transcriber]: 2.4 } });
    const c = await connect(`?model=${model}`, { key: token.key });
    // Transcription off: a commit transcribes nothing and costs nothing.
    c.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    c.ws.send(JSON.stringify({ type: 'session.update', session: { type: 'realtime', audio: { input: { transcription: { model: transcriber } } } } }));
    await c.event('session.updated');
    const tokens = { type: 'tokens', total_tokens: 130, input_tokens: 120, input_token_details: { text_tokens: 20, audio_tokens: 100 }, output_tokens: 10 };
    upstream.transcriptionUsages.push(tokens, { type: 'duration', seconds: 12 });
    c.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await c.event('conversation.item.input_audio_transcription.completed');
    c.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
    await c.event('conversation.item.input_audio_transcription.completed');
    c.ws.close(1000);
    await c.closed;
    await r.settled();

    const logs = await r.logsOf(user.id, 2);
    expect(logs).toHaveLength(2);
    const usage: Usage = { promptTokens: 120, completionTokens: 10, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, audioInputTokens: 100, semantic: 'openai' };
    expect(logs[0]).toMatchObject({ model_name: transcriber, prompt_tokens: 120, completion_tokens: 10, quota: quotaOfUsage(transcriber, usage) });
    expect(JSON.parse(logs[0].other!)).toMatchObject({ audio_ratio: 2.4, stream_status: 'transcription', request_path: '/v1/realtime' });
    const seconds: Usage = { promptTokens: 40, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, audioSeconds: 12, semantic: 'openai' };
    expect(logs[1]).toMatchObject({ model_name: transcriber, prompt_tokens: 40, completion_tokens: 0, quota: quotaOfUsage(transcriber, seconds) });
    expect(JSON.parse(logs[1].other!)).toMatchObject({ audio_seconds: 12, stream_status: 'transcription' });
    expect((await r.quotaOf(user.id)).used_quota).toBe(quotaOfUsage(transcriber, usage) + quotaOfUsage(transcriber, seconds));
  });

  describe("a model the caller set up with their own supplier key", () => {
    const OWN_KEY = 'sk-users-own-realtime-key-0003';
    const inject = (who: SignedIn, method: 'POST', url: string, payload: object) => r.ctx.app.inject({ method, url, headers: who.headers, payload }).then((res) => res.json());

    /** A user without any balance whose own key (at `sdk`'s supplier) serves a model no channel has and nobody priced. */
    async function ownKeySetup(sdk: 'openai' | 'claude') {
      const upstream = await fake();
      const admin = await signIn(r.ctx.app, await r.createUser({ role: Role.Admin }));
      const supplier = await inject(admin, 'POST', '/api/supplier/admin/', { name: `Own ${sdk} ${randomBytes(3).toString('hex')}`, type: sdk === 'claude' ? 14 : 1, sdk, base_url: upstream.url, disable: false });
      const model = `own-realtime-${randomBytes(4).toString('hex')}`;
      const user = await r.createUser({ quota: 0 });
      const config = await inject(await signIn(r.ctx.app, user), 'POST', '/api/user/custom-models/conf', { supplier_id: supplier.data.id, key: OWN_KEY, models: [model] });
      expect(config.success, config.message).toBe(true);
      return { upstream, model, user, token: await r.createApiKey(user.id) };
    }

    it('connects with that key, charges nothing and logs each response and transcription with quota 0', async () => {
      const { upstream, model, user, token } = await ownKeySetup('openai');
      const c = await connect(`?model=${model}`, { key: token.key });
      await c.event('session.created');
      expect(upstream.connections[0].headers.authorization).toBe(`Bearer ${OWN_KEY}`);
      expect(upstream.connections[0].query.get('model')).toBe(model);
      c.ws.send(JSON.stringify({ type: 'session.update', session: { type: 'realtime', audio: { input: { transcription: { model: 'whisper-1' } } } } }));
      await c.event('session.updated');
      upstream.transcriptionUsages.push({ type: 'duration', seconds: 6 });
      c.ws.send(JSON.stringify({ type: 'input_audio_buffer.commit' }));
      await c.event('conversation.item.input_audio_transcription.completed');
      upstream.usages.push(realtimeUsage({ text: 40, audio: 60 }, { text: 10, audio: 30 }));
      c.ws.send(JSON.stringify({ type: 'response.create' }));
      await c.event('response.done');
      c.ws.close();
      await c.closed;
      await r.settled();

      await expect.poll(async () => (await r.logsOf(user.id, 2)).length).toBe(2);
      const [transcription, response] = await r.logsOf(user.id, 2);
      expect(transcription).toMatchObject({ model_name: 'whisper-1', quota: 0, prompt_tokens: 20, channel_id: 0 });
      expect(response).toMatchObject({ model_name: model, quota: 0, prompt_tokens: 100, completion_tokens: 40, channel_id: 0, is_stream: 1 });
      expect(JSON.parse(response.other!)).toMatchObject({ own_key: true, request_path: '/v1/realtime', upstream_model_name: model });
      expect(await r.quotaOf(user.id)).toMatchObject({ quota: 0, used_quota: 0 });
    });

    it('refuses an own key whose supplier speaks the Claude API, before any upgrade', async () => {
      const { upstream, model, token } = await ownKeySetup('claude');
      const refusal = await upgradeRequest(`?model=${model}`, { authorization: `Bearer ${token.key}` });
      expect(refusal.status).toBe(400);
      expect(JSON.parse(refusal.body).error).toMatchObject({ code: 'realtime_not_supported', type: 'invalid_request_error' });
      expect(upstream.connections).toHaveLength(0);
    });
  });

  it('dials an Azure channel at /openai/realtime with its api-version, the deployment and an api-key header', async () => {
    const model = await r.uniqueModel(2);
    const upstream = await fake();
    await r.createChannel({ type: 3, models: model, base_url: upstream.url, key: CHANNEL_KEY, other: '2024-10-01-preview', model_mapping: JSON.stringify({ [model]: 'my-deployment' }) });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const c = await connect(`?model=${model}`, { key: token.key });
    await c.event('session.created');
    const conn = upstream.connections[0];
    expect(new URL(conn.url, 'http://x').pathname).toBe('/openai/realtime');
    expect(conn.query.get('api-version')).toBe('2024-10-01-preview');
    expect(conn.query.get('deployment')).toBe('my-deployment');
    expect(conn.headers['api-key']).toBe(CHANNEL_KEY);
    expect(conn.headers.authorization).toBeUndefined();
    c.ws.close();
  });

  it('takes the key from the openai-insecure-api-key subprotocol and never echoes that element', async () => {
    const { model, upstream, token } = await setup();
    const c = await connect(`?model=${model}`, { protocols: ['realtime', `openai-insecure-api-key.${token.key}`, 'openai-beta.realtime-v1'] });
    expect(c.ws.protocol).toBe('realtime');
    expect(c.upgradeHeaders['sec-websocket-protocol']).toBe('realtime');
    expect(JSON.stringify(c.upgradeHeaders)).not.toContain(token.key.slice(3));
    await c.event('session.created');
    const conn = upstream.connections[0];
    expect(conn.headers.authorization).toBe(`Bearer ${CHANNEL_KEY}`);
    expect(conn.headers['openai-beta']).toBe('realtime=v1');
    expect(conn.headers['sec-websocket-protocol']).toBeUndefined();
    c.ws.close();

    // Only the key element offered: the upgrade succeeds with no subprotocol in the answer.
    const res = await upgradeRequest(`?model=${model}`, { 'sec-websocket-protocol': `openai-insecure-api-key.${token.key}` });
    expect(res.status).toBe(101);
    expect(res.headers['sec-websocket-protocol']).toBeUndefined();
  });

  it('refuses bad requests with an HTTP answer in the OpenAI error shape, before any upstream connection', async () => {
    const { model, upstream, user, token } = await setup();
    const other = await r.uniqueModel();
    const limited = await r.createApiKey(user.id, { modelLimits: [other] });
    const spent = await r.createApiKey(user.id, { remainQuota: 0, unlimited: false });
    const broke = await r.createUser({ quota: 0 });
    const brokeKey = await r.createApiKey(broke.id);
    const unpriced = `unpriced-${model}`;
    await r.createChannel({ models: unpriced, base_url: upstream.url, key: CHANNEL_KEY });
    const auth = (key: string) => ({ authorization: `Bearer ${key}` });

    expectOpenAIError(await upgradeRequest(`?model=${model}`, auth('sk-' + 'x'.repeat(48))), 401, 'invalid_api_key');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, {}), 401, 'invalid_api_key');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, { 'sec-websocket-protocol': 'realtime, openai-insecure-api-key.sk-nope' }), 401, 'invalid_api_key');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, auth(limited.key)), 403, 'model_not_allowed');
    expectOpenAIError(await upgradeRequest('', auth(token.key)), 400, 'model_required');
    expectOpenAIError(await upgradeRequest('?model=', auth(token.key)), 400, 'model_required');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, auth(spent.key)), 429, 'token_quota_exhausted');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, auth(brokeKey.key)), 429, 'insufficient_user_quota');
    expectOpenAIError(await upgradeRequest(`?model=${unpriced}`, auth(token.key)), 400, 'model_price_error');
    const channelless = await r.uniqueModel();
    expectOpenAIError(await upgradeRequest(`?model=${channelless}`, auth(token.key)), 503, 'model_not_found');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, { ...auth(token.key), 'sec-websocket-protocol': 'realtime,,"bad"' }), 400, 'invalid_websocket_handshake');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, { ...auth(token.key), 'sec-websocket-key': 'short' }), 400, 'invalid_websocket_handshake');
    const plain = expectOpenAIError(await upgradeRequest(`?model=${model}`, auth(token.key), false), 426, 'upgrade_required');
    expect(plain.message).toContain('WebSocket');
    expectOpenAIError(await upgradeRequest(`?model=${model}`, auth(token.key), true, '/v1/chat/completions'), 404, 'not_found');
    expect(upstream.connections).toHaveLength(0);
  });

  it('refuses a model whose channels do not speak the Realtime API', async () => {
    const model = await r.uniqueModel();
    const upstream = await fake();
    await r.createChannel({ models: model, base_url: upstream.url, key: CHANNEL_KEY, type: 14 });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    expectOpenAIError(await upgradeRequest(`?model=${model}`, { authorization: `Bearer ${token.key}` }), 400, 'realtime_not_supported');
    expect(upstream.connections).toHaveLength(0);
  });

  it('moves on to the next channel when the first refuses the upgrade', async () => {
    await r.setOptions({ RetryTimes: 2 });
    const model = await r.uniqueModel(2);
    const refusing = await fake({ refuseWith: 503 });
    const good = await fake();
    const first = await r.createChannel({ models: model, base_url: refusing.url, key: CHANNEL_KEY, priority: 10 });
    const closedPort = await freePort();
    const second = await r.createChannel({ models: model, base_url: `http://127.0.0.1:${closedPort}`, key: CHANNEL_KEY, priority: 5 });
    const third = await r.createChannel({ models: model, base_url: good.url, key: CHANNEL_KEY, priority: 0 });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const c = await connect(`?model=${model}`, { key: token.key });
    await c.event('session.created');
    expect(refusing.connections).toHaveLength(1);
    expect(good.connections).toHaveLength(1);
    const log = await oneResponseLog(c, user.id);
    expect(log.channel_id).toBe(third);
    expect((JSON.parse(log.other ?? '{}') as { admin_info: unknown }).admin_info).toMatchObject({ use_channel: [first, second, third] });
  });

  it('answers and logs an error when every channel fails, without upgrading', async () => {
    await r.setOptions({ RetryTimes: 1 });
    const model = await r.uniqueModel(2);
    const refusing = await fake({ refuseWith: 503 });
    const channelId = await r.createChannel({ models: model, base_url: refusing.url, key: CHANNEL_KEY });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await upgradeRequest(`?model=${model}`, { authorization: `Bearer ${token.key}` });
    const error = expectOpenAIError(res, 503, 'overloaded');
    expect(res.body).not.toContain(CHANNEL_KEY);
    expect(res.body).not.toContain(refusing.url);
    expect(error.message).toBe('upstream is overloaded');
    await expect.poll(async () => (await r.logsOf(user.id, 5)).length).toBe(1);
    const [log] = await r.logsOf(user.id, 5);
    expect(log).toMatchObject({ channel_id: channelId, model_name: model, quota: 0 });
    expect(await r.logsOf(user.id, 2)).toHaveLength(0);
    expect((await r.quotaOf(user.id)).used_quota).toBe(0);
  });

  it('closes the client with the code and reason the upstream closed with', async () => {
    const { model, token } = await setup();
    const c = await connect(`?model=${model}`, { key: token.key });
    await c.event('session.created');
    c.ws.send(JSON.stringify({ type: 'test.close', code: 4002, reason: 'upstream says bye' }));
    expect(await c.closed).toEqual({ code: 4002, reason: 'upstream says bye' });
  });

  it('closes the client with 1011 when the upstream drops the connection', async () => {
    const { model, upstream, token } = await setup();
    const c = await connect(`?model=${model}`, { key: token.key });
    await c.event('session.created');
    upstream.connections[0].socket!.terminate();
    expect((await c.closed).code).toBe(1011);
  });

  it('closes the upstream with the client’s code and reason', async () => {
    const { model, upstream, token } = await setup();
    const c = await connect(`?model=${model}`, { key: token.key });
    await c.event('session.created');
    c.ws.close(4100, 'client done');
    expect(await upstream.connections[0].closed).toEqual({ code: 4100, reason: 'client done' });
  });

  it('still charges a response that completes after the client left', async () => {
    const { model, upstream, user, token } = await setup();
    upstream.options.responseDelayMs = 300;
    const c = await connect(`?model=${model}`, { key: token.key });
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.created');
    c.ws.close(1000);
    const closed = await upstream.connections[0].closed;
    expect(closed.code).toBe(1000);
    await r.settled();
    await expect.poll(async () => (await r.logsOf(user.id, 2)).length).toBe(1);
    const usage: Usage = { promptTokens: 10, completionTokens: 25, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, audioInputTokens: 0, audioOutputTokens: 20, semantic: 'openai' };
    expect((await r.logsOf(user.id, 2))[0].quota).toBe(quotaOfUsage(model, usage));
  });

  it('ends the session with an insufficient_quota error once the key is used up, charging only what was used', async () => {
    const model = await r.uniqueModel(2);
    const upstream = await fake();
    await r.createChannel({ models: model, base_url: upstream.url, key: CHANNEL_KEY });
    const usage: Usage = { promptTokens: 10, completionTokens: 25, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, audioInputTokens: 0, audioOutputTokens: 20, semantic: 'openai' };
    const perResponse = quotaOfUsage(model, usage);
    const user = await r.createUser();
    const token = await r.createApiKey(user.id, { remainQuota: perResponse + 1 });
    const c = await connect(`?model=${model}`, { key: token.key });
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
    const error = await c.event('error');
    expect(error).toMatchObject({ type: 'error', event_id: expect.any(String), error: { type: 'insufficient_quota', code: 'insufficient_quota', message: expect.any(String) } });
    expect((await c.closed).code).toBe(1008);
    await upstream.connections[0].closed;
    await r.settled();
    await expect.poll(async () => (await r.logsOf(user.id, 2)).length).toBe(2);
    expect(await r.tokenOf(token.id)).toMatchObject({ used_quota: 2 * perResponse, remain_quota: 1 - perResponse });
    expect(upstream.connections[0].frames).toHaveLength(2);
  });

  it('shows the client neither the channel key nor its own key', async () => {
    const { model, token } = await setup();
    const c = await connect(`?model=${model}`, { key: token.key });
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
    c.ws.close();
    const seen = JSON.stringify(c.upgradeHeaders) + c.frames.map(String).join('');
    expect(seen).not.toContain(CHANNEL_KEY);
    expect(seen).not.toContain(token.key.slice(3));
  });

  /** A user with `wallet` quota holding a plan with `budget`, paying as `preference` says, with a key. */
  async function subscriber(wallet: number, budget: number, preference: BillingPreference = 'subscription_first') {
    const { model, upstream, token, user } = await setup();
    await r.ctx.db.updateTable('users').set({ quota: wallet }).where('id', '=', user.id).execute();
    const subscriptions = r.ctx.services.subscriptions;
    const plan = await subscriptions.createPlan({
      title: `rt-plan-${user.id}`, subtitle: '', price_amount: 1, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0, enabled: true, sort_order: 0,
      stripe_price_id: '', creem_product_id: '', max_purchase_per_user: 0, upgrade_group: '', total_amount: budget, quota_reset_period: 'never', quota_reset_custom_seconds: 0,
    });
    const sub = (await subscriptions.grant(user.id, plan.id)).subscription;
    await subscriptions.setPreference(user.id, preference);
    return { model, upstream, token, user, sub };
  }
  const budgetUsed = async (id: number) => Number((await r.ctx.db.selectFrom('user_subscriptions').select('amount_used').where('id', '=', id).executeTakeFirstOrThrow()).amount_used);
  const respond = async (c: Client) => {
    c.ws.send(JSON.stringify({ type: 'response.create' }));
    await c.event('response.done');
  };

  it('pays a subscriber\'s responses from the subscription, with an empty wallet, as over HTTP', async () => {
    const { model, token, user, sub } = await subscriber(0, 50_000_000);
    const c = await connect(`?model=${model}`, { key: token.key });
    await respond(c);
    await respond(c);
    c.ws.close();
    await c.closed;
    await r.settled();
    await expect.poll(async () => (await r.logsOf(user.id, 2)).length).toBe(2);
    const logs = await r.logsOf(user.id, 2);
    const total = logs.reduce((sum, l) => sum + l.quota, 0);
    expect(total).toBeGreaterThan(0);
    expect(logs.map((l) => JSON.parse(l.other ?? '{}').billing_source)).toEqual(['subscription', 'subscription']);
    expect(new Set(logs.map((l) => l.request_id)).size).toBe(1);
    expect(await budgetUsed(sub.id)).toBe(total);
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 0, used_quota: total, request_count: 2 });
    expect(await r.holdsOf(user.id)).toEqual(['settled', 'settled']);
  });

  it('takes a response the budget cannot cover from the wallet, unless the user pays only from subscriptions: then the session ends', async () => {
    const fallback = await subscriber(50_000_000, 1);
    const a = await connect(`?model=${fallback.model}`, { key: fallback.token.key });
    await respond(a);
    await respond(a);
    a.ws.close();
    await r.settled();
    await expect.poll(async () => (await r.logsOf(fallback.user.id, 2)).length).toBe(2);
    const walletCost = (await r.logsOf(fallback.user.id, 2)).reduce((sum, l) => sum + l.quota, 0);
    expect((await r.quotaOf(fallback.user.id)).quota).toBe(50_000_000 - walletCost);
    expect(await budgetUsed(fallback.sub.id)).toBe(0);

    // One response's worth of budget: the second response is charged to the subscription past its budget, and the session ends.
    const perResponse = walletCost / 2;
    const only = await subscriber(50_000_000, perResponse + 1, 'subscription_only');
    const b = await connect(`?model=${only.model}`, { key: only.token.key });
    await respond(b);
    b.ws.send(JSON.stringify({ type: 'response.create' }));
    expect(await b.event('error')).toMatchObject({ error: { code: 'insufficient_quota' } });
    expect((await b.closed).code).toBe(1008);
    await r.settled();
    await expect.poll(async () => (await r.logsOf(only.user.id, 2)).length).toBe(2);
    expect(await budgetUsed(only.sub.id)).toBe(2 * perResponse);
    expect((await r.quotaOf(only.user.id)).quota).toBe(50_000_000);
  });

  it('holds one of the key\'s in-flight slots for the whole session (TokenConcurrencyPolicy)', async () => {
    const { model, upstream, token, user } = await setup();
    await r.setOptions({ TokenConcurrencyPolicy: { default: { limit: 1 } } });
    try {
      // A session refused before it opened gives its slot back.
      expectOpenAIError(await upgradeRequest('', { authorization: `Bearer ${token.key}` }), 400, 'model_required');
      const first = await connect(`?model=${model}`, { key: token.key });
      await first.event('session.created');
      const refused = await upgradeRequest(`?model=${model}`, { authorization: `Bearer ${token.key}` });
      expectOpenAIError(refused, 429, 'token_concurrency_limit_reached');
      expect(upstream.connections).toHaveLength(1);
      // Another key of the same user has its own slots.
      const other = await r.createApiKey(user.id);
      const second = await connect(`?model=${model}`, { key: other.key });
      await second.event('session.created');
      second.ws.close();

      first.ws.close();
      await first.closed;
      await expect.poll(async () => (await upgradeRequest(`?model=${model}`, { authorization: `Bearer ${token.key}` })).status).toBe(101);
    } finally {
      await r.setOptions({ TokenConcurrencyPolicy: {} });
    }
  });
});

describe('GET /v1/realtime with an upstream that never answers the upgrade', () => {
  let r: RelayContext;
  let silent: ReturnType<typeof createNetServer>;
  let silentUrl = '';
  const accepted: { closed: Promise<void> }[] = [];
  beforeAll(async () => {
    r = await createRelayContext('sqlite', {}, { config: { relayConnectTimeoutMs: 300 } });
    silent = createNetServer((socket) => {
      // Read (and ignore) the request, so the end of the connection is seen.
      socket.resume();
      accepted.push({ closed: new Promise((resolve) => socket.on('close', () => resolve())) });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await r?.close();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function keyFor() {
    const model = await r.uniqueModel(2);
    await r.createChannel({ models: model, base_url: silentUrl, key: CHANNEL_KEY });
    const user = await r.createUser();
    return { model, user, token: await r.createApiKey(user.id) };
  }

  it('gives up after relayConnectTimeoutMs with a 502 and an error log', async () => {
    const { model, user, token } = await keyFor();
    const started = Date.now();
    const ws = new WebSocket(`${r.gateway.replace('http://', 'ws://')}/v1/realtime?model=${model}`, { headers: { authorization: `Bearer ${token.key}` } });
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.on('error', () => undefined);
    expect(status).toBe(502);
    expect(Date.now() - started).toBeLessThan(5000);
    await expect.poll(async () => (await r.logsOf(user.id, 5)).length).toBe(1);
    expect((await r.logsOf(user.id, 5))[0].content).toContain('timed out connecting');
  });

  it('drops the upstream attempt when the client leaves while the gateway is connecting', async () => {
    const { model, token } = await keyFor();
    const before = accepted.length;
    const ws = new WebSocket(`${r.gateway.replace('http://', 'ws://')}/v1/realtime?model=${model}`, { headers: { authorization: `Bearer ${token.key}` } });
    ws.on('error', () => undefined);
    await expect.poll(() => accepted.length).toBe(before + 1);
    const started = Date.now();
    ws.terminate();
    await accepted[before].closed;
    // Well before relayConnectTimeoutMs (300 ms) would have ended the attempt.
    expect(Date.now() - started).toBeLessThan(250);
    // The gateway is still serving.
    expect((await fetch(`${r.gateway}/v1/realtime?model=${model}`)).status).toBe(426);
  });
});

describe('GET /v1/realtime and graceful shutdown', () => {
  it('closes open sessions with 1001 when the app closes, and keeps what they were charged', async () => {
    const r = await createRelayContext('sqlite');
    const upstream = await startFakeRealtimeUpstream();
    try {
      const model = await r.uniqueModel(2);
      await r.createChannel({ models: model, base_url: upstream.url, key: CHANNEL_KEY });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const ws = new WebSocket(`${r.gateway.replace('http://', 'ws://')}/v1/realtime?model=${model}`, { headers: { authorization: `Bearer ${token.key}` } });
      const done = new Promise<void>((resolve) => ws.on('message', (d: Buffer) => (JSON.parse(d.toString()) as { type: string }).type === 'response.done' && resolve()));
      const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(JSON.stringify({ type: 'response.create' }));
      await done;
      await r.ctx.app.close();
      expect(await closed).toBe(1001);
      expect((await upstream.connections[0].closed).code).toBe(1001);
      const logs = await r.ctx.db.selectFrom('logs').select('quota').where('user_id', '=', user.id).where('type', '=', 2).execute();
      expect(logs).toHaveLength(1);
      expect(logs[0].quota).toBeGreaterThan(0);
    } finally {
      await upstream.close();
      await r.close().catch(() => undefined);
    }
  });
});

/** A frame's kind and SHA-256. */
const digest = (frame: string | Buffer) => `${typeof frame === 'string' ? 'text' : 'binary'}:${createHash('sha256').update(frame).digest('hex')}`;

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
