import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import { buildApp } from '../app.js';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, startSecondNode, useRedisRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { connectTestRedis } from '../../test/test-redis.js';
import { upgradeRequest } from '../../test/realtime-upgrade.js';
import { testConfig } from '../../test/test-app.js';
import { fakeCluster } from '../../test/fake-cluster.js';
import { IpcEventBus, IpcRateLimiter } from '../platform/cluster/ipc-worker.js';
import { LogType } from '../logs/log-types.js';
import { ChannelType, MJ_MODELS, createTaskTestContext, type TaskTestContext } from '../tasks/tasks.test-helpers.js';
import { startFakeRealtimeUpstream, type FakeRealtimeUpstream } from './realtime/fake-realtime-upstream.test-helpers.js';
import { TOKEN_RATE_WINDOW_SECONDS } from './limits/token-rate-limit/token-rate-limits.js';

const USER_LIMIT_OFF = { ModelRequestRateLimitEnabled: false, ModelRequestRateLimitCount: 0, ModelRequestRateLimitSuccessCount: 1000, ModelRequestRateLimitDurationMinutes: 1, ModelRequestRateLimitGroup: {} };
const chatBody = (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] });
const pieces = (n: number) => Array.from({ length: n }, (_, i) => `word${i} `);

interface OpenAIError {
  error: { code: string; message: string; type: string };
}

/** Gives a key its rate limits as the token editor would (the change event drops the relay's cached copy). */
async function limitKey(r: Pick<RelayContext, 'ctx'>, tokenId: number, limits: { rpm?: number; tpm?: number }) {
  await r.ctx.db.updateTable('tokens').set({ rpm_limit: limits.rpm ?? 0, tpm_limit: limits.tpm ?? 0 }).where('id', '=', tokenId).execute();
  r.ctx.services.events.changed('token', tokenId);
}

/** The tokens a key's answers used in its current minute, as the shared counters hold them. */
const tokensCounted = (r: Pick<RelayContext, 'ctx'>, tokenId: number) => r.ctx.services.rateLimiter.peek(`key-tpm:${tokenId}`, TOKEN_RATE_WINDOW_SECONDS).then((w) => w.count);

function expectRequestHeaders(res: Response, limit: number, remaining: number) {
  expect(res.headers.get('x-ratelimit-limit-requests')).toBe(String(limit));
  expect(res.headers.get('x-ratelimit-remaining-requests')).toBe(String(remaining));
  expect(res.headers.get('x-ratelimit-reset-requests')).toMatch(/^\d+s$/);
}

function expectRetryAfter(res: Response) {
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(TOKEN_RATE_WINDOW_SECONDS);
}

/**
 * The key limits on the OpenAI surface, against one backend of the shared counters. `nextWindow` ends the
 * key's current token window as time would (the memory counters read the clock; Redis expires the key).
 */
