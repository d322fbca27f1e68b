import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChannelType } from '@gw/contracts';
import { APIError } from 'openai';
import { createRelayContext, useRelayContext, type CustomerRelayContext, type RelayContext } from '../../../test/relay-harness.js';
import { testDialects } from '../../../test/test-database.js';
import { errorReply, jsonReply, type RecordedRequest } from '../../../test/fake-upstream/index.js';
import { compactionBody } from './responses-compact.js';
import { azureOpenAIAdapter } from '../providers/azure-openai/index.js';
import { customAdapter } from '../providers/custom/index.js';
import { openAIAdapter } from '../providers/openai/index.js';
import { allAdapters } from '../providers/registry.js';
import { jsonBody, testContext } from '../providers/adapter-context.test-helpers.js';
import type { ChannelInfo } from '../providers/provider-adapter.js';

/** A compacted conversation as OpenAI answers it: the user messages, then one opaque compaction item. */
const compacted = {
  id: 'resp_cmp_001',
  object: 'response.compaction',
  created_at: 1_764_967_971,
  output: [
    { id: 'msg_001', type: 'message', status: 'completed', role: 'user', content: [{ type: 'input_text', text: 'Plan a dog café landing page.' }] },
    { id: 'cmp_001', type: 'compaction', encrypted_content: 'gAAAAABpM0Yj-opaque' },
  ],
  usage: { input_tokens: 139, input_tokens_details: { cached_tokens: 0 }, output_tokens: 438, output_tokens_details: { reasoning_tokens: 64 }, total_tokens: 577 },
};

const conversation = [
  { role: 'user' as const, content: 'Plan a dog café landing page.' },
  { type: 'message' as const, id: 'msg_002', status: 'completed' as const, role: 'assistant' as const, content: [{ type: 'output_text' as const, text: 'Here is a plan…', annotations: [] }] },
];

