import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { dataEvent, jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { testDialects } from '../../test/test-database.js';

const QUOTA_PER_UNIT = 500_000;

/** The data payloads of an SSE answer, parsed (without the closing [DONE]). */
const chunksOf = (text: string) =>
  text
    .split('\n\n')
    .map((frame) => frame.split('\n').find((l) => l.startsWith('data: '))?.slice(6))
    .filter((d): d is string => d !== undefined && d !== '[DONE]')
    .map((d) => JSON.parse(d) as { usage?: Record<string, unknown> | null });

/** OpenRouter's usage accounting: `usage: {"include": true}` on a chat request puts the answer's cost in its usage. */
describe.each(testDialects())('usage accounting: the cost in the usage (%s)', (dialect) => {
  let r: RelayContext;
  let key: string;
  let userId: number;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
    const user = await r.createUser({ quota: 50_000_000 });
    userId = user.id;
    key = (await r.createApiKey(user.id)).key;
  });
  afterAll(() => r?.close());

  async function servedModel() {
    const model = await r.uniqueModel(2.5);
    await r.createChannel({ models: model });
    return model;
  }
  const chat = (model: string, extra: Record<string, unknown>) => r.post('/v1/chat/completions', key, { model, messages: [{ role: 'user', content: 'hi' }], ...extra });
  /** The cost of the user's latest consume log, in dollars. */
  const loggedCost = async () => (await r.logsOf(userId, 2)).at(-1)!.quota / QUOTA_PER_UNIT;

  it('adds the cost in dollars to a complete answer and never sends `usage` upstream', async () => {
    const model = await servedModel();
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('hello', chatUsage(1200, 340))));
    const res = await chat(model, { usage: { include: true } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { usage: Record<string, unknown> };
    const expected = r.quotaFor(model, { prompt: 1200, completion: 340 }) / QUOTA_PER_UNIT;
    expect(body.usage).toEqual({ ...chatUsage(1200, 340), cost: expected });
    expect(r.upstream.requests.at(-1)!.body).not.toHaveProperty('usage');
    await r.settled();
    expect(await loggedCost()).toBe(expected);
  });

  it('adds the cost to legacy completions, complete and streamed', async () => {
    const model = await servedModel();
    const completion = { id: 'cmpl-1', object: 'text_completion', created: 1, model, choices: [{ text: 'ok', index: 0, logprobs: null, finish_reason: 'stop' }], usage: chatUsage(500, 20) };
    r.upstream.setRoute('POST /v1/completions', (req) =>
      (req.body as { stream?: boolean }).stream
        ? sseReply([dataEvent({ ...completion, usage: null }), dataEvent({ ...completion, choices: [], usage: chatUsage(500, 20) }), dataEvent('[DONE]')])
        : jsonReply(completion),
    );
    const expected = r.quotaFor(model, { prompt: 500, completion: 20 }) / QUOTA_PER_UNIT;
    const whole = (await (await r.post('/v1/completions', key, { model, prompt: 'say ok', usage: { include: true } })).json()) as { usage: Record<string, unknown> };
    expect(whole.usage).toEqual({ ...chatUsage(500, 20), cost: expected });
    expect(r.upstream.requests.at(-1)!.body).not.toHaveProperty('usage');
    const streamed = chunksOf(await (await r.post('/v1/completions', key, { model, prompt: 'say ok', stream: true, usage: { include: true } })).text());
    expect(streamed.filter((c) => c.usage).map((c) => c.usage)).toEqual([{ ...chatUsage(500, 20), cost: expected }]);
    expect(await r.post('/v1/completions', key, { model, prompt: 'x', usage: 'yes' }).then((res) => res.status)).toBe(400);
  });

  it("adds it to a stream's usage chunk, also when the client did not ask for include_usage", async () => {
    const model = await servedModel();
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['hel', 'lo'], chatUsage(800, 60))));
    const res = await chat(model, { stream: true, stream_options: { include_usage: false }, usage: { include: true } });
    expect(res.status).toBe(200);
    const chunks = chunksOf(await res.text());
    const withUsage = chunks.filter((c) => c.usage);
    expect(withUsage).toHaveLength(1);
    expect(withUsage[0].usage).toEqual({ ...chatUsage(800, 60), cost: r.quotaFor(model, { prompt: 800, completion: 60 }) / QUOTA_PER_UNIT });
    await r.settled();
    expect(await loggedCost()).toBe(withUsage[0].usage!.cost);
  });

  it('prices a stream whose upstream reported no usage from the counted tokens, as it is billed', async () => {
    const model = await servedModel();
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['one ', 'two ', 'three'], null)));
    const chunks = chunksOf(await (await chat(model, { stream: true, usage: { include: true } })).text());
    const usage = chunks.find((c) => c.usage)!.usage!;
    await r.settled();
    expect(usage.cost).toBe(await loggedCost());
    expect(usage.cost).toBe(r.quotaFor(model, { prompt: usage.prompt_tokens as number, completion: usage.completion_tokens as number }) / QUOTA_PER_UNIT);
  });

  it('prices an answer converted from a Claude channel, streamed and not, at what it is billed', async () => {
    const model = await r.uniqueModel(3);
    await r.createChannel({ type: 14, models: model, key: 'anthropic-key' });
    const message = { id: 'msg_1', type: 'message', role: 'assistant', model, content: [{ type: 'text', text: 'Hi' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 30, output_tokens: 7 } };
    const events = [
      { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { input_tokens: 30, output_tokens: 1 } } },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 7 } },
      { type: 'message_stop' },
    ];
    r.upstream.setRoute('POST /v1/messages', (req) =>
      (req.body as { stream?: boolean }).stream ? sseReply(events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}`)) : jsonReply(message),
    );
    const expected = r.quotaFor(model, { prompt: 30, completion: 7 }) / QUOTA_PER_UNIT;
    const complete = (await (await chat(model, { usage: { include: true } })).json()) as { usage: { cost: number } };
    expect(complete.usage.cost).toBe(expected);
    const chunks = chunksOf(await (await chat(model, { stream: true, usage: { include: true } })).text());
    expect(chunks.filter((c) => c.usage).map((c) => c.usage!.cost)).toEqual([expected]);
    expect(r.upstream.requests.at(-1)!.body).not.toHaveProperty('usage');
    await r.settled();
    expect(await loggedCost()).toBe(expected);
  });

  it('leaves answers alone without it, and with include false', async () => {
    const model = await servedModel();
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('hello', chatUsage(10, 5))));
    for (const extra of [{}, { usage: { include: false } }, { usage: {} }]) {
      const body = (await (await chat(model, extra)).json()) as { usage: Record<string, unknown> };
      expect(body.usage).toEqual(chatUsage(10, 5));
      expect(r.upstream.requests.at(-1)!.body).not.toHaveProperty('usage');
    }
  });

  it('refuses a `usage` that is not an object or an include that is not a boolean, before any upstream call', async () => {
    const model = await servedModel();
    const before = r.upstream.requests.length;
    for (const usage of ['yes', true, [1], { include: 'yes' }]) {
      const res = await chat(model, { usage });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_usage');
    }
    expect(r.upstream.requests.length).toBe(before);
  });

  it('never answers a request for the cost from the response cache', async () => {
    await r.setOptions({ 'response_cache.mode': 'always' });
    try {
      const model = await servedModel();
      r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('hello', chatUsage(10, 5))));
      const before = r.upstream.requests.length;
      for (let i = 0; i < 2; i++) {
        const res = await chat(model, { usage: { include: true } });
        expect(res.headers.get('x-gateway-cache')).toBeNull();
        expect(((await res.json()) as { usage: { cost: number } }).usage.cost).toBeGreaterThan(0);
      }
      expect(r.upstream.requests.length - before).toBe(2);
    } finally {
      await r.setOptions({ 'response_cache.mode': 'off' });
    }
  });
});
