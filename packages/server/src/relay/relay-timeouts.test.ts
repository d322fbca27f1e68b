import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { hangReply, jsonReply, sseReply, startFakeUpstream, type FakeUpstream } from '../../test/fake-upstream/index.js';

/** A base URL where nothing listens: connections are refused. */
async function closedPortUrl(): Promise<string> {
  const upstream = await startFakeUpstream({ routes: {} });
  await upstream.close();
  return upstream.url;
}

const FIRST_BYTE_MS = 300;
const IDLE_MS = 400;

describe('upstream timeouts', () => {
  let r: RelayContext;
  let hanging: FakeUpstream;
  beforeAll(async () => {
    r = await createRelayContext('sqlite', {}, { config: { relayFirstByteTimeoutMs: FIRST_BYTE_MS, relayIdleTimeoutMs: IDLE_MS } });
    hanging = await startFakeUpstream({ routes: { 'POST /v1/chat/completions': hangReply() } });
  });
  afterAll(async () => {
    await r?.close();
    await hanging?.close();
  });
  afterEach(async () => {
    await r.setOptions({ RetryTimes: 0 });
    r.upstream.requests.length = 0;
    hanging.requests.length = 0;
  });

  const ask = (key: string, model: string) => r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });
  const askStream = (key: string, model: string) => r.openai(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }], stream: true });

  it('gives up on an upstream that never answers and retries on the next channel', async () => {
    await r.setOptions({ RetryTimes: 1 });
    const model = await r.uniqueModel();
    const slow = await r.createChannel({ models: model, priority: 10, base_url: hanging.url });
    const good = await r.createChannel({ models: model, priority: 0 });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('from the second channel')));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const started = Date.now();
    const answer = await ask(token.key, model);
    expect(answer.choices[0].message.content).toBe('from the second channel');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_BYTE_MS - 20);
    expect(hanging.requests).toHaveLength(1);
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    expect(JSON.parse(log.other!).admin_info.use_channel).toEqual([slow, good]);
  });

  it('answers a gateway error and refunds the whole hold when no channel is left to try', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model, base_url: hanging.url });
    const user = await r.createUser({ quota: 2_000_000 });
    const token = await r.createApiKey(user.id, { remainQuota: 700_000 });

    const failure = await ask(token.key, model).catch((err: unknown) => err);
    expect(failure).toMatchObject({ status: 502, code: 'do_request_failed' });
    expect((failure as Error).message).toContain('timed out waiting for the answer');
    expect(await r.quotaOf(user.id)).toEqual({ quota: 2_000_000, used_quota: 0, request_count: 0 });
    expect((await r.tokenOf(token.id)).remain_quota).toBe(700_000);
    expect(await r.holdsOf(user.id)).toEqual(['refunded']);
    expect(await r.logsOf(user.id, 2)).toEqual([]);
    expect(await r.logsOf(user.id, 5)).toHaveLength(1);
  });

  it('ends a stream that falls silent for longer than the idle timeout and bills what it produced', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const events = chatStreamEvents(['alpha ', 'beta ', 'gamma ', 'delta'], chatUsage(12, 4));
    // Three events arrive at once, then the upstream goes quiet for ten idle periods. (undici checks
    // its timers about every half second, so the cut comes between one idle period and a second later.)
    const SILENCE_MS = IDLE_MS * 10;
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(events, { delayMs: [0, 0, 0, SILENCE_MS] }));
    const user = await r.createUser({ quota: 2_000_000 });
    const token = await r.createApiKey(user.id);

    const started = Date.now();
    let text = '';
    const stream = await askStream(token.key, model);
    await expect(
      (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      })(),
    ).rejects.toThrow();
    expect(text).toBe('alpha beta ');
    expect(Date.now() - started).toBeLessThan(SILENCE_MS - 500);

    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(r.quotaFor(model, { prompt: log.prompt_tokens, completion: log.completion_tokens }));
    expect(log.quota).toBeGreaterThan(0);
    expect(JSON.parse(log.other!)).toMatchObject({ stream_status: 'upstream_error', admin_info: { local_count_tokens: true } });
    expect(await r.holdsOf(user.id)).toEqual(['settled']);
  });

  it('never cuts a stream that keeps producing, however long it lasts in total', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const words = Array.from({ length: 12 }, (_, i) => `w${i} `);
    // Each gap is well under the idle timeout; the whole stream lasts about four idle periods.
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(words, chatUsage(12, 24)), { delayMs: IDLE_MS / 3 }));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const started = Date.now();
    let text = '';
    const stream = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }], stream: true, stream_options: { include_usage: true } });
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(Date.now() - started).toBeGreaterThan(IDLE_MS * 3);
    expect(text).toBe(words.join(''));

    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    expect(log).toMatchObject({ prompt_tokens: 12, completion_tokens: 24, quota: r.quotaFor(model, { prompt: 12, completion: 24 }) });
    expect(JSON.parse(log.other!).stream_status).toBe('complete');
  });

  it('retries a refused connection on the next channel, and refunds when none is left', async () => {
    await r.setOptions({ RetryTimes: 1 });
    const model = await r.uniqueModel();
    const dead = await r.createChannel({ models: model, priority: 10, base_url: await closedPortUrl() });
    const alive = await r.createChannel({ models: model, priority: 0 });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('alive')));
    const user = await r.createUser({ quota: 2_000_000 });
    const token = await r.createApiKey(user.id);
    expect((await ask(token.key, model)).choices[0].message.content).toBe('alive');
    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    expect(JSON.parse((await r.logsOf(user.id, 2))[0].other!).admin_info.use_channel).toEqual([dead, alive]);

    await r.setOptions({ RetryTimes: 0 });
    const lonely = await r.uniqueModel();
    await r.createChannel({ models: lonely, base_url: await closedPortUrl() });
    const before = await r.quotaOf(user.id);
    await expect(ask(token.key, lonely)).rejects.toMatchObject({ status: 502, code: 'do_request_failed', message: expect.stringContaining('connection refused') });
    expect(await r.quotaOf(user.id)).toEqual(before);
    expect((await r.holdsOf(user.id)).sort()).toEqual(['refunded', 'settled']);
  });

  it('never retries once bytes of a stream reached the client, even with retries and channels left', async () => {
    await r.setOptions({ RetryTimes: 3 });
    const model = await r.uniqueModel();
    const other = await startFakeUpstream({ routes: { 'POST /v1/chat/completions': jsonReply(chatCompletion('should not be asked')) } });
    try {
      await r.createChannel({ models: model, priority: 10 });
      await r.createChannel({ models: model, priority: 0, base_url: other.url });
      r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['one ', 'two ', 'three']), { resetAfter: 2 }));
      const user = await r.createUser();
      const token = await r.createApiKey(user.id);
      let text = '';
      const stream = await askStream(token.key, model);
      await expect(
        (async () => {
          for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
        })(),
      ).rejects.toThrow();
      expect(text).toBe('one ');
      expect(other.requests).toHaveLength(0);
      await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
      expect(JSON.parse((await r.logsOf(user.id, 2))[0].other!).stream_status).toBe('upstream_error');
    } finally {
      await other.close();
    }
  });
});
