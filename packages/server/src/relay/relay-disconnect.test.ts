import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { sseReply } from '../../test/fake-upstream/index.js';

const pieces = (n: number) => Array.from({ length: n }, (_, i) => `word${i} `);

/** Opens a streamed chat request, reads until the first piece of text arrived, then disconnects. */
async function readFirstPieceThenLeave(r: RelayContext, key: string, model: string): Promise<string> {
  const controller = new AbortController();
  const res = await fetch(`${r.gateway}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'tell me a long story' }], stream: true, max_tokens: 2000 }),
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes('word0')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the stream ended before the first piece');
    seen += decoder.decode(value, { stream: true });
  }
  controller.abort();
  return seen;
}

async function holdOf(r: RelayContext, userId: number) {
  return r.ctx.db.selectFrom('quota_holds').select(['amount', 'status']).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

describe('a client that disconnects mid-stream while the upstream goes on to report usage', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());

  it('is billed the usage the upstream reports after the client left', async () => {
    const model = await r.uniqueModel(2);
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(pieces(12), chatUsage(40, 321)), { delayMs: 30 }));
    // A modest balance: the request holds quota before the call (no trust exemption).
    const user = await r.createUser({ quota: 2_000_000 });
    const token = await r.createApiKey(user.id, { remainQuota: 1_000_000 });

    const seen = await readFirstPieceThenLeave(r, token.key, model);
    expect(seen).not.toContain('word11');

    await expect.poll(() => r.logsOf(user.id, 2), { timeout: 5_000 }).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    const quota = r.quotaFor(model, { prompt: 40, completion: 321 });
    expect(log).toMatchObject({ prompt_tokens: 40, completion_tokens: 321, quota, is_stream: 1 });
    expect(JSON.parse(log.other!)).toMatchObject({ stream_status: 'client_gone', admin_info: { local_count_tokens: false } });
    const hold = await holdOf(r, user.id);
    expect(hold.status).toBe('settled');
    expect(quota).not.toBe(hold.amount);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 2_000_000 - quota, used_quota: quota, request_count: 1 });
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: 1_000_000 - quota, used_quota: quota });
  });
});

describe('a client that disconnects mid-stream from an upstream that never reports usage', () => {
  const DRAIN_MS = 300;
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite', {}, { config: { relayDrainAfterDisconnectMs: DRAIN_MS } });
  });
  afterAll(() => r?.close());

  it('stops reading after the drain window and bills the text counted so far, more than zero and less than the hold', async () => {
    const model = await r.uniqueModel(2);
    await r.createChannel({ models: model });
    // 200 pieces 50 ms apart: ten seconds of output, far longer than the drain window.
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(pieces(200), null), { delayMs: 50 }));
    // A modest balance: the request holds quota before the call (no trust exemption).
    const user = await r.createUser({ quota: 2_000_000 });
    const token = await r.createApiKey(user.id);

    const started = Date.now();
    await readFirstPieceThenLeave(r, token.key, model);
    await expect.poll(() => r.logsOf(user.id, 2), { timeout: 5_000 }).toHaveLength(1);
    // The log was written long before the upstream would have finished: the drain was cut short.
    expect(Date.now() - started).toBeLessThan(5_000);

    const [log] = await r.logsOf(user.id, 2);
    expect(log.completion_tokens).toBeGreaterThan(0);
    // Each piece is two tokens; all 200 would be 400.
    expect(log.completion_tokens).toBeLessThan(100);
    expect(JSON.parse(log.other!)).toMatchObject({ stream_status: 'client_gone', admin_info: { local_count_tokens: true } });
    const hold = await holdOf(r, user.id);
    expect(hold.status).toBe('settled');
    expect(log.quota).toBeGreaterThan(0);
    expect(log.quota).toBeLessThan(hold.amount);
    expect(log.quota).toBe(r.quotaFor(model, { prompt: log.prompt_tokens, completion: log.completion_tokens }));
    expect(await r.quotaOf(user.id)).toEqual({ quota: 2_000_000 - log.quota, used_quota: log.quota, request_count: 1 });
  });
});
