import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import Anthropic from '@anthropic-ai/sdk';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { dataEvent, errorReply, jsonReply, resetReply, sseReply, startFakeUpstream } from '../../test/fake-upstream/index.js';
import { computeQuota, resolvePrice } from '../billing/price-calculator.js';
import { priceTablesOf } from './pipeline/pricing.js';
import { createUser, signIn } from '../../test/test-app.js';

const completion = (content: string, usage = { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 }) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_741_569_952,
  model: 'gpt-4o-mini-2024-07-18',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage,
});

const streamEvents = (pieces: string[], usage = { prompt_tokens: 12, completion_tokens: pieces.length, total_tokens: 12 + pieces.length }) => [
  dataEvent({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
  ...pieces.map((p) => dataEvent({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content: p }, finish_reason: null }] })),
  dataEvent({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
  dataEvent({ id: 'chatcmpl-s', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [], usage }),
  'data: [DONE]',
];

describe('the gateway with the official clients (sqlite)', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() => {
    r.upstream.requests.length = 0;
  });

  const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${r.gateway}/v1`, maxRetries: 0 });
  /** A model of its own on one fresh channel, and a customer with 3,000,000 quota and a key. */
  async function customerOfNewModel() {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const user = await r.createUser({ quota: 3_000_000 });
    const token = await r.createApiKey(user.id);
    return { model, user, token };
  }
  /** The text of a streamed chat answer. */
  async function streamedText(key: string, model: string, content: string): Promise<string> {
    const stream = await client(key).chat.completions.create({ model, messages: [{ role: 'user', content }], stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    return text;
  }
  const expectedQuota = (model: string, usage: { prompt: number; completion: number }) => {
    const price = resolvePrice(model, 'default', priceTablesOf(r.ctx.services.options));
    if (price.mode === 'unpriced') throw new Error('unpriced');
    return computeQuota(price, { promptTokens: usage.prompt, completionTokens: usage.completion, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' }, 500000);
  };

  it('answers a chat completion, bills the exact quota and writes the consume log', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion('Hello there')));
    const channel = await r.createChannel({ models: 'gpt-4o-mini' });
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id, { remainQuota: 1_000_000 });
    const answer = await client(token.key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0].message.content).toBe('Hello there');
    expect(answer.usage?.total_tokens).toBe(20);
    const sent = r.upstream.requests[0];
    expect(sent.headers.authorization).toBe('Bearer sk-upstream-secret');
    expect((sent.body as { model: string }).model).toBe('gpt-4o-mini');

    const quota = expectedQuota('gpt-4o-mini', { prompt: 12, completion: 8 });
    await expect.poll(() => r.quotaOf(user.id)).toEqual({ quota: 5_000_000 - quota, used_quota: quota, request_count: 1 });
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: 1_000_000 - quota, used_quota: quota });
    const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ model_name: 'gpt-4o-mini', prompt_tokens: 12, completion_tokens: 8, quota, channel_id: channel, is_stream: 0, username: user.username });
    const other = JSON.parse(log.other!);
    expect(other).toMatchObject({ model_price: -1, group_ratio: 1, is_model_mapped: false, upstream_model_name: 'gpt-4o-mini' });
    expect(other.admin_info.use_channel).toEqual([channel]);
    expect(other.model_ratio).toBeGreaterThan(0);
  });

  it('bills audio tokens at the model’s AudioRatio and AudioCompletionRatio and logs those ratios', async () => {
    const { model, user, token } = await customerOfNewModel();
    const audioUsage = {
      prompt_tokens: 1200,
      completion_tokens: 300,
      total_tokens: 1500,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 1000 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 250 },
    };
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion('(audio)', audioUsage)));
    await r.setOptions({ AudioRatio: { ...r.ctx.services.options.get('AudioRatio'), [model]: 8 }, AudioCompletionRatio: { ...r.ctx.services.options.get('AudioCompletionRatio'), [model]: 2 } });
    await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'say it aloud' }] });

    const price = resolvePrice(model, 'default', priceTablesOf(r.ctx.services.options));
    if (price.mode !== 'ratio') throw new Error('expected a ratio price');
    expect(price).toMatchObject({ audioRatio: 8, audioCompletionRatio: 2 });
    const asText = computeQuota(price, { promptTokens: 1200, completionTokens: 300, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' }, 500000);
    // text in 200 + audio in 1000 × 8 + text out 50 × CR + audio out 250 × 8 × 2, all × MR
    const quota = Math.round((200 + 8000 + 50 * price.completionRatio + 4000) * price.modelRatio);
    expect(quota).toBeGreaterThan(asText);
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(quota);
    const [log] = await r.logsOf(user.id, 2);
    expect(log.quota).toBe(quota);
    expect(JSON.parse(log.other!)).toMatchObject({ audio_ratio: 8, audio_completion_ratio: 2, audio_input_tokens: 1000, audio_output_tokens: 250 });
  });

  it('streams a chat completion chunk by chunk with the usage chunk', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(streamEvents(['Hel', 'lo', ' world']), { delayMs: 5 }));
    await r.createChannel({ models: 'gpt-4o-mini' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const stream = await client(token.key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello world');
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });
    expect((r.upstream.requests[0].body as { stream_options: unknown }).stream_options).toEqual({ include_usage: true });
    const quota = expectedQuota('gpt-4o-mini', { prompt: 12, completion: 3 });
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(quota);
    const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
    expect(log.is_stream).toBe(1);
    expect(JSON.parse(log.other!).frt).toBeGreaterThanOrEqual(0);
  });

  it('keeps a silent stream alive with SSE comments when pings are on, and sends none when they are off', async () => {
    const slowFirstToken = () => sseReply(streamEvents(['late', ' answer']), { delayMs: [2300, 0, 0, 0, 0, 0] });
    const { model, token } = await customerOfNewModel();
    const raw = async () => (await r.post('/v1/chat/completions', token.key, JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: true }))).text();
    await r.setOptions({ 'general_setting.ping_interval_enabled': true, 'general_setting.ping_interval_seconds': 1 });
    try {
      r.upstream.setRoute('POST /v1/chat/completions', slowFirstToken());
      const text = await raw();
      expect(text.indexOf(': PING\n\n')).toBe(0);
      expect(text.split(': PING').length - 1).toBeGreaterThanOrEqual(2);
      expect(text).toContain('"content":"late"');
      const chunks = await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true });
      let answer = '';
      for await (const chunk of chunks) answer += chunk.choices[0]?.delta?.content ?? '';
      expect(answer).toBe('late answer');
    } finally {
      await r.setOptions({ 'general_setting.ping_interval_enabled': false });
    }
    r.upstream.setRoute('POST /v1/chat/completions', slowFirstToken());
    expect(await raw()).not.toContain('PING');
  });

  describe('an upstream stream that reports no usage', () => {
    const withoutUsage = (pieces: string[]) => streamEvents(pieces).filter((e) => !e.includes('"usage"'));
    const consumeLog = (userId: number) => r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', 2).executeTakeFirstOrThrow();

    it('still ends with a usage chunk, counted by the gateway, and bills exactly those tokens', async () => {
      const events = withoutUsage(['Hel', 'lo', ' world']);
      expect(JSON.stringify(events)).not.toContain('usage');
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(events));
      const { model, user, token } = await customerOfNewModel();
      const stream = await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      const usages = [];
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) usages.push({ usage: chunk.usage, choices: chunk.choices.length, model: chunk.model });
      }
      expect(text).toBe('Hello world');
      expect(usages).toHaveLength(1);
      const [{ usage }] = usages;
      expect(usages[0]).toMatchObject({ choices: 0, model });
      expect(usage.completion_tokens).toBeGreaterThan(0);
      expect(usage.prompt_tokens).toBeGreaterThan(0);
      expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
      await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBeGreaterThan(0);
      const log = await consumeLog(user.id);
      expect({ prompt: log.prompt_tokens, completion: log.completion_tokens }).toEqual({ prompt: usage.prompt_tokens, completion: usage.completion_tokens });
      expect(log.quota).toBe(expectedQuota(model, { prompt: usage.prompt_tokens, completion: usage.completion_tokens }));
      expect(JSON.parse(log.other!).admin_info.local_count_tokens).toBe(true);
    });

    it('a complete answer without usage gets the counted usage, for OpenAI and Anthropic clients alike', async () => {
      const { usage: _none, ...answer } = completion('Hello there, how can I help?');
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(answer));
      const { model, user, token } = await customerOfNewModel();
      const openai = await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect(openai.choices[0].message.content).toBe('Hello there, how can I help?');
      await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBeGreaterThan(0);
      const log = await consumeLog(user.id);
      expect(openai.usage).toMatchObject({ prompt_tokens: log.prompt_tokens, completion_tokens: log.completion_tokens, total_tokens: log.prompt_tokens + log.completion_tokens });
      expect(log.completion_tokens).toBeGreaterThan(0);

      const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
      const message = await anthropic.messages.create({ model, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] });
      expect(message.usage.output_tokens).toBe(log.completion_tokens);
    });

    it('sends no usage chunk to a client that refused it', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(withoutUsage(['Hi'])));
      const { model, token } = await customerOfNewModel();
      const stream = await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: false } });
      const chunks = [];
      for await (const chunk of stream) chunks.push(chunk);
      expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('Hi');
      expect(chunks.filter((c) => c.usage || c.choices.length === 0)).toEqual([]);
    });

    it('gives an Anthropic client the counted output tokens in message_delta', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(withoutUsage(['Bon', 'jour', ' à', ' tous'])));
      const { model, user, token } = await customerOfNewModel();
      const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });
      const stream = anthropic.messages.stream({ model, max_tokens: 100, messages: [{ role: 'user', content: 'hello' }] });
      const message = await stream.finalMessage();
      expect(message.content[0]).toMatchObject({ type: 'text', text: 'Bonjour à tous' });
      await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBeGreaterThan(0);
      const log = await consumeLog(user.id);
      expect(message.usage.output_tokens).toBe(log.completion_tokens);
      expect(log.completion_tokens).toBeGreaterThan(0);
    });
  });

  it('serves the Anthropic client on /v1/messages through an OpenAI channel, streaming and not', async () => {
    await r.createChannel({ models: 'claude-sonnet-4-5' });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const anthropic = new Anthropic({ apiKey: token.key, baseURL: r.gateway, maxRetries: 0 });

    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion('Bonjour')));
    const message = await anthropic.messages.create({ model: 'claude-sonnet-4-5', max_tokens: 100, system: 'be brief', messages: [{ role: 'user', content: 'hello' }] });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Bonjour' });
    expect(message.usage.output_tokens).toBe(8);
    const sent = r.upstream.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(sent.messages[0]).toMatchObject({ role: 'system' });
    expect(r.upstream.requests.at(-1)!.headers['x-api-key']).toBeUndefined();

    r.upstream.setRoute('POST /v1/chat/completions', sseReply(streamEvents(['Bon', 'jour'])));
    const stream = anthropic.messages.stream({ model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hello' }] });
    const final = await stream.finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'Bonjour' });
    expect(final.stop_reason).toBe('end_turn');
  });

  it('lists only the models the key may use', async () => {
    await r.createChannel({ models: 'gpt-4o,gpt-4o-mini' });
    const user = await r.createUser();
    const limited = await r.createApiKey(user.id, { modelLimits: ['gpt-4o'] });
    const ids = (await client(limited.key).models.list()).data.map((m) => m.id);
    expect(ids).toEqual(['gpt-4o']);
  });

  describe('bad input never reaches the upstream and never changes quota', () => {
    it.each([
      ['an invalid key', { key: 'sk-wrong' }, 401],
      ['a malformed key', { key: 'not a key at all!' }, 401],
    ])('answers %s with the OpenAI error shape', async (_name, { key }, status) => {
      const res = await fetch(`${r.gateway}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{"model":"gpt-4o-mini","messages":[]}' });
      expect(res.status).toBe(status);
      const body = (await res.json()) as { error: unknown };
      expect(body.error).toMatchObject({ type: expect.any(String), code: expect.any(String), message: expect.any(String) });
      expect(r.upstream.requests).toHaveLength(0);
    });

    it('rejects malformed JSON, a missing model, an unknown model, a forbidden model and a huge body', async () => {
      await r.createChannel({ models: 'gpt-4o-mini' });
      const user = await r.createUser({ quota: 1_000_000 });
      const token = await r.createApiKey(user.id, { modelLimits: ['gpt-4o-mini'] });
      const post = (body: string) => fetch(`${r.gateway}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' }, body });
      const cases: [string, number, string][] = [
        ['{"model": "gpt-4o-mini", ', 400, 'invalid_json'],
        ['{"messages": []}', 400, 'model_required'],
        ['{"model": "no-such-model-xyz", "messages": []}', 403, 'model_not_allowed'],
        ['{"model": "gpt-4o", "messages": []}', 403, 'model_not_allowed'],
        ['[1,2,3]', 400, 'invalid_request'],
        ['{"model": 42}', 400, 'invalid_request'],
      ];
      for (const [body, status, code] of cases) {
        const res = await post(body);
        expect({ body, status: res.status }).toEqual({ body, status });
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
      }
      const unlimited = await r.createApiKey(user.id);
      const unknown = await fetch(`${r.gateway}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${unlimited.key}`, 'content-type': 'application/json' }, body: '{"model": "no-such-model-xyz", "messages": []}' });
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe("model_price_error");
      const huge = await post(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(33 * 1024 * 1024) }] }));
      expect(huge.status).toBe(413);
      expect(r.upstream.requests).toHaveLength(0);
      expect(await r.quotaOf(user.id)).toEqual({ quota: 1_000_000, used_quota: 0, request_count: 0 });
    });

    it('answers 429 for a user without quota and writes back an exhausted or expired key', async () => {
      await r.createChannel({ models: 'gpt-4o-mini' });
      const poor = await r.createUser({ quota: 0 });
      const k1 = await r.createApiKey(poor.id);
      await expect(client(k1.key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 429 });
      const rich = await r.createUser();
      const empty = await r.createApiKey(rich.id, { remainQuota: 0 });
      await expect(client(empty.key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 429 });
      expect((await r.tokenOf(empty.id)).status).toBe(4);
      const expired = await r.createApiKey(rich.id, { expiredTime: 1000 });
      await expect(client(expired.key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 401 });
      expect((await r.tokenOf(expired.id)).status).toBe(3);
      expect(r.upstream.requests).toHaveLength(0);
    });

    it('refuses a key used from an address outside its allow-list', async () => {
      const user = await r.createUser();
      const token = await r.createApiKey(user.id, { allowIps: '10.0.0.0/8' });
      await expect(client(token.key).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 403 });
    });

    it('stops a banned user’s keys at once, although keys are cached', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion('ok')));
      const model = await r.uniqueModel();
      await r.createChannel({ models: model });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const ask = () => client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] });
      expect((await ask()).choices[0].message.content).toBe('ok');
      const root = await signIn(r.ctx.app, await createUser(r.ctx.db, { role: 100 }));
      const ban = await r.ctx.app.inject({ method: 'POST', url: '/api/user/manage', headers: root.headers, payload: { id: user.id, action: 'disable' } });
      expect(ban.json().success).toBe(true);
      await expect(ask()).rejects.toMatchObject({ status: 403 });
    });

    it('lets only administrators pin a channel with sk-KEY-CHANNELID', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion('pinned')));
      const channel = await r.createChannel({ models: 'gpt-4o-mini' });
      const user = await r.createUser();
      const userKey = await r.createApiKey(user.id);
      await expect(client(`${userKey.key}-${channel}`).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 403 });
      const admin = await r.createUser({ role: 10 });
      const adminKey = await r.createApiKey(admin.id);
      const answer = await client(`${adminKey.key}-${channel}`).chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] });
      expect(answer.choices[0].message.content).toBe('pinned');
    });
  });

  describe('failures', () => {
    it('retries a failing channel on another one and records the route', async () => {
      await r.setOptions({ RetryTimes: 2 });
      const model = await r.uniqueModel();
      const broken = await startFakeUpstream({ routes: { 'POST /v1/chat/completions': errorReply(500, { error: { message: 'upstream exploded', type: 'server_error' } }) } });
      const good = await r.createChannel({ models: model, priority: 0 });
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(completion('from the good one')));
      const brokenId = await r.createChannel({ models: model, priority: 10, base_url: broken.url });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      const answer = await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] });
      expect(answer.choices[0].message.content).toBe('from the good one');
      await r.settled();
      const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
      expect(JSON.parse(log.other!).admin_info.use_channel).toEqual([brokenId, good]);
      await broken.close();
      await r.setOptions({ RetryTimes: 0 });
    });

    it('does not retry the caller’s own mistake and refunds the hold', async () => {
      await r.setOptions({ RetryTimes: 3 });
      r.upstream.setRoute('POST /v1/chat/completions', errorReply(400, { error: { message: 'messages must not be empty', type: 'invalid_request_error', code: 'bad_messages' } }));
      const model = await r.uniqueModel();
      await r.createChannel({ models: model });
      await r.createChannel({ models: model });
      const user = await r.createUser({ quota: 2_000_000 });
      const token = await r.createApiKey(user.id);
      await expect(client(token.key).chat.completions.create({ model, messages: [] })).rejects.toMatchObject({ status: 400 });
      expect(r.upstream.requests).toHaveLength(1);
      expect(await r.quotaOf(user.id)).toEqual({ quota: 2_000_000, used_quota: 0, request_count: 0 });
      const errorLog = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 5).executeTakeFirstOrThrow();
      expect(errorLog.content).toContain('messages must not be empty');
      await r.setOptions({ RetryTimes: 0 });
    });

    it('refunds everything when the only channel resets the connection', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', resetReply());
      const model = await r.uniqueModel();
      await r.createChannel({ models: model });
      const user = await r.createUser({ quota: 3_000_000 });
      const token = await r.createApiKey(user.id, { remainQuota: 900_000 });
      await expect(client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 502 });
      expect(await r.quotaOf(user.id)).toEqual({ quota: 3_000_000, used_quota: 0, request_count: 0 });
      expect((await r.tokenOf(token.id)).remain_quota).toBe(900_000);
    });

    it('bills what a stream produced when the upstream breaks off mid-way', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(streamEvents(['one ', 'two ', 'three ', 'four']), { resetAfter: 3, delayMs: 10 }));
      const { model, user, token } = await customerOfNewModel();
      const stream = await client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'count' }], stream: true });
      let text = '';
      await expect(
        (async () => {
          for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
        })(),
      ).rejects.toThrow();
      // Bytes written just before a connection reset may be lost in transit; what arrived is a prefix.
      expect(text.startsWith('one ')).toBe(true);
      expect('one two '.startsWith(text)).toBe(true);
      await expect.poll(async () => (await r.quotaOf(user.id)).request_count).toBe(1);
      const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
      expect(log.completion_tokens).toBeGreaterThan(0);
      expect(log.quota).toBeGreaterThan(0);
      expect(JSON.parse(log.other!)).toMatchObject({ stream_status: 'upstream_error', admin_info: { local_count_tokens: true } });
    });

    it('ends the client’s stream at the upstream’s [DONE], even when the upstream is slow to close', async () => {
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(streamEvents(['quick ', 'answer']), { endDelayMs: 1500 }));
      const { model, user, token } = await customerOfNewModel();
      const startedAt = Date.now();
      expect(await streamedText(token.key, model, 'hi')).toBe('quick answer');
      expect(Date.now() - startedAt).toBeLessThan(1200);
      // Billed from the upstream's usage once its answer has ended.
      await expect.poll(async () => (await r.quotaOf(user.id)).request_count, { timeout: 5000 }).toBe(1);
      const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
      expect(log.completion_tokens).toBe(2);
      expect(JSON.parse(log.other!)).toMatchObject({ stream_status: 'complete', admin_info: { local_count_tokens: false } });
    });

    it('treats a connection lost after the upstream’s [DONE] as a complete answer', async () => {
      const events = streamEvents(['all ', 'there']);
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(events, { resetAfter: events.length, endDelayMs: 50 }));
      const { model, user, token } = await customerOfNewModel();
      expect(await streamedText(token.key, model, 'hi')).toBe('all there');
      await expect.poll(async () => (await r.quotaOf(user.id)).request_count).toBe(1);
      const log = await r.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', 2).executeTakeFirstOrThrow();
      expect(log.completion_tokens).toBe(2);
      expect(JSON.parse(log.other!)).toMatchObject({ stream_status: 'complete' });
    });

    it('disables a channel automatically on an authentication failure when enabled', async () => {
      await r.setOptions({ AutomaticDisableChannelEnabled: true });
      r.upstream.setRoute('POST /v1/chat/completions', errorReply(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } }));
      const model = await r.uniqueModel();
      const channel = await r.createChannel({ models: model });
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      await expect(client(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'x' }] })).rejects.toBeDefined();
      await expect.poll(async () => (await r.ctx.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', channel).executeTakeFirstOrThrow()).status).toBe(3);
      const row = await r.ctx.db.selectFrom('channels').select('other_info').where('id', '=', channel).executeTakeFirstOrThrow();
      expect(JSON.parse(row.other_info!).status_reason).toContain('401');
      await r.setOptions({ AutomaticDisableChannelEnabled: false });
    });
  });
});
