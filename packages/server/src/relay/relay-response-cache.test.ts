import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, startSecondNode, useRedisRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply, type Route } from '../../test/fake-upstream/index.js';
import { Role } from '@gw/contracts';
import { json, member } from '../../test/test-app.js';

const CACHE_OFF = { 'response_cache.mode': 'off', 'response_cache.billing_ratio': 0, 'response_cache.ttl_seconds': 3600 };

async function customerOf(r: RelayContext) {
  const user = await r.createUser({ quota: 5_000_000 });
  const { key } = await r.createApiKey(user.id);
  const chat = (model: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
    r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'what is 2 + 2?' }], ...extra }, headers);
  return { user, key, chat };
}

describe('response cache', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions(CACHE_OFF));

  async function servedModel(route: Route = jsonReply(chatCompletion('four', chatUsage(40, 10)))) {
    const model = await r.uniqueModel(2);
    return { model, channel: await r.channelOnOwnUpstream(route, { models: model }) };
  }

  it('is off by default: identical requests each reach the upstream', async () => {
    const { model, channel } = await servedModel();
    const { chat } = await customerOf(r);
    for (let i = 0; i < 2; i++) {
      const res = await chat(model, { 'x-gateway-cache': 'true' });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-gateway-cache')).toBeNull();
    }
    expect(channel.upstream.requests).toHaveLength(2);
  });

  it('answers a repeated request of the same user from the cache when asked, at the billing ratio, and logs it', async () => {
    await r.setOptions({ 'response_cache.mode': 'on_request', 'response_cache.billing_ratio': 0.25 });
    const { model, channel } = await servedModel();
    const { user, chat } = await customerOf(r);

    // Not asked for: the cache stays out of it.
    expect((await chat(model)).headers.get('x-gateway-cache')).toBeNull();
    const first = await chat(model, { 'x-gateway-cache': 'true' });
    expect(first.headers.get('x-gateway-cache')).toBe('miss');
    const firstBody = await first.text();
    const second = await chat(model, { 'x-gateway-cache': 'true' });
    expect(second.headers.get('x-gateway-cache')).toBe('hit');
    expect(await second.text()).toBe(firstBody);
    expect(channel.upstream.requests).toHaveLength(2);

    // Another question is another answer.
    expect((await chat(model, { 'x-gateway-cache': 'true' }, { temperature: 0.5 })).headers.get('x-gateway-cache')).toBe('miss');
    expect(channel.upstream.requests).toHaveLength(3);

    await r.settled();
    const logs = await r.logsOf(user.id, 2);
    const full = r.quotaFor(model, { prompt: 40, completion: 10 });
    expect(logs.map((l) => l.quota)).toEqual([full, full, Math.round(full * 0.25), full]);
    const hit = logs[2];
    expect(hit.channel_id).toBe(0);
    expect(hit.model_name).toBe(model);
    expect([hit.prompt_tokens, hit.completion_tokens]).toEqual([40, 10]);
    const other = JSON.parse(hit.other!);
    expect(other.response_cache).toMatchObject({ hit: true, billing_ratio: 0.25 });
    expect(other.admin_info.route_trace[0]).toContain('answered from the response cache');
    expect((await r.quotaOf(user.id)).quota).toBe(5_000_000 - 3 * full - Math.round(full * 0.25));
  });

  it('never shares an answer between users, and a cached answer is free at ratio 0', async () => {
    await r.setOptions({ 'response_cache.mode': 'always' });
    const { model, channel } = await servedModel();
    const alice = await customerOf(r);
    const bob = await customerOf(r);
    expect((await alice.chat(model)).headers.get('x-gateway-cache')).toBe('miss');
    expect((await bob.chat(model)).headers.get('x-gateway-cache')).toBe('miss');
    expect((await alice.chat(model)).headers.get('x-gateway-cache')).toBe('hit');
    expect(channel.upstream.requests).toHaveLength(2);
    await r.settled();
    expect((await r.logsOf(alice.user.id, 2)).map((l) => l.quota).at(-1)).toBe(0);
  });

  it('lets a request opt out in always mode, and keeps an answer no longer than asked', async () => {
    await r.setOptions({ 'response_cache.mode': 'always' });
    const { model, channel } = await servedModel();
    const { chat } = await customerOf(r);
    await chat(model, { 'x-gateway-cache-ttl': '1' });
    expect((await chat(model, { 'cache-control': 'no-cache' })).headers.get('x-gateway-cache')).toBeNull();
    expect((await chat(model, { 'x-gateway-cache': 'false' })).headers.get('x-gateway-cache')).toBeNull();
    expect((await chat(model)).headers.get('x-gateway-cache')).toBe('hit');
    expect(channel.upstream.requests).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await chat(model)).headers.get('x-gateway-cache')).toBe('miss');
    expect(channel.upstream.requests).toHaveLength(4);
  });

  it('replays a cached stream to a streaming client, apart from the same request unstreamed', async () => {
    await r.setOptions({ 'response_cache.mode': 'always' });
    const { model, channel } = await servedModel(sseReply(chatStreamEvents(['Fo', 'ur'])));
    const { key } = await customerOf(r);
    const read = async () => {
      const stream = await r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'what is 2 + 2?' }], stream: true });
      let text = '';
      for await (const part of stream) text += part.choices[0]?.delta.content ?? '';
      return text;
    };
    expect([await read(), await read()]).toEqual(['Four', 'Four']);
    expect(channel.upstream.requests).toHaveLength(1);
  });

  it('keeps no failed answer', async () => {
    await r.setOptions({ 'response_cache.mode': 'always' });
    const { model, channel } = await servedModel(errorReply(500, { error: { message: 'the server had an error', type: 'server_error' } }));
    const { chat } = await customerOf(r);
    expect((await chat(model)).status).toBe(500);
    expect((await chat(model)).headers.get('x-gateway-cache')).toBe('miss');
    expect(channel.upstream.requests).toHaveLength(2);
  });

  it('counts hits and misses for root and forgets every answer when root clears it', async () => {
    await r.setOptions({ 'response_cache.mode': 'always' });
    const { model, channel } = await servedModel();
    const { chat } = await customerOf(r);
    const root = await member(r.ctx, { role: Role.Root });
    const stats = async () => json(await r.ctx.app.inject({ method: 'GET', url: '/api/option/response_cache', headers: root.session.headers })).data;
    const before = await stats();
    await chat(model);
    await chat(model);
    expect(await stats()).toMatchObject({ mode: 'always', hits: before.hits + 1, misses: before.misses + 1, shared_entries: null });
    expect((await stats()).entries).toBeGreaterThan(0);

    const cleared = json(await r.ctx.app.inject({ method: 'DELETE', url: '/api/option/response_cache', headers: root.session.headers }));
    expect(cleared.data.deleted).toBeGreaterThan(0);
    expect(await stats()).toMatchObject({ entries: 0, bytes: 0 });
    expect((await chat(model)).headers.get('x-gateway-cache')).toBe('miss');
    expect(channel.upstream.requests).toHaveLength(2);
    const someone = await member(r.ctx);
    expect((await r.ctx.app.inject({ method: 'DELETE', url: '/api/option/response_cache', headers: someone.session.headers })).statusCode).toBe(403);
  });

  it('checks its options when they are saved', async () => {
    await expect(r.setOptions({ 'response_cache.mode': 'sometimes' })).rejects.toThrow(/must be one of off, on_request, always/);
    await expect(r.setOptions({ 'response_cache.billing_ratio': 1.5 })).rejects.toThrow(/at most 1/);
    await expect(r.setOptions({ 'response_cache.ttl_seconds': 0 })).rejects.toThrow(/at least 1/);
  });
});