describe('POST /v1/responses/compact', () => {
  const context = useRelayContext({ 'POST /v1/responses/compact': jsonReply(compacted) });
  let r: CustomerRelayContext;
  let model: string;
  beforeAll(async () => {
    r = context();
    model = await r.uniqueModel(2);
    await r.createChannel({ type: ChannelType.OpenAI, models: model, key: 'sk-openai-upstream' });
  });
  afterEach(() => r.setOptions({ RetryTimes: 0 }));

  const sent = (): RecordedRequest => r.upstream.requests.at(-1)!;
  const consumeLogs = () => r.logsOf(r.userId, 2);

  it('relays the official client’s compaction to the channel’s /v1/responses/compact and bills its usage like a Responses answer', async () => {
    await r.settled();
    const before = await r.quotaOf(r.userId);
    const logsBefore = (await consumeLogs()).length;
    const answer = await r.openai(r.key).responses.compact({ model, input: conversation, instructions: 'Keep the decisions.' });
    expect(answer).toEqual(compacted);

    expect(r.upstream.requests).toHaveLength(1);
    expect(sent()).toMatchObject({ method: 'POST', path: '/v1/responses/compact' });
    expect(sent().headers.authorization).toBe('Bearer sk-openai-upstream');
    expect(sent().body).toEqual({ model, input: conversation, instructions: 'Keep the decisions.' });

    const quota = r.quotaFor(model, { prompt: 139, completion: 438 });
    await r.settled();
    const logs = await consumeLogs();
    expect(logs).toHaveLength(logsBefore + 1);
    expect(logs.at(-1)).toMatchObject({ model_name: model, prompt_tokens: 139, completion_tokens: 438, quota, is_stream: 0 });
    expect(quota).toBeGreaterThan(0);
    expect((await r.quotaOf(r.userId)).used_quota).toBe(before.used_quota + quota);
  });

  it('sends only the fields compaction documents: a Codex client’s tools, reasoning, text and stream stay behind, and the answer is JSON', async () => {
    const res = await r.post('/v1/responses/compact', r.key, {
      model,
      input: 'a long conversation',
      previous_response_id: 'resp_previous_1',
      prompt_cache_key: 'thread-7',
      parallel_tool_calls: true,
      tools: [{ type: 'function', name: 'shell', parameters: { type: 'object' } }],
      reasoning: { effort: 'high' },
      text: { verbosity: 'low' },
      stream: true,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual(compacted);
    expect(sent().body).toEqual({ model, input: 'a long conversation', previous_response_id: 'resp_previous_1', prompt_cache_key: 'thread-7', parallel_tool_calls: true });
    await r.settled();
    expect((await consumeLogs()).at(-1)).toMatchObject({ model_name: model, is_stream: 0 });
  });

  it('sends the channel’s mapped model upstream and logs the one asked for', async () => {
    const mapped = await r.uniqueModel();
    await r.createChannel({ type: ChannelType.OpenAI, models: mapped, model_mapping: JSON.stringify({ [mapped]: 'gpt-5.1-codex-max' }) });
    await r.openai(r.key).responses.compact({ model: mapped, input: 'hello' });
    expect(sent().body).toEqual({ model: 'gpt-5.1-codex-max', input: 'hello' });
    await r.settled();
    const log = (await consumeLogs()).at(-1)!;
    expect(log.model_name).toBe(mapped);
    expect(JSON.parse(log.other!)).toMatchObject({ upstream_model_name: 'gpt-5.1-codex-max' });
  });

  it('reaches an Azure channel at its v1 compaction path with its api-key header', async () => {
    const azureModel = await r.uniqueModel();
    r.upstream.setRoute('POST /openai/v1/responses/compact', jsonReply(compacted));
    await r.createChannel({ type: ChannelType.AzureOpenAI, models: azureModel, key: 'azure-key-1', other: '2025-04-01-preview' });
    await r.openai(r.key).responses.compact({ model: azureModel, input: 'hello' });
    expect(sent()).toMatchObject({ path: '/openai/v1/responses/compact', query: { 'api-version': 'preview' } });
    expect(sent().headers['api-key']).toBe('azure-key-1');
    expect(sent().body).toEqual({ model: azureModel, input: 'hello' });
  });

  it('refuses it on a channel type without the Responses API, and tries the next channel when retries are on', async () => {
    const chatOnly = await r.uniqueModel();
    const deepseek = await r.createChannel({ type: ChannelType.DeepSeek, models: chatOnly, priority: 10 });
    await r.settled();
    const before = await r.quotaOf(r.userId);

    const refused = await r.post('/v1/responses/compact', r.key, { model: chatOnly, input: 'hello' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: { message: `channel #${deepseek} cannot serve /v1/responses/compact`, type: 'gateway_error', param: null, code: 'unsupported_endpoint' },
    });
    expect(r.upstream.requests).toHaveLength(0);
    await r.settled();
    expect(await r.quotaOf(r.userId)).toMatchObject({ quota: before.quota, used_quota: before.used_quota });

    await r.createChannel({ type: ChannelType.OpenAI, models: chatOnly, priority: 0 });
    await r.setOptions({ RetryTimes: 1 });
    const answer = await r.openai(r.key).responses.compact({ model: chatOnly, input: 'hello' });
    expect(answer.object).toBe('response.compaction');
    expect(r.upstream.requests.map((q) => q.path)).toEqual(['/v1/responses/compact']);
    await r.settled();
    expect(JSON.parse((await consumeLogs()).at(-1)!.other!).admin_info.use_channel).toEqual([deepseek, expect.any(Number)]);
  });

  it('passes an upstream refusal on in the OpenAI error shape, without a charge', async () => {
    const refusing = await r.uniqueModel();
    const own = await r.channelOnOwnUpstream(jsonReply({}), { type: ChannelType.OpenAI, models: refusing });
    own.upstream.setRoute('POST /v1/responses/compact', errorReply(400, { error: { message: 'Unsupported model for compaction.', type: 'invalid_request_error', param: 'model', code: 'unsupported_model' } }));
    await r.settled();
    const before = await r.quotaOf(r.userId);
    const error = await r.openai(r.key).responses.compact({ model: refusing, input: 'hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 400, code: 'unsupported_model', message: expect.stringContaining('Unsupported model for compaction.') });
    await r.settled();
    expect((await r.quotaOf(r.userId)).used_quota).toBe(before.used_quota);
  });

  it.each([
    ['no model', { input: 'hello' }, 'model is required'],
    ['neither input nor previous_response_id', { model: 'MODEL' }, 'input or previous_response_id is required'],
    ['an input that is a number', { model: 'MODEL', input: 42 }, 'input must be a string or an array of input items'],
    ['an input item that is not an object', { model: 'MODEL', input: ['hello'] }, 'input[0] must be an object'],
    ['instructions that are not text', { model: 'MODEL', input: 'hello', instructions: { text: 'x' } }, 'instructions must be a string'],
    ['a previous_response_id that is not an id', { model: 'MODEL', previous_response_id: 7 }, 'previous_response_id must be a response id'],
  ])('refuses %s with a 400, no upstream call and no charge', async (_, body, message) => {
    await r.settled();
    const before = await r.quotaOf(r.userId);
    const res = await r.post('/v1/responses/compact', r.key, JSON.parse(JSON.stringify(body).replace('"MODEL"', JSON.stringify(model))));
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { message: string; type: string } };
    expect(answer.error).toMatchObject({ type: 'invalid_request_error', message: expect.stringContaining(message) });
    expect(r.upstream.requests).toHaveLength(0);
    expect(await r.quotaOf(r.userId)).toMatchObject({ quota: before.quota, used_quota: before.used_quota });
  });

  it('refuses a body that is not JSON, a multipart body and a bad key, with no upstream call', async () => {
    const notJson = await r.post('/v1/responses/compact', r.key, '{"model":');
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('invalid_json');

    const form = new FormData();
    form.set('model', model);
    form.set('input', 'hello');
    const multipart = await fetch(`${r.gateway}/v1/responses/compact`, { method: 'POST', headers: { authorization: `Bearer ${r.key}` }, body: form });
    expect(multipart.status).toBe(400);
    expect(((await multipart.json()) as { error: { message: string } }).error.message).toBe('/v1/responses/compact takes a JSON body');

    const badKey = await r.openai('sk-not-a-real-key-at-all').responses.compact({ model, input: 'hello' }).catch((e: unknown) => e);
    expect(badKey).toMatchObject({ status: 401 });
    expect(r.upstream.requests).toHaveLength(0);
  });
});

describe.each(testDialects())('compaction billing on %s', (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect, { 'POST /v1/responses/compact': jsonReply(compacted) });
  });
  afterAll(() => r?.close());

  it('charges the key and its owner for the usage, in one consume log row', async () => {
    const model = await r.uniqueModel(3);
    await r.createChannel({ type: ChannelType.OpenAI, models: model });
    // A small balance, so the request takes a quota hold first and settles it.
    const user = await r.createUser({ quota: 100_000 });
    const token = await r.createApiKey(user.id, { remainQuota: 50_000 });
    await r.openai(token.key).responses.compact({ model, input: 'hello' });
    await r.settled();
    const quota = r.quotaFor(model, { prompt: 139, completion: 438 });
    const logs = await r.logsOf(user.id, 2);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ model_name: model, prompt_tokens: 139, completion_tokens: 438, quota, is_stream: 0, token_id: token.id });
    expect(await r.quotaOf(user.id)).toMatchObject({ quota: 100_000 - quota, used_quota: quota, request_count: 1 });
    expect(await r.tokenOf(token.id)).toMatchObject({ remain_quota: 50_000 - quota, used_quota: quota });
    expect(await r.holdsOf(user.id)).toEqual(['settled']);
  });
});

