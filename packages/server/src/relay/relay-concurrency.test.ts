import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'undici';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply, type RecordedRequest } from '../../test/fake-upstream/index.js';
import { testDialects } from '../../test/test-database.js';
import { testConfig } from '../../test/test-app.js';
import { buildApp } from '../app.js';

const REQUESTS = 500;
const USER_QUOTA = 50_000_000;
const TOKEN_QUOTA = 20_000_000;

/** Usage the fake upstream reports for request number n: differs from request to request. */
const usageOf = (n: number) => ({ prompt: 10 + (n % 37), completion: 1 + (n % 23) });

describe.each(testDialects())('500 concurrent requests from one user and one token (%s)', (dialect) => {
  let r: RelayContext;
  let agent: Agent;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
    agent = new Agent({ connections: REQUESTS + 10, pipelining: 1 });
  });
  afterAll(async () => {
    await agent?.close();
    await r?.close();
  });

  /** Sends chat request number n (even numbers stream) and reads the whole answer. */
  const sender = (model: string, key: string) => async (n: number) => {
    const stream = n % 2 === 0;
    const res = await request(`${r.gateway}/v1/chat/completions`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: String(n) }], stream, ...(stream ? { stream_options: { include_usage: true } } : {}), max_tokens: 50 }),
    });
    const text = await res.body.text();
    return { n, status: res.statusCode, stream, text };
  };

  const answerWithUsage = (req: RecordedRequest) => {
    const body = req.body as { stream?: boolean; messages: { content: string }[] };
    const u = usageOf(Number(body.messages[0].content));
    const usage = chatUsage(u.prompt, u.completion);
    return body.stream ? sseReply(chatStreamEvents(['count', 'ed'], usage)) : jsonReply(chatCompletion('counted', usage));
  };

  it('leave user quota, used quota, request count, token balance and the consume-log sum exactly consistent', async () => {
    const model = await r.uniqueModel(1.5);
    const channel = await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', answerWithUsage);
    const user = await r.createUser({ quota: USER_QUOTA });
    const token = await r.createApiKey(user.id, { remainQuota: TOKEN_QUOTA });

    const send = sender(model, token.key);
    const answers = await Promise.all(Array.from({ length: REQUESTS }, (_, n) => send(n)));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.stream).every((a) => a.text.includes('data: [DONE]'))).toBe(true);
    expect(answers.filter((a) => !a.stream).every((a) => a.text.includes('"counted"'))).toBe(true);

    await expect.poll(async () => (await r.quotaOf(user.id)).request_count, { timeout: 30_000 }).toBe(REQUESTS);
    const logs = await r.logsOf(user.id, 2);
    expect(logs).toHaveLength(REQUESTS);
    const logSum = logs.reduce((sum, log) => sum + log.quota, 0);
    let expectedSum = 0;
    for (let n = 0; n < REQUESTS; n++) expectedSum += r.quotaFor(model, usageOf(n));
    expect(logSum).toBe(expectedSum);

    expect(await r.quotaOf(user.id)).toEqual({ quota: USER_QUOTA - logSum, used_quota: logSum, request_count: REQUESTS });
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: TOKEN_QUOTA - logSum, used_quota: logSum });
    const channelRow = await r.ctx.db.selectFrom('channels').select('used_quota').where('id', '=', channel).executeTakeFirstOrThrow();
    expect(Number(channelRow.used_quota)).toBe(logSum);
    // Well-funded callers take no hold (the trust rule); whatever holds exist are all closed.
    const holds = await r.holdsOf(user.id);
    expect(holds.filter((status) => status === 'held')).toEqual([]);
  });

  it('refuse exactly the requests a nearly empty token cannot cover and charge nothing for them', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', answerWithUsage);
    const user = await r.createUser({ quota: USER_QUOTA });
    // Each request holds (PreConsumedQuota 500 + max_tokens 50) × ratio 1 = 550 before the call. The
    // extra 100 keeps the balance above zero, so the key stays enabled and refusals come from the hold.
    const tokenQuota = 550 * 120 + 100;
    const token = await r.createApiKey(user.id, { remainQuota: tokenQuota });
    const answers = await Promise.all(Array.from({ length: REQUESTS }, (_, n) => sender(model, token.key)(n)));
    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(served.length + refused.length).toBe(REQUESTS);
    expect(served.length).toBeGreaterThanOrEqual(120);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((a) => JSON.parse(a.text).error.code))).toEqual(new Set(['pre_consume_token_quota_failed']));

    await expect.poll(async () => (await r.quotaOf(user.id)).request_count, { timeout: 30_000 }).toBe(served.length);
    const logs = await r.logsOf(user.id, 2);
    expect(logs).toHaveLength(served.length);
    const logSum = logs.reduce((sum, log) => sum + log.quota, 0);
    expect(logSum).toBe(served.reduce((sum, a) => sum + r.quotaFor(model, usageOf(a.n)), 0));
    expect(await r.quotaOf(user.id)).toEqual({ quota: USER_QUOTA - logSum, used_quota: logSum, request_count: served.length });
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: tokenQuota - logSum, used_quota: logSum });
    const holds = await r.holdsOf(user.id);
    expect(holds).toHaveLength(served.length);
    expect(holds.filter((status) => status !== 'settled')).toEqual([]);
  });

  it('never mark a key exhausted while in-flight holds alone took its balance to zero', async () => {
    const model = await r.uniqueModel(1);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['slow ', 'answer'], chatUsage(10, 2)), { delayMs: 150 }));
    const user = await r.createUser({ quota: USER_QUOTA });
    // Exactly two holds of (PreConsumedQuota 500 + max_tokens 50) × ratio 1.
    const token = await r.createApiKey(user.id, { remainQuota: 2 * 550 });
    const send = sender(model, token.key);
    const inFlight = [send(0), send(2)];
    await expect.poll(() => r.holdsOf(user.id)).toEqual(['held', 'held']);
    expect((await r.tokenOf(token.id)).remain_quota).toBe(0);

    // A second node, which has not seen the key yet, reads the balance of 0 from the database.
    const { app: second } = await buildApp({ config: testConfig(dialect), db: r.ctx.db });
    try {
      const refused = await second.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        headers: { authorization: `Bearer ${token.key}`, 'content-type': 'application/json' },
        payload: { model, messages: [{ role: 'user', content: '4' }], max_tokens: 50 },
      });
      expect(refused.statusCode).toBe(429);
    } finally {
      await second.close();
    }
    expect((await Promise.all(inFlight)).map((a) => a.status)).toEqual([200, 200]);
    await expect.poll(() => r.holdsOf(user.id)).toEqual(['settled', 'settled']);
    const charged = 2 * r.quotaFor(model, { prompt: 10, completion: 2 });
    expect(await r.tokenOf(token.id)).toEqual({ remain_quota: 1100 - charged, used_quota: charged, status: 1 });
  });

  it('stay exactly consistent when failures, broken streams and departing clients are mixed in, with and without holds', async () => {
    const model = await r.uniqueModel(1.5);
    const channel = await r.createChannel({ models: model });
    // By request number: 0 upstream error (refund), 1 stream broken mid-way (counted locally),
    // 2 client leaves mid-stream (the upstream's usage is drained), 3 and 4 plain successes.
    r.upstream.setRoute('POST /v1/chat/completions', (req: RecordedRequest) => {
      const body = req.body as { stream?: boolean; messages: { content: string }[] };
      const n = Number(body.messages[0].content);
      const u = usageOf(n);
      const usage = chatUsage(u.prompt, u.completion);
      switch (n % 5) {
        case 0:
          return errorReply(500, { error: { message: 'overloaded', type: 'server_error' } });
        case 1:
          return sseReply(chatStreamEvents(['one ', 'two ', 'three'], usage), { resetAfter: 3 });
        case 2:
          return sseReply(chatStreamEvents(['slow ', 'but ', 'steady ', 'words'], usage), { delayMs: 15 });
        default:
          return body.stream ? sseReply(chatStreamEvents(['fine'], usage)) : jsonReply(chatCompletion('fine', usage));
      }
    });
    // A well-funded caller (may skip the pre-consume hold) and a tight one (always holds).
    const rich = await r.createUser({ quota: USER_QUOTA });
    const richKey = await r.createApiKey(rich.id);
    const tight = await r.createUser({ quota: 3_000_000 });
    const tightKey = await r.createApiKey(tight.id, { remainQuota: 2_000_000 });

    const send = async (key: string, n: number) => {
      const stream = n % 5 !== 3;
      const controller = new AbortController();
      const res = await request(`${r.gateway}/v1/chat/completions`, {
        method: 'POST',
        dispatcher: agent,
        signal: controller.signal,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: String(n) }], stream, max_tokens: 50 }),
      });
      if (n % 5 !== 2) {
        await res.body.text().catch(() => '');
        return res.statusCode;
      }
      for await (const _chunk of res.body) break;
      controller.abort();
      return res.statusCode;
    };
    const statuses = await Promise.all(Array.from({ length: REQUESTS }, (_, n) => send(n % 2 ? richKey.key : tightKey.key, n)));
    expect(statuses.filter((s, n) => n % 5 === 0 && s !== 500)).toEqual([]);
    expect(statuses.filter((s, n) => n % 5 !== 0 && s !== 200)).toEqual([]);

    // Every request but the upstream errors ends in a consume log; every upstream error in an error log.
    const served = (REQUESTS * 4) / 5;
    await expect.poll(async () => (await r.quotaOf(rich.id)).request_count + (await r.quotaOf(tight.id)).request_count, { timeout: 30_000 }).toBe(served);
    let channelSum = 0;
    for (const [user, initial, token, tokenInitial] of [
      [rich, USER_QUOTA, richKey, null],
      [tight, 3_000_000, tightKey, 2_000_000],
    ] as const) {
      const logs = await r.logsOf(user.id, 2);
      const sum = logs.reduce((total, log) => total + log.quota, 0);
      channelSum += sum;
      expect(logs).toHaveLength(served / 2);
      expect(logs.every((log) => log.quota > 0)).toBe(true);
      expect(await r.logsOf(user.id, 5)).toHaveLength(REQUESTS / 10);
      expect(await r.quotaOf(user.id)).toEqual({ quota: initial - sum, used_quota: sum, request_count: served / 2 });
      const tokenRow = await r.tokenOf(token.id);
      expect(tokenRow.used_quota).toBe(sum);
      if (tokenInitial !== null) expect(tokenRow.remain_quota).toBe(tokenInitial - sum);
      expect((await r.holdsOf(user.id)).filter((status) => status === 'held')).toEqual([]);
    }
    expect((await r.holdsOf(tight.id)).filter((status) => status === 'refunded')).toHaveLength(REQUESTS / 10);
    const channelRow = await r.ctx.db.selectFrom('channels').select('used_quota').where('id', '=', channel).executeTakeFirstOrThrow();
    expect(Number(channelRow.used_quota)).toBe(channelSum);
  });
});