function keyLimitSuite(name: string, setup: () => Promise<{ r: RelayContext; nextWindow: (tokenId: number, act: () => Promise<Response>) => Promise<Response>; teardown: () => Promise<void> }>) {
  describe(`per-key rate limits (${name})`, () => {
    let r: RelayContext;
    let nextWindow: (tokenId: number, act: () => Promise<Response>) => Promise<Response>;
    let teardown: () => Promise<void>;
    let model: string;
    let failing: string;
    let streamed: string;
    beforeAll(async () => {
      ({ r, nextWindow, teardown } = await setup());
      model = await r.uniqueModel();
      await r.createChannel({ models: model });
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
      failing = await r.uniqueModel();
      await r.channelOnOwnUpstream(errorReply(400, { error: { message: 'bad request', type: 'invalid_request_error' } }), { models: failing });
      streamed = await r.uniqueModel();
      await r.channelOnOwnUpstream(sseReply(chatStreamEvents(pieces(12), chatUsage(40, 321)), { delayMs: 30 }), { models: streamed });
    });
    afterAll(() => teardown?.());
    afterEach(() => r.setOptions(USER_LIMIT_OFF));

    it("refuses the request past a key's rpm_limit with 429, OpenAI's headers and Retry-After, before any upstream call and without charging", async () => {
      const user = await r.createUser();
      const token = await r.createApiKey(user.id, { remainQuota: 5_000_000 });
      await limitKey(r, token.id, { rpm: 3 });
      for (let i = 0; i < 3; i++) {
        const res = await r.post('/v1/chat/completions', token.key, chatBody(model));
        expect(res.status).toBe(200);
        expectRequestHeaders(res, 3, 2 - i);
        // A key without a token limit sends no token headers.
        expect(res.headers.get('x-ratelimit-limit-tokens')).toBeNull();
      }
      await r.settled();
      const upstreamCalls = r.upstream.requests.length;
      const before = { user: await r.quotaOf(user.id), token: await r.tokenOf(token.id), logs: (await r.logsOf(user.id, LogType.Consume)).length, holds: await r.holdsOf(user.id) };

      const refused = await r.post('/v1/chat/completions', token.key, chatBody(model));
      expect(refused.status).toBe(429);
      expectRequestHeaders(refused, 3, 0);
      expectRetryAfter(refused);
      const { error } = (await refused.json()) as OpenAIError;
      expect(error).toMatchObject({ code: 'token_rate_limit_exceeded', type: 'rate_limit_error' });
      expect(error.message).toContain('at most 3 requests per minute');
      expect(r.upstream.requests.length).toBe(upstreamCalls);
      await r.settled();
      expect({ user: await r.quotaOf(user.id), token: await r.tokenOf(token.id), logs: (await r.logsOf(user.id, LogType.Consume)).length, holds: await r.holdsOf(user.id) }).toEqual(before);

      // The limit is the key's: another key of the same owner is served.
      const other = await r.createApiKey(user.id);
      expect((await r.post('/v1/chat/completions', other.key, chatBody(model))).status).toBe(200);
    });

    it('counts requests of any outcome toward rpm_limit', async () => {
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      await limitKey(r, token.id, { rpm: 2 });
      const statuses: number[] = [];
      for (const m of [failing, model, model]) statuses.push((await r.post('/v1/chat/completions', token.key, chatBody(m))).status);
      expect(statuses).toEqual([400, 200, 429]);
    });

    it("refuses a key once its answers used tpm_limit tokens in the minute, and serves it again in the next minute", async () => {
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      // Each answer uses 100 + 50 tokens: two fit under 250, and then the minute's 300 are over it.
      await limitKey(r, token.id, { tpm: 250 });
      const first = await r.post('/v1/chat/completions', token.key, chatBody(model));
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit-tokens')).toBe('250');
      expect(first.headers.get('x-ratelimit-remaining-tokens')).toBe('250');
      expect(first.headers.get('x-ratelimit-reset-tokens')).toMatch(/^\d+s$/);
      expect(first.headers.get('x-ratelimit-limit-requests')).toBeNull();
      await expect.poll(() => tokensCounted(r, token.id)).toBe(150);
      const second = await r.post('/v1/chat/completions', token.key, chatBody(model));
      expect(second.status).toBe(200);
      expect(second.headers.get('x-ratelimit-remaining-tokens')).toBe('100');
      await expect.poll(() => tokensCounted(r, token.id)).toBe(300);

      await r.settled();
      const upstreamCalls = r.upstream.requests.length;
      const before = { user: await r.quotaOf(user.id), logs: (await r.logsOf(user.id, LogType.Consume)).length };
      const refused = await r.post('/v1/chat/completions', token.key, chatBody(model));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('x-ratelimit-limit-tokens')).toBe('250');
      expect(refused.headers.get('x-ratelimit-remaining-tokens')).toBe('0');
      const reset = refused.headers.get('x-ratelimit-reset-tokens');
      expect(reset).toMatch(/^\d+s$/);
      expect(Number(reset!.slice(0, -1))).toBeLessThanOrEqual(TOKEN_RATE_WINDOW_SECONDS);
      expectRetryAfter(refused);
      const { error } = (await refused.json()) as OpenAIError;
      expect(error).toMatchObject({ code: 'token_tpm_limit_exceeded', type: 'rate_limit_error' });
      expect(error.message).toContain('at most 250 tokens per minute');
      expect(r.upstream.requests.length).toBe(upstreamCalls);
      await r.settled();
      expect({ user: await r.quotaOf(user.id), logs: (await r.logsOf(user.id, LogType.Consume)).length }).toEqual(before);

      // The next minute starts from nothing.
      const later = await nextWindow(token.id, () => r.post('/v1/chat/completions', token.key, chatBody(model)));
      expect(later.status).toBe(200);
      expect(later.headers.get('x-ratelimit-remaining-tokens')).toBe('250');
    });

    it('counts the tokens of streams, also of one the client left, and nothing of a failed request', async () => {
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      await limitKey(r, token.id, { tpm: 1_000_000 });
      expect((await r.post('/v1/chat/completions', token.key, chatBody(failing))).status).toBe(400);

      const whole = await r.post('/v1/chat/completions', token.key, { ...chatBody(streamed), stream: true });
      expect(whole.status).toBe(200);
      expect(await whole.text()).toContain('[DONE]');
      // The failed request added nothing: only the stream's 40 + 321 are counted.
      await expect.poll(() => tokensCounted(r, token.id)).toBe(361);

      // A client that leaves after the first piece: the upstream goes on and reports the usage, which counts.
      const controller = new AbortController();
      const left = await fetch(`${r.gateway}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...chatBody(streamed), stream: true }),
        signal: controller.signal,
      });
      expect(left.status).toBe(200);
      const reader = left.body!.getReader();
      let seen = '';
      while (!seen.includes('word0')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended before the first piece');
        seen += new TextDecoder().decode(value);
      }
      controller.abort();
      await expect.poll(() => tokensCounted(r, token.id), { timeout: 5_000 }).toBe(722);
      await expect.poll(async () => JSON.parse((await r.logsOf(user.id, LogType.Consume)).at(-1)?.other ?? '{}').stream_status).toBe('client_gone');
    });

    it("sends the pair of request headers with fewer requests remaining when the per-user limit applies too", async () => {
      await r.setOptions({ ModelRequestRateLimitEnabled: true, ModelRequestRateLimitCount: 10 });
      const tight = await r.createApiKey((await r.createUser()).id);
      await limitKey(r, tight.id, { rpm: 2, tpm: 5000 });
      const byKey = await r.post('/v1/chat/completions', tight.key, chatBody(model));
      expect(byKey.status).toBe(200);
      expectRequestHeaders(byKey, 2, 1);
      expect(byKey.headers.get('x-ratelimit-limit-tokens')).toBe('5000');

      const loose = await r.createApiKey((await r.createUser()).id);
      await limitKey(r, loose.id, { rpm: 50 });
      const byUser = await r.post('/v1/chat/completions', loose.key, chatBody(model));
      expect(byUser.status).toBe(200);
      expectRequestHeaders(byUser, 10, 9);

      // Over the key's limit: its refusal, whatever the user's limit still allows.
      await r.post('/v1/chat/completions', tight.key, chatBody(model));
      const refused = await r.post('/v1/chat/completions', tight.key, chatBody(model));
      expect(refused.status).toBe(429);
      expectRequestHeaders(refused, 2, 0);
      expect(((await refused.json()) as OpenAIError).error.code).toBe('token_rate_limit_exceeded');
    });

    it('costs a key without limits no counting at all, and sends it no x-ratelimit headers', async () => {
      const limiter = r.ctx.services.rateLimiter;
      const spies = [vi.spyOn(limiter, 'hit'), vi.spyOn(limiter, 'peek'), vi.spyOn(limiter, 'add')];
      try {
        const token = await r.createApiKey((await r.createUser()).id);
        const res = await r.post('/v1/chat/completions', token.key, chatBody(model));
        expect(res.status).toBe(200);
        await r.settled();
        for (const name of ['limit-requests', 'remaining-requests', 'limit-tokens', 'remaining-tokens']) expect(res.headers.get(`x-ratelimit-${name}`)).toBeNull();
        for (const spy of spies) expect(spy).not.toHaveBeenCalled();
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    });
  });
}

keyLimitSuite('memory', async () => {
  const r = await createRelayContext('sqlite');
  return {
    r,
    // The memory counters read Date.now(): a minute later (only the clock is faked) the window has ended.
    async nextWindow(_tokenId, act) {
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      vi.setSystemTime(Date.now() + (TOKEN_RATE_WINDOW_SECONDS + 1) * 1000);
      try {
        return await act();
      } finally {
        vi.useRealTimers();
      }
    },
    teardown: () => r.close(),
  };
});

keyLimitSuite('redis', async () => {
  const { redis, cleanup } = await connectTestRedis();
  const r = await createRelayContext('sqlite', {}, { redis });
  return {
    r,
    // Redis ends a window by expiring its counter (its TTL is the window's length; see the reset headers).
    async nextWindow(tokenId, act) {
      const ttl = await redis.ttl(`rl:key-tpm:${tokenId}`);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(TOKEN_RATE_WINDOW_SECONDS);
      await redis.pexpire(`rl:key-tpm:${tokenId}`, 1);
      await expect.poll(() => redis.exists(`rl:key-tpm:${tokenId}`)).toBe(0);
      return act();
    },
    teardown: async () => {
      await r.close();
      await cleanup();
    },
  };
});

describe('per-key rate limits on the other relay surfaces', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(5, 5))));
  });
  afterAll(() => r?.close());

  /** A fresh key allowed one request a minute: the first is counted, the second refused without an upstream call. */
  async function secondRefused(path: string, body: unknown, headersOf: (key: string) => Record<string, string> = (key) => ({ authorization: `Bearer ${key}` })) {
    const token = await r.createApiKey((await r.createUser()).id);
    await limitKey(r, token.id, { rpm: 1 });
    const send = () => fetch(`${r.gateway}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headersOf(token.key) }, body: JSON.stringify(body) });
    const first = await send();
    expect(first.headers.get('x-ratelimit-limit-requests'), path).toBe('1');
    const upstreamCalls = r.upstream.requests.length;
    const refused = await send();
    expect(refused.status, path).toBe(429);
    expect(refused.headers.get('x-ratelimit-remaining-requests'), path).toBe('0');
    expectRetryAfter(refused);
    expect(r.upstream.requests.length, path).toBe(upstreamCalls);
    return { first, refused: (await refused.json()) as Record<string, any> };
  }

  it('refuses over rpm_limit on Claude Messages in the Anthropic error shape', async () => {
    const { first, refused } = await secondRefused('/v1/messages', { model, max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }, (key) => ({ 'x-api-key': key, 'anthropic-version': '2023-06-01' }));
    expect(first.status).toBe(200);
    expect(refused).toMatchObject({ type: 'error', error: { type: 'rate_limit_error', message: expect.stringContaining('at most 1 requests per minute') } });
  });

  it('refuses over rpm_limit on Gemini generateContent in the Gemini error shape', async () => {
    const { first, refused } = await secondRefused(`/v1beta/models/${model}:generateContent`, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, (key) => ({ 'x-goog-api-key': key }));
    expect(first.status).toBe(200);
    expect(refused).toMatchObject({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('at most 1 requests per minute') } });
  });

  it('refuses over rpm_limit on Responses, completions and embeddings in the OpenAI error shape', async () => {
    for (const [path, body] of [
      ['/v1/responses', { model, input: 'hi' }],
      ['/v1/completions', { model, prompt: 'hi' }],
      ['/v1/embeddings', { model, input: 'hi' }],
    ] as const) {
      const { refused } = await secondRefused(path, body);
      expect(refused, path).toMatchObject({ error: { code: 'token_rate_limit_exceeded', type: 'rate_limit_error' } });
    }
  });

  it('refuses a key over its tpm_limit on every surface', async () => {
    const token = await r.createApiKey((await r.createUser()).id);
    await limitKey(r, token.id, { tpm: 100 });
    await r.ctx.services.rateLimiter.add(`key-tpm:${token.id}`, 100, TOKEN_RATE_WINDOW_SECONDS);
    const upstreamCalls = r.upstream.requests.length;
    const claude = await fetch(`${r.gateway}/v1/messages`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': token.key, 'anthropic-version': '2023-06-01' }, body: JSON.stringify({ model, max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] }) });
    expect(claude.status).toBe(429);
    expect(claude.headers.get('x-ratelimit-remaining-tokens')).toBe('0');
    const gemini = await fetch(`${r.gateway}/v1beta/models/${model}:generateContent`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': token.key }, body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }) });
    expect(gemini.status).toBe(429);
    const responses = await r.post('/v1/responses', token.key, { model, input: 'hi' });
    expect(responses.status).toBe(429);
    expect(((await responses.json()) as OpenAIError).error.code).toBe('token_tpm_limit_exceeded');
    expect(r.upstream.requests.length).toBe(upstreamCalls);
  });
});

