import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role } from '@gw/contracts';
import { chatCompletion, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, fixtureReply, jsonReply } from '../../test/fake-upstream/index.js';
import { signIn, type SignedIn } from '../../test/test-app.js';
import { nowSeconds } from '../platform/clock.js';

/** An upstream that answers every request with a chat completion after `delayMs`. */
async function startSlowUpstream(delayMs: number): Promise<{ url: string; close: () => Promise<void> }> {
  const body = JSON.stringify(chatCompletion('slow but fine', chatUsage(5, 2)));
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('channel tests and balances (/api/channel)', () => {
  let r: RelayContext;
  let root: SignedIn;
  let rootId: number;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    const user = await r.createUser({ role: Role.Root, quota: 1_000_000 });
    rootId = user.id;
    root = await signIn(r.ctx.app, user);
  });
  afterAll(() => r?.close());
  afterEach(async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: false, AutomaticEnableChannelEnabled: false, ChannelDisableThreshold: 5 });
    r.upstream.requests.length = 0;
  });

  const get = async (url: string) => (await r.ctx.app.inject({ method: 'GET', url, headers: root.headers })).json();
  const channelRow = (id: number) => r.ctx.db.selectFrom('channels').select(['status', 'other_info', 'response_time', 'test_time', 'balance', 'balance_updated_time']).where('id', '=', id).executeTakeFirstOrThrow();

  it('is for the top administrator only', async () => {
    const channel = await r.createChannel({ models: 'gpt-4o-mini' });
    const admin = await signIn(r.ctx.app, await r.createUser({ role: Role.Admin }));
    const res = await r.ctx.app.inject({ method: 'GET', url: `/api/channel/test/${channel}`, headers: admin.headers });
    expect(res.statusCode).toBe(403);
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('records the response time and test time and writes a "model test" log without charging anyone', async () => {
    const model = await r.uniqueModel(2);
    const channel = await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('pong', chatUsage(9, 4))));
    const before = await r.quotaOf(rootId);
    const startedAt = nowSeconds();

    const result = await get(`/api/channel/test/${channel}`);
    expect(result).toMatchObject({ success: true, message: '', time: expect.any(Number), data: { model } });
    expect(r.upstream.requests[0].body).toMatchObject({ model, messages: [{ role: 'user', content: 'hi' }] });
    const row = await channelRow(channel);
    expect(row.test_time).toBeGreaterThanOrEqual(startedAt);
    expect(row.response_time).toBeGreaterThanOrEqual(0);
    expect(row.response_time).toBe(Math.round(result.time * 1000));

    const [log] = await r.logsOf(rootId, 2);
    expect(log).toMatchObject({ token_name: 'model test', model_name: model, channel_id: channel, prompt_tokens: 9, completion_tokens: 4, quota: r.quotaFor(model, { prompt: 9, completion: 4 }) });
    expect(log.quota).toBeGreaterThan(0);
    expect(await r.quotaOf(rootId)).toEqual(before);
    const usedByChannel = await r.ctx.db.selectFrom('channels').select('used_quota').where('id', '=', channel).executeTakeFirstOrThrow();
    expect(Number(usedByChannel.used_quota)).toBe(0);
  });

  it('tests the model asked for in ?model=', async () => {
    const model = await r.uniqueModel();
    const channel = await r.createChannel({ models: `gpt-4o-mini,${model}` });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('pong')));
    const result = await get(`/api/channel/test/${channel}?model=${model}`);
    expect(result.success).toBe(true);
    expect((r.upstream.requests[0].body as { model: string }).model).toBe(model);
  });

  it('tests an embedding, rerank or moderation model on its own endpoint, as it is used', async () => {
    const channel = await r.createChannel({ models: 'text-embedding-3-small,omni-moderation-latest' });
    r.upstream.setRoute('POST /v1/embeddings', fixtureReply('openai', 'embeddings'));
    expect((await get(`/api/channel/test/${channel}?model=text-embedding-3-small`)).success).toBe(true);
    expect(r.upstream.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v1/embeddings']);
    expect(r.upstream.requests[0].body).toEqual({ model: 'text-embedding-3-small', input: 'hi' });

    r.upstream.requests.length = 0;
    r.upstream.setRoute('POST /v1/moderations', jsonReply({ id: 'modr-1', model: 'omni-moderation-latest', results: [{ flagged: false, categories: {}, category_scores: {} }] }));
    expect((await get(`/api/channel/test/${channel}?model=omni-moderation-latest`)).success).toBe(true);
    expect(r.upstream.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v1/moderations']);
    expect(r.upstream.requests[0].body).toEqual({ model: 'omni-moderation-latest', input: 'hi' });

    r.upstream.requests.length = 0;
    const compatible = await r.createChannel({ type: 8, models: 'bge-reranker-v2-m3' });
    r.upstream.setRoute('POST /v1/rerank', jsonReply({ results: [{ index: 0, relevance_score: 0.9 }], usage: { total_tokens: 3 } }));
    expect((await get(`/api/channel/test/${compatible}?model=bge-reranker-v2-m3`)).success).toBe(true);
    expect(r.upstream.requests.map((q) => `${q.method} ${q.path}`)).toEqual(['POST /v1/rerank']);
    expect(r.upstream.requests[0].body).toMatchObject({ model: 'bge-reranker-v2-m3', query: 'hi', documents: ['hi', 'hello'] });
  });

  it('disables a failing channel automatically when AutomaticDisableChannelEnabled is on, and only then', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', errorReply(401, { error: { message: 'Incorrect API key provided: sk-upst****', type: 'invalid_request_error', code: 'invalid_api_key' } }));
    const kept = await r.createChannel({ models: 'gpt-4o-mini' });
    const off = await get(`/api/channel/test/${kept}`);
    expect(off).toMatchObject({ success: false, message: expect.stringContaining('Incorrect API key') });
    expect((await channelRow(kept)).status).toBe(1);

    await r.setOptions({ AutomaticDisableChannelEnabled: true });
    const channel = await r.createChannel({ models: 'gpt-4o-mini' });
    const result = await get(`/api/channel/test/${channel}`);
    expect(result.success).toBe(false);
    const row = await channelRow(channel);
    expect(row.status).toBe(3);
    const info = JSON.parse(row.other_info!) as { status_reason: string; status_time: number };
    expect(info.status_reason).toContain('Incorrect API key');
    expect(info.status_time).toBeGreaterThan(0);
    expect(r.ctx.services.routing.table.channel(channel)).toBeUndefined();
  });

  it('re-enables an automatically disabled channel whose test succeeds when AutomaticEnableChannelEnabled is on, and only then', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('back')));
    const channel = await r.createChannel({ models: 'gpt-4o-mini' });
    await r.ctx.services.routing.disableChannelAutomatically(channel, 'upstream answered 401');

    expect((await get(`/api/channel/test/${channel}`)).success).toBe(true);
    expect((await channelRow(channel)).status).toBe(3);

    await r.setOptions({ AutomaticEnableChannelEnabled: true });
    expect((await get(`/api/channel/test/${channel}`)).success).toBe(true);
    expect((await channelRow(channel)).status).toBe(1);
    expect(r.ctx.services.routing.table.channel(channel)).toBeDefined();
  });

  it('counts a test slower than ChannelDisableThreshold as a failure', async () => {
    const slow = await startSlowUpstream(400);
    try {
      await r.setOptions({ AutomaticDisableChannelEnabled: true, ChannelDisableThreshold: 0.2 });
      const channel = await r.createChannel({ models: 'gpt-4o-mini', base_url: slow.url });
      const result = await get(`/api/channel/test/${channel}`);
      expect(result).toMatchObject({ success: false, message: expect.stringContaining('over the 0.2 s limit') });
      expect(result.time).toBeGreaterThanOrEqual(0.4);
      const row = await channelRow(channel);
      expect(row.status).toBe(3);
      expect(row.response_time).toBeGreaterThanOrEqual(400);
      expect(JSON.parse(row.other_info!).status_reason).toContain('over the 0.2 s limit');
    } finally {
      await slow.close();
    }
  });

  it('reads and saves the balance of a provider that reports one (DeepSeek)', async () => {
    r.upstream.setRoute('GET /user/balance', fixtureReply('deepseek', 'balance'));
    const channel = await r.createChannel({ type: 43, models: 'deepseek-chat', key: 'sk-deepseek-key' });
    const startedAt = nowSeconds();
    const result = await get(`/api/channel/update_balance/${channel}`);
    expect(result).toMatchObject({ success: true, balance: 110, data: { balance: 110 } });
    expect(r.upstream.requests[0]).toMatchObject({ method: 'GET', path: '/user/balance' });
    expect(r.upstream.requests[0].headers.authorization).toBe('Bearer sk-deepseek-key');
    const row = await channelRow(channel);
    expect(row.balance).toBe(110);
    expect(row.balance_updated_time).toBeGreaterThanOrEqual(startedAt);
  });

  it('says clearly when a channel type has no balance to read', async () => {
    const channel = await r.createChannel({ type: 1, models: 'gpt-4o-mini' });
    const result = await get(`/api/channel/update_balance/${channel}`);
    expect(result).toMatchObject({ success: false, message: 'this channel type does not report a balance' });
    expect(r.upstream.requests).toHaveLength(0);
  });
});