describe('response cache shared through Redis by two gateway instances', () => {
  const shared = useRedisRelayContext();

  it('answers on one node from what the other node cached', async () => {
    const { r, redis } = shared;
    await r.setOptions({ 'response_cache.mode': 'always' });
    const model = await r.uniqueModel();
    const channel = await r.channelOnOwnUpstream(jsonReply(chatCompletion('shared')), { models: model });
    const { key, chat } = await customerOf(r);
    expect((await chat(model)).headers.get('x-gateway-cache')).toBe('miss');
    const second = await startSecondNode(r, redis);
    try {
      const url = `${second.url}/v1/chat/completions`;
      await expect.poll(async () => (await redis.keys('*response_cache*')).length).toBe(1);
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'what is 2 + 2?' }] }),
      });
      expect(res.headers.get('x-gateway-cache')).toBe('hit');
      expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('shared');
      expect(channel.upstream.requests).toHaveLength(1);

      // A clear on one node empties the other's memory and Redis.
      const root = await member(r.ctx, { role: Role.Root });
      await r.ctx.app.inject({ method: 'DELETE', url: '/api/option/response_cache', headers: root.session.headers });
      expect(await redis.keys('*response_cache*')).toEqual([]);
      const stats = json(await second.app.inject({ method: 'GET', url: '/api/option/response_cache', headers: root.session.headers })).data;
      await expect.poll(async () => json(await second.app.inject({ method: 'GET', url: '/api/option/response_cache', headers: root.session.headers })).data.entries).toBe(0);
      expect(stats.shared_entries).toBe(0);
    } finally {
      await second.close();
    }
  });
});