describe('per-key rate limits on realtime sessions', () => {
  let r: RelayContext;
  let upstream: FakeRealtimeUpstream;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    upstream = await startFakeRealtimeUpstream();
    model = await r.uniqueModel(2);
    await r.createChannel({ models: model, base_url: upstream.url, key: 'sk-upstream-realtime-secret-0123456789' });
  });
  afterAll(async () => {
    await r?.close();
    await upstream?.close();
  });

  function open(key: string): Promise<{ ws: WebSocket; headers: IncomingHttpHeaders; event(type: string): Promise<Record<string, unknown>> }> {
    const ws = new WebSocket(`${r.gateway.replace('http://', 'ws://')}/v1/realtime?model=${model}`, { headers: { authorization: `Bearer ${key}` } });
    const seen: Record<string, unknown>[] = [];
    const waiting: { type: string; resolve: (e: Record<string, unknown>) => void }[] = [];
    ws.on('message', (data: Buffer) => {
      const e = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
      const i = waiting.findIndex((w) => w.type === e.type);
      if (i >= 0) waiting.splice(i, 1)[0].resolve(e);
      else seen.push(e);
    });
    const event = (type: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const i = seen.findIndex((e) => e.type === type);
        if (i >= 0) resolve(seen.splice(i, 1)[0]);
        else waiting.push({ type, resolve });
      });
    let headers: IncomingHttpHeaders = {};
    ws.on('upgrade', (res) => (headers = res.headers));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, headers, event }));
      ws.once('error', reject);
    });
  }

  const refusedUpgrade = (key: string) => upgradeRequest(`${r.gateway}/v1/realtime?model=${model}`, { authorization: `Bearer ${key}` });


  it("counts a session as a request of its key, sends the key's headers with the upgrade, counts its responses' tokens, and refuses past the limits", async () => {
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    await limitKey(r, token.id, { rpm: 1, tpm: 1_000_000 });
    const session = await open(token.key);
    expect(session.headers['x-ratelimit-limit-requests']).toBe('1');
    expect(session.headers['x-ratelimit-remaining-requests']).toBe('0');
    expect(session.headers['x-ratelimit-limit-tokens']).toBe('1000000');
    await session.event('session.created');
    session.ws.send(JSON.stringify({ type: 'response.create' }));
    await session.event('response.done');
    await expect.poll(async () => (await r.logsOf(user.id, LogType.Consume)).length).toBe(1);
    const [log] = await r.logsOf(user.id, LogType.Consume);
    expect(log.prompt_tokens + log.completion_tokens).toBeGreaterThan(0);
    await expect.poll(() => tokensCounted(r, token.id)).toBe(log.prompt_tokens + log.completion_tokens);

    const refused = await refusedUpgrade(token.key);
    expect(refused.status).toBe(429);
    expect(refused.headers['x-ratelimit-remaining-requests']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'token_rate_limit_exceeded' } });
    expect(upstream.connections).toHaveLength(1);
    session.ws.close();

    // A key whose answers used up its tokens for the minute is refused a new session.
    const spent = await r.createApiKey(user.id);
    await limitKey(r, spent.id, { tpm: 10 });
    await r.ctx.services.rateLimiter.add(`key-tpm:${spent.id}`, 10, TOKEN_RATE_WINDOW_SECONDS);
    const noTokens = await refusedUpgrade(spent.key);
    expect(noTokens.status).toBe(429);
    expect(JSON.parse(noTokens.body)).toMatchObject({ error: { code: 'token_tpm_limit_exceeded' } });
    expect(upstream.connections).toHaveLength(1);
  });
});

