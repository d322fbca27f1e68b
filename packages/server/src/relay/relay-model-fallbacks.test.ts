import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply, type Route } from '../../test/fake-upstream/index.js';
import { Role } from '@gw/contracts';
import type { CreateChannelInput } from '../channels/channel-routing.service.js';

const serverError = errorReply(500, { error: { message: 'the server had an error', type: 'server_error' } });
const badRequest = errorReply(400, { error: { message: "Invalid value for 'temperature'", type: 'invalid_request_error' } });

describe('model fallbacks', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(() => r.setOptions({ RetryTimes: 0, ModelFallbacks: {} }));

  const channel = (route: Route, input: Partial<CreateChannelInput>) => r.channelOnOwnUpstream(route, input);

  async function customer(opts: { modelLimits?: string[]; role?: number } = {}) {
    const user = await r.createUser({ quota: 5_000_000, role: opts.role });
    const token = await r.createApiKey(user.id, { modelLimits: opts.modelLimits });
    return { user, key: token.key, chat: (body: Record<string, unknown>, key = token.key) => r.post('/v1/chat/completions', key, { messages: [{ role: 'user', content: 'hi' }], ...body }) };
  }
  const otherOf = async (userId: number, type: number) => JSON.parse((await r.logsOf(userId, type)).at(-1)!.other!) as Record<string, unknown> & { admin_info: { use_channel: number[]; route_trace: string[] } };

  it("serves a request's `models` list in order when the first model's channels fail, billing and logging the model that answered", async () => {
    const wanted = await r.uniqueModel(1);
    const spare = await r.uniqueModel(3);
    const failing = await channel(serverError, { models: wanted });
    const serving = await channel(jsonReply(chatCompletion('from the spare', chatUsage(20, 10))), { models: spare });
    const { user, chat } = await customer();

    const res = await chat({ model: wanted, models: [wanted, spare], route: 'fallback' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('from the spare');

    expect(failing.upstream.requests).toHaveLength(1);
    // No upstream sees the list: the spare is asked for itself.
    const sent = serving.upstream.requests[0].body as Record<string, unknown>;
    expect(sent.model).toBe(spare);
    expect(sent).not.toHaveProperty('models');
    expect(sent).not.toHaveProperty('route');
    expect((failing.upstream.requests[0].body as Record<string, unknown>).models).toBeUndefined();

    await r.settled();
    const [log] = await r.logsOf(user.id, 2);
    expect(log.model_name).toBe(spare);
    expect(log.quota).toBe(r.quotaFor(spare, { prompt: 20, completion: 10 }));
    const other = await otherOf(user.id, 2);
    expect(other.fallback_from).toBe(wanted);
    expect(other.admin_info.use_channel).toEqual([failing.id, serving.id]);
    expect(other.admin_info.route_trace[1]).toContain(`fallback from ${wanted} to ${spare}`);
    expect((await r.quotaOf(user.id)).quota).toBe(5_000_000 - log.quota);
  });

  it('goes straight to a fallback when no channel serves the requested model, and takes the first entry when `model` is missing', async () => {
    const unserved = await r.uniqueModel();
    const spare = await r.uniqueModel();
    const serving = await channel(jsonReply(chatCompletion('spare')), { models: spare });
    const { user, chat } = await customer();

    expect((await chat({ model: unserved, models: [spare] })).status).toBe(200);
    expect((await chat({ models: [unserved, spare] })).status).toBe(200);
    expect(serving.upstream.requests.map((q) => (q.body as { model: string }).model)).toEqual([spare, spare]);
    await r.settled();
    expect((await r.logsOf(user.id, 2)).map((l) => l.model_name)).toEqual([spare, spare]);
    expect((await otherOf(user.id, 2)).fallback_from).toBe(unserved);
  });

  it("never falls back on the caller's own mistake, nor after every fallback failed, and then refunds the hold", async () => {
    await r.setOptions({ RetryTimes: 1 });
    const wanted = await r.uniqueModel();
    const spare = await r.uniqueModel();
    const refusing = await channel(badRequest, { models: wanted });
    const spareChannel = await channel(serverError, { models: spare });
    const { user, chat } = await customer();

    const res = await chat({ model: wanted, models: [spare] });
    expect(res.status).toBe(400);
    expect(refusing.upstream.requests).toHaveLength(1);
    expect(spareChannel.upstream.requests).toHaveLength(0);

    refusing.upstream.setRoute('POST /v1/chat/completions', serverError);
    const failed = await chat({ model: wanted, models: [spare] });
    expect(failed.status).toBe(500);
    expect(spareChannel.upstream.requests).toHaveLength(1);
    const [, last] = await r.logsOf(user.id, 5);
    // A failure is logged under the model asked for; the trace shows the fallback tried.
    expect(last.model_name).toBe(wanted);
    expect(JSON.parse(last.other!).admin_info.route_trace.join(' ')).toContain(`fallback from ${wanted} to ${spare}`);
    expect((await r.quotaOf(user.id)).quota).toBe(5_000_000);
    expect(await r.holdsOf(user.id)).not.toContain('held');
  });

  it("refuses a bad `models` list before any upstream call or quota change", async () => {
    const wanted = await r.uniqueModel();
    const allowedSpare = await r.uniqueModel();
    const forbiddenSpare = await r.uniqueModel();
    const serving = await channel(jsonReply(chatCompletion('x')), { models: `${wanted},${allowedSpare},${forbiddenSpare}` });
    const { user, chat } = await customer({ modelLimits: [wanted, allowedSpare] });

    const cases: [unknown, number, string][] = [
      ['gpt-4o', 400, 'models must be an array'],
      [[wanted, 7], 400, 'each entry of models'],
      [[wanted, ''], 400, 'each entry of models'],
      [Array.from({ length: 11 }, (_, i) => `m-${i}`), 400, 'at most 10'],
      [[allowedSpare, forbiddenSpare], 403, `may not use the model ${forbiddenSpare}`],
    ];
    const unlimited = await customer();
    const unpriced = await unlimited.chat({ model: wanted, models: [allowedSpare, 'model-with-no-price-anywhere'] });
    expect(unpriced.status).toBe(400);
    expect(((await unpriced.json()) as { error: { message: string } }).error.message).toContain('model-with-no-price-anywhere has no price');
    for (const [models, status, message] of cases) {
      const res = await chat({ model: wanted, models });
      expect(res.status, JSON.stringify(models)).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain(message);
    }
    expect(serving.upstream.requests).toHaveLength(0);
    expect((await r.quotaOf(user.id)).quota).toBe(5_000_000);
    await r.settled();
    expect(await r.logsOf(user.id, 2)).toHaveLength(0);
  });

  it('uses the ModelFallbacks option when the request names none, skipping models the key may not use', async () => {
    const wanted = await r.uniqueModel();
    const forbidden = await r.uniqueModel();
    const spare = await r.uniqueModel();
    await channel(serverError, { models: wanted });
    const forbiddenChannel = await channel(jsonReply(chatCompletion('forbidden')), { models: forbidden });
    const spareChannel = await channel(jsonReply(chatCompletion('spare')), { models: spare });
    await r.setOptions({ ModelFallbacks: { [wanted]: [forbidden, spare] } });

    const limited = await customer({ modelLimits: [wanted, spare] });
    const res = await limited.chat({ model: wanted });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('spare');
    expect(forbiddenChannel.upstream.requests).toHaveLength(0);

    const open = await customer();
    expect(((await (await open.chat({ model: wanted })).json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('forbidden');
    expect(spareChannel.upstream.requests).toHaveLength(1);
    // An empty `models` list is no list: the option applies, and no upstream sees the field.
    expect(((await (await open.chat({ model: wanted, models: [] })).json()) as { choices: { message: { content: string } }[] }).choices[0].message.content).toBe('forbidden');
    expect(forbiddenChannel.upstream.requests.at(-1)!.body).not.toHaveProperty('models');
  });

  it('falls back before a stream starts and streams the fallback', async () => {
    const wanted = await r.uniqueModel();
    const spare = await r.uniqueModel();
    await channel(serverError, { models: wanted });
    await channel(sseReply(chatStreamEvents(['Hel', 'lo'])), { models: spare });
    const { user, key } = await customer();
    const stream = await r.openai(key).chat.completions.create({ model: wanted, messages: [{ role: 'user', content: 'hi' }], stream: true, models: [spare] } as never);
    let text = '';
    for await (const part of stream as unknown as AsyncIterable<{ choices: { delta: { content?: string } }[] }>) text += part.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello');
    await r.settled();
    expect((await r.logsOf(user.id, 2)).map((l) => [l.model_name, l.is_stream])).toEqual([[spare, 1]]);
  });

  it('falls back on the Claude Messages surface too, answering in its shape', async () => {
    const wanted = await r.uniqueModel();
    const spare = await r.uniqueModel();
    await channel(serverError, { models: wanted });
    const serving = await channel(jsonReply(chatCompletion('converted')), { models: spare });
    const { user, key } = await customer();
    const res = await r.post('/v1/messages', key, { model: wanted, models: [spare], max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: 'message', content: [{ type: 'text', text: 'converted' }] });
    expect(serving.upstream.requests[0].body).toMatchObject({ model: spare });
    expect(serving.upstream.requests[0].body).not.toHaveProperty('models');
    await r.settled();
    expect((await r.logsOf(user.id, 2)).map((l) => l.model_name)).toEqual([spare]);
  });

  it('does not fall back for a key pinned to a channel', async () => {
    const wanted = await r.uniqueModel();
    const spare = await r.uniqueModel();
    const pinned = await channel(serverError, { models: wanted });
    const spareChannel = await channel(jsonReply(chatCompletion('spare')), { models: spare });
    await r.setOptions({ ModelFallbacks: { [wanted]: [spare] } });
    const { key, chat } = await customer({ role: Role.Admin });
    expect((await chat({ model: wanted, models: [spare] }, `${key}-${pinned.id}`)).status).toBe(500);
    expect((await chat({ model: wanted }, `${key}-${pinned.id}`)).status).toBe(500);
    expect(spareChannel.upstream.requests).toHaveLength(0);
  });

  it('checks the ModelFallbacks option when it is saved', async () => {
    await expect(r.setOptions({ ModelFallbacks: { 'gpt-4o': 'gpt-4o-mini' } })).rejects.toThrow('each model needs an array of fallback models');
    await expect(r.setOptions({ ModelFallbacks: { 'gpt-4o': [''] } })).rejects.toThrow('must not be empty');
    await expect(r.setOptions({ ModelFallbacks: ['gpt-4o'] })).rejects.toThrow('must be a JSON object');
  });
});