describe('compactionBody', () => {
  it('keeps a body of documented fields as it came, bytes included', () => {
    const body = { kind: 'json' as const, json: { model: 'm', input: 'x' }, raw: new TextEncoder().encode('{"model":"m","input":"x"}') };
    expect(compactionBody(body)).toBe(body);
  });

  it('drops the other fields, and with them the client’s bytes', () => {
    const body = { kind: 'json' as const, json: { model: 'm', input: 'x', stream: true, tools: [] }, raw: new Uint8Array([1]) };
    expect(compactionBody(body)).toEqual({ kind: 'json', json: { model: 'm', input: 'x' } });
  });
});

describe('the adapters’ compaction URLs', () => {
  const urlOf = (adapter: typeof openAIAdapter, channel: Partial<ChannelInfo>) =>
    (adapter.buildRequest(jsonBody({ model: 'gpt-5.1', input: 'hi' }), testContext({ endpoint: 'responses.compact', upstreamModel: 'gpt-5.1', channel })) as { url: string }).url;

  it('is /v1/responses/compact under an OpenAI or custom base URL', () => {
    expect(urlOf(openAIAdapter, { baseUrl: 'https://api.openai.com' })).toBe('https://api.openai.com/v1/responses/compact');
    expect(urlOf(customAdapter, { baseUrl: 'https://llm.example/v1' })).toBe('https://llm.example/v1/responses/compact');
  });

  it('is Azure’s v1 path with api-version=preview, or the channel’s api-version on an AI Foundry resource', () => {
    expect(urlOf(azureOpenAIAdapter, { baseUrl: 'https://my-resource.openai.azure.com', other: '2025-04-01-preview' })).toBe(
      'https://my-resource.openai.azure.com/openai/v1/responses/compact?api-version=preview',
    );
    expect(urlOf(azureOpenAIAdapter, { baseUrl: 'https://my-hub.cognitiveservices.azure.com', other: '2025-04-01-preview' })).toBe(
      'https://my-hub.cognitiveservices.azure.com/openai/responses/compact?api-version=2025-04-01-preview',
    );
  });

  it('is served by the OpenAI, Azure, custom, Codex and New API adapters only', () => {
    const serving = [...new Set(allAdapters().filter((a) => a.supports('responses.compact')).map((a) => a.name))].sort();
    expect(serving).toEqual(['azure-openai', 'codex', 'custom', 'new-api', 'openai']);
  });
});