describe('per-key rate limits on task submissions (Midjourney)', () => {
  let t: TaskTestContext;
  beforeAll(async () => {
    t = await createTaskTestContext('sqlite');
    await t.channel(ChannelType.MidjourneyProxy, MJ_MODELS);
  });
  afterAll(() => t?.close());

  it('counts a submission toward rpm_limit: over it, a 429 in the proxy shape, no charge, no upstream call', async () => {
    const user = await t.user();
    const token = await t.apiKey(user.id);
    await limitKey(t, token.id, { rpm: 1 });
    const first = await t.post('/mj/submit/imagine', token.key, { prompt: 'one' });
    expect(first.json()).toMatchObject({ code: 1 });
    expect(first.headers['x-ratelimit-limit-requests']).toBe('1');
    expect(first.headers['x-ratelimit-remaining-requests']).toBe('0');
    const sent = t.fake.requests('/mj/submit/imagine').length;
    const before = await t.quotaOf(user.id);
    const refused = await t.post('/mj/submit/imagine', token.key, { prompt: 'two' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toMatchObject({ code: 4, description: expect.stringContaining('at most 1 requests per minute') });
    expect(t.fake.requests('/mj/submit/imagine').length).toBe(sent);
    expect(await t.quotaOf(user.id)).toEqual(before);
  });
});

describe('per-key rate limits on two gateway nodes sharing one Redis', () => {
  const shared = useRedisRelayContext();

  it('enforce one rpm_limit and one tpm_limit for a key between them', async () => {
    const { r, redis } = shared;
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
    const second = await startSecondNode(r, redis);
    try {
      const user = await r.createUser();
      const postTo = (base: string, key: string) =>
        fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(chatBody(model)) });

      const rpmKey = await r.createApiKey(user.id);
      await limitKey(r, rpmKey.id, { rpm: 3 });
      const statuses: number[] = [];
      for (const base of [r.gateway, second.url, r.gateway, second.url, r.gateway]) statuses.push((await postTo(base, rpmKey.key)).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      expect(Number(await redis.get(`rl:key-rpm:${rpmKey.id}`))).toBe(5);

      // Twenty at once over both nodes with a limit of 3: exactly three get through.
      const burstKey = await r.createApiKey(user.id);
      await limitKey(r, burstKey.id, { rpm: 3 });
      const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => postTo(i % 2 ? second.url : r.gateway, burstKey.key).then((res) => res.status)));
      expect(burst.filter((s) => s === 200)).toHaveLength(3);
      expect(burst.filter((s) => s === 429)).toHaveLength(17);

      // Tokens used through one node count on the other: 150 + 150 reach 250.
      const tpmKey = await r.createApiKey(user.id);
      await limitKey(r, tpmKey.id, { tpm: 250 });
      expect((await postTo(r.gateway, tpmKey.key)).status).toBe(200);
      await expect.poll(async () => Number(await redis.get(`rl:key-tpm:${tpmKey.id}`))).toBe(150);
      const onSecond = await postTo(second.url, tpmKey.key);
      expect(onSecond.status).toBe(200);
      expect(onSecond.headers.get('x-ratelimit-remaining-tokens')).toBe('100');
      await expect.poll(async () => Number(await redis.get(`rl:key-tpm:${tpmKey.id}`))).toBe(300);
      for (const base of [r.gateway, second.url]) {
        const refused = await postTo(base, tpmKey.key);
        expect(refused.status).toBe(429);
        expect(((await refused.json()) as OpenAIError).error.code).toBe('token_tpm_limit_exceeded');
      }
    } finally {
      await second.close();
    }
  });
});

