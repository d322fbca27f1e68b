import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply } from '../../test/fake-upstream/index.js';

describe('per-channel settings: model mapping, status-code mapping, parameter override, pass-through', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());
  afterEach(async () => {
    await r.setOptions({ RetryTimes: 0, 'global.pass_through_request_enabled': false });
    r.upstream.requests.length = 0;
  });

  async function caller() {
    const user = await r.createUser({ quota: 5_000_000 });
    const token = await r.createApiKey(user.id);
    return { user, token };
  }

  it('sends the mapped model name upstream but bills and logs the requested one', async () => {
    const requested = await r.uniqueModel(2);
    const upstreamName = await r.uniqueModel(7);
    const channel = await r.createChannel({ models: requested, model_mapping: JSON.stringify({ [requested]: upstreamName }) });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('mapped', chatUsage(20, 10), upstreamName)));
    const { user, token } = await caller();

    const answer = await r.openai(token.key).chat.completions.create({ model: requested, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0].message.content).toBe('mapped');
    expect((r.upstream.requests[0].body as { model: string }).model).toBe(upstreamName);

    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    const quota = r.quotaFor(requested, { prompt: 20, completion: 10 });
    expect(quota).not.toBe(r.quotaFor(upstreamName, { prompt: 20, completion: 10 }));
    expect(log).toMatchObject({ model_name: requested, quota, channel_id: channel });
    expect(JSON.parse(log.other!)).toMatchObject({ is_model_mapped: true, upstream_model_name: upstreamName, model_ratio: 2 });
    expect((await r.quotaOf(user.id)).used_quota).toBe(quota);
  });

  it('turns a retryable upstream failure into a client error that is not retried when the channel maps its status', async () => {
    await r.setOptions({ RetryTimes: 3 });
    const model = await r.uniqueModel();
    const mapped = await r.createChannel({ models: model, priority: 10, status_code_mapping: '{"500":"400"}' });
    await r.createChannel({ models: model, priority: 0 });
    r.upstream.setRoute('POST /v1/chat/completions', errorReply(500, { error: { message: 'upstream model overloaded', type: 'server_error' } }));
    const { user, token } = await caller();

    const failure = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).catch((err: unknown) => err);
    expect(failure).toMatchObject({ status: 400, type: 'invalid_request_error' });
    expect(r.upstream.requests).toHaveLength(1);
    expect(r.ctx.services.health.isCooling(mapped)).toBe(false);
    expect(await r.quotaOf(user.id)).toEqual({ quota: 5_000_000, used_quota: 0, request_count: 0 });
  });

  it('merges the channel’s param_override into the body sent upstream', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model, param_override: JSON.stringify({ temperature: 0.1, metadata: { team: 'ops' }, top_p: 0.5 }) });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('ok')));
    const { token } = await caller();

    await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }], temperature: 0.9, metadata: { user: 'alice' }, max_tokens: 30 });
    expect(r.upstream.requests[0].body).toMatchObject({
      model,
      temperature: 0.1,
      top_p: 0.5,
      max_tokens: 30,
      metadata: { user: 'alice', team: 'ops' },
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('forwards the exact request bytes in pass-through mode, unknown fields included, and still bills', async () => {
    await r.setOptions({ 'global.pass_through_request_enabled': true });
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('passed', chatUsage(15, 5))));
    const { user, token } = await caller();

    const raw = `{ "model": "${model}",\n  "messages": [{"role": "user", "content": "héllo"}],\n  "vendor_extension": {"keep": [1, 2, 3]}, "temperature": 0.30 }`;
    const res = await r.post('/v1/chat/completions', token.key, raw);
    expect(res.status).toBe(200);
    expect(r.upstream.requests[0].raw.toString('utf8')).toBe(raw);

    const quota = r.quotaFor(model, { prompt: 15, completion: 5 });
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(quota);
    const [log] = await r.logsOf(user.id, 2);
    expect(log).toMatchObject({ prompt_tokens: 15, completion_tokens: 5, quota });
  });

  it('bills a pass-through stream by counting its text, since nothing asked the upstream for usage', async () => {
    await r.setOptions({ 'global.pass_through_request_enabled': true });
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['streamed ', 'as ', 'is'], null)));
    const { user, token } = await caller();

    const raw = JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const res = await r.post('/v1/chat/completions', token.key, raw);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('streamed ');
    expect(r.upstream.requests[0].raw.toString('utf8')).toBe(raw);
    expect((r.upstream.requests[0].body as Record<string, unknown>).stream_options).toBeUndefined();

    await expect.poll(() => r.logsOf(user.id, 2)).toHaveLength(1);
    const [log] = await r.logsOf(user.id, 2);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBe(r.quotaFor(model, { prompt: log.prompt_tokens, completion: log.completion_tokens }));
    expect(JSON.parse(log.other!).admin_info.local_count_tokens).toBe(true);
  });
});