describe('per-key rate limits on two cluster workers without Redis', () => {
  let r: RelayContext;
  const closed = { value: false };
  afterAll(async () => {
    closed.value = true;
    await r?.close();
  });

  it("enforce one limit for a key through the primary's counters", async () => {
    r = await createRelayContext('sqlite');
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok', chatUsage(100, 50))));
    // Two workers of one primary on the context's database, started once the channel exists.
    const workers: { url: string; app: Awaited<ReturnType<typeof buildApp>>['app']; limiter: IpcRateLimiter }[] = [];
    for (const channel of fakeCluster(2, { closed })) {
      const limiter = new IpcRateLimiter(channel);
      const { app } = await buildApp({ config: testConfig('sqlite'), db: r.ctx.db, bus: new IpcEventBus(channel), rateLimiter: limiter });
      await app.listen({ port: 0, host: '127.0.0.1' });
      workers.push({ url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, app, limiter });
    }
    try {
      const user = await r.createUser();
      const postTo = (base: string, key: string) =>
        fetch(`${base}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(chatBody(model)) });
      const rpmKey = await r.createApiKey(user.id);
      await limitKey(r, rpmKey.id, { rpm: 2 });
      const statuses: number[] = [];
      for (const w of [workers[0], workers[1], workers[0], workers[1]]) statuses.push((await postTo(w.url, rpmKey.key)).status);
      expect(statuses).toEqual([200, 200, 429, 429]);

      const tpmKey = await r.createApiKey(user.id);
      await limitKey(r, tpmKey.id, { tpm: 150 });
      expect((await postTo(workers[0].url, tpmKey.key)).status).toBe(200);
      // The first worker's answer counted at the primary, where the second worker reads it.
      await expect.poll(async () => (await workers[1].limiter.peek(`key-tpm:${tpmKey.id}`, TOKEN_RATE_WINDOW_SECONDS)).count).toBe(150);
      const refused = await postTo(workers[1].url, tpmKey.key);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as OpenAIError).error.code).toBe('token_tpm_limit_exceeded');
    } finally {
      for (const w of workers) await w.app.close();
    }
  });
});
