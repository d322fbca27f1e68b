import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { chatCompletion, chatStreamEvents, chatUsage, createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { errorReply, jsonReply, sseReply } from '../../test/fake-upstream/index.js';
import { countTextTokens } from './usage/token-counter.js';
import { estimatePromptTokens } from './pipeline/estimate-prompt-tokens.js';

interface GeminiAnswer {
  candidates: { content: { role: string; parts: { text?: string }[] }; finishReason?: string }[];
  usageMetadata?: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number };
  modelVersion?: string;
}

const geminiBody = {
  systemInstruction: { parts: [{ text: 'answer in German' }] },
  contents: [{ role: 'user', parts: [{ text: 'say hello' }] }],
  generationConfig: { maxOutputTokens: 64, temperature: 0.2 },
};

/** The JSON objects of an SSE body's `data:` lines. */
const sseData = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as GeminiAnswer);

describe('the Gemini surface through an OpenAI channel', () => {
  let r: RelayContext;
  let model: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    model = await r.uniqueModel();
    await r.createChannel({ models: model });
  });
  afterAll(() => r?.close());
  afterEach(() => {
    r.upstream.requests.length = 0;
  });

  it('answers generateContent with the key in x-goog-api-key, in Gemini’s shape, and bills the usage', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', jsonReply(chatCompletion('Hallo!', chatUsage(21, 3))));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await fetch(`${r.gateway}/v1beta/models/${model}:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': token.key, 'content-type': 'application/json' },
      body: JSON.stringify(geminiBody),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as GeminiAnswer;
    expect(answer.candidates[0]).toMatchObject({ content: { role: 'model', parts: [{ text: 'Hallo!' }] }, finishReason: 'STOP' });
    expect(answer.usageMetadata).toEqual({ promptTokenCount: 21, candidatesTokenCount: 3, totalTokenCount: 24 });

    const sent = r.upstream.requests[0].body as { model: string; messages: { role: string; content: unknown }[]; max_tokens?: number; max_completion_tokens?: number; stream?: boolean };
    expect(sent.model).toBe(model);
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent.max_tokens ?? sent.max_completion_tokens).toBe(64);
    expect(sent.stream).toBeFalsy();

    const quota = r.quotaFor(model, { prompt: 21, completion: 3 });
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(quota);
    const [log] = await r.logsOf(user.id, 2);
    expect(log).toMatchObject({ model_name: model, prompt_tokens: 21, completion_tokens: 3, is_stream: 0 });
  });

  it('streams streamGenerateContent?alt=sse with the key in ?key=, ending with the usage', async () => {
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['Hal', 'lo', ' Welt'], chatUsage(21, 3))));
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    const res = await fetch(`${r.gateway}/v1beta/models/${model}:streamGenerateContent?alt=sse&key=${encodeURIComponent(token.key)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(geminiBody),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = sseData(await res.text());
    const text = events.map((e) => e.candidates?.[0]?.content.parts.map((p) => p.text ?? '').join('') ?? '').join('');
    expect(text).toBe('Hallo Welt');
    const last = events.at(-1)!;
    expect(last.candidates[0].finishReason).toBe('STOP');
    expect(last.usageMetadata).toEqual({ promptTokenCount: 21, candidatesTokenCount: 3, totalTokenCount: 24 });
    expect((r.upstream.requests[0].body as { stream: boolean }).stream).toBe(true);

    const quota = r.quotaFor(model, { prompt: 21, completion: 3 });
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(quota);
    const [log] = await r.logsOf(user.id, 2);
    expect(log.is_stream).toBe(1);
  });

  it('answers errors in Gemini’s error shape', async () => {
    const res = await fetch(`${r.gateway}/v1beta/models/${model}:generateContent?key=sk-not-a-real-key-at-all`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(geminiBody),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: 401, message: expect.any(String), status: 'UNAUTHENTICATED' } });
    expect(r.upstream.requests).toHaveLength(0);
  });
});

describe('the Gemini surface’s embeddings and token counts', () => {
  let r: RelayContext;
  /** Served by an OpenAI channel (converted) and by a Gemini channel whose model is mapped (native). */
  let viaOpenAI: string;
  let viaGemini: string;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
    viaOpenAI = await r.uniqueModel(0.01);
    viaGemini = await r.uniqueModel(0.075);
    await r.createChannel({ models: viaOpenAI });
    await r.createChannel({ type: 24, key: 'AIza-upstream-secret', models: viaGemini, model_mapping: JSON.stringify({ [viaGemini]: 'gemini-embedding-001' }) });
  });
  afterAll(() => r?.close());
  afterEach(() => {
    r.upstream.requests.length = 0;
  });

  const gemini = (key: string, path: string, body: unknown) =>
    fetch(`${r.gateway}/v1beta/models/${path}`, { method: 'POST', headers: { 'x-goog-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const content = (text: string) => ({ parts: [{ text }] });
  async function customer() {
    const user = await r.createUser();
    return { user, token: await r.createApiKey(user.id) };
  }

  it('answers embedContent through an OpenAI channel in Gemini’s shape and bills the upstream’s usage', async () => {
    r.upstream.setRoute('POST /v1/embeddings', jsonReply({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5] }], model: viaOpenAI, usage: { prompt_tokens: 7, total_tokens: 7 } }));
    const { user, token } = await customer();
    const res = await gemini(token.key, `${viaOpenAI}:embedContent`, { content: content('the quick brown fox'), taskType: 'RETRIEVAL_QUERY', outputDimensionality: 2 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ embedding: { values: [0.25, -0.5] } });
    expect(r.upstream.requests[0].body).toEqual({ model: viaOpenAI, input: 'the quick brown fox', encoding_format: 'float', dimensions: 2 });
    await expect.poll(async () => (await r.quotaOf(user.id)).used_quota).toBe(r.quotaFor(viaOpenAI, { prompt: 7, completion: 0 }));
    const [log] = await r.logsOf(user.id, 2);
    expect(log).toMatchObject({ model_name: viaOpenAI, prompt_tokens: 7, completion_tokens: 0 });
  });

  it('answers batchEmbedContents through an OpenAI channel with the vectors in the requests’ order', async () => {
    r.upstream.setRoute('POST /v1/embeddings', jsonReply({ object: 'list', data: [{ object: 'embedding', index: 1, embedding: [2] }, { object: 'embedding', index: 0, embedding: [1] }], model: viaOpenAI, usage: { prompt_tokens: 4, total_tokens: 4 } }));
    const { token } = await customer();
    const requests = [{ model: `models/${viaOpenAI}`, content: content('first') }, { model: `models/${viaOpenAI}`, content: content('second') }];
    const res = await gemini(token.key, `${viaOpenAI}:batchEmbedContents`, { requests });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
    expect((r.upstream.requests[0].body as { input: unknown }).input).toEqual(['first', 'second']);
  });

  it('passes embedContent and batchEmbedContents through to a Gemini channel under its mapped model, billing the counted input', async () => {
    const embedding = { embedding: { values: [0.1, 0.2, 0.3] } };
    r.upstream.setRoute('POST /v1beta/models/gemini-embedding-001:embedContent', jsonReply(embedding));
    r.upstream.setRoute('POST /v1beta/models/gemini-embedding-001:batchEmbedContents', jsonReply({ embeddings: [{ values: [1] }, { values: [2] }] }));
    const { user, token } = await customer();

    const single = await gemini(token.key, `${viaGemini}:embedContent`, { content: content('hello embeddings'), taskType: 'SEMANTIC_SIMILARITY' });
    expect(single.status).toBe(200);
    expect(await single.json()).toEqual(embedding);
    const sent = r.upstream.requests[0];
    expect(sent.headers['x-goog-api-key']).toBe('AIza-upstream-secret');
    expect(sent.query.key).toBeUndefined();
    expect(sent.body).toEqual({ model: 'models/gemini-embedding-001', content: content('hello embeddings'), taskType: 'SEMANTIC_SIMILARITY' });

    const requests = ['one', 'two'].map((text) => ({ model: `models/${viaGemini}`, content: content(text), outputDimensionality: 8 }));
    const batch = await gemini(token.key, `${viaGemini}:batchEmbedContents`, { requests });
    expect(await batch.json()).toEqual({ embeddings: [{ values: [1] }, { values: [2] }] });
    expect((r.upstream.requests[1].body as { requests: { model: string }[] }).requests.map((q) => q.model)).toEqual(['models/gemini-embedding-001', 'models/gemini-embedding-001']);

    const counted = countTextTokens('hello embeddings') + countTextTokens('one') + countTextTokens('two');
    await expect.poll(async () => (await r.quotaOf(user.id)).request_count).toBe(2);
    const logs = await r.logsOf(user.id, 2);
    expect(logs.map((l) => l.prompt_tokens).reduce((a, b) => a + b)).toBe(counted);
    expect(JSON.parse(logs[0].other!)).toMatchObject({ is_model_mapped: true, upstream_model_name: 'gemini-embedding-001' });
  });

  it('refuses malformed embedding requests in Gemini’s error shape, with no upstream call and no charge', async () => {
    const { user, token } = await customer();
    const cases: [string, unknown, string][] = [
      [`${viaOpenAI}:embedContent`, {}, 'content is required'],
      [`${viaOpenAI}:embedContent`, { content: 'text' }, 'content must be an object'],
      [`${viaOpenAI}:embedContent`, { requests: [{ content: content('x') }] }, 'send several to batchEmbedContents'],
      [`${viaOpenAI}:batchEmbedContents`, { content: content('x') }, 'batchEmbedContents takes `requests`'],
      [`${viaOpenAI}:batchEmbedContents`, { requests: [] }, 'requests must not be empty'],
      [`${viaOpenAI}:batchEmbedContents`, { requests: [{ content: { parts: 'x' } }] }, 'requests[0].content.parts must be an array'],
      [`${viaOpenAI}:embedThings`, { content: content('x') }, 'unknown Gemini action "embedThings"'],
    ];
    for (const [path, body, message] of cases) {
      const res = await gemini(token.key, path, body);
      expect(res.status, path).toBe(400);
      const error = ((await res.json()) as { error: { code: number; message: string; status: string } }).error;
      expect(error, JSON.stringify(body)).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(error.message).toContain(message);
    }
    expect(r.upstream.requests).toHaveLength(0);
    expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0, request_count: 0 });
  });

  it('counts tokens locally for countTokens, plain or wrapped, without an upstream call or a charge', async () => {
    const { user, token } = await customer();
    const plain = await gemini(token.key, `${viaOpenAI}:countTokens`, { contents: geminiBody.contents });
    expect(plain.status).toBe(200);
    const { totalTokens } = (await plain.json()) as { totalTokens: number };
    expect(totalTokens).toBe(estimatePromptTokens('gemini.generate', { kind: 'json', json: { contents: geminiBody.contents } }));
    expect(totalTokens).toBeGreaterThan(0);
    const wrapped = await gemini(token.key, `${viaOpenAI}:countTokens`, { generateContentRequest: { model: `models/${viaOpenAI}`, ...geminiBody } });
    const withSystem = ((await wrapped.json()) as { totalTokens: number }).totalTokens;
    expect(withSystem).toBe(estimatePromptTokens('gemini.generate', { kind: 'json', json: geminiBody }));
    expect(withSystem).toBeGreaterThan(totalTokens);
    expect(r.upstream.requests).toHaveLength(0);
    expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0, request_count: 0 });
  });

  it('refuses countTokens for a model the key may not use, and for a bad key', async () => {
    const { user } = await customer();
    const limited = await r.createApiKey(user.id, { modelLimits: [viaGemini] });
    const forbidden = await gemini(limited.key, `${viaOpenAI}:countTokens`, { contents: geminiBody.contents });
    expect(forbidden.status).toBe(403);
    const badKey = await gemini('sk-not-a-real-key-at-all', `${viaOpenAI}:countTokens`, { contents: geminiBody.contents });
    expect(badKey.status).toBe(401);
    expect(((await badKey.json()) as { error: { status: string } }).error.status).toBe('UNAUTHENTICATED');
  });
});

describe('errors on the Claude and OpenAI surfaces', () => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext('sqlite');
  });
  afterAll(() => r?.close());

  const anthropic = (key: string) => new Anthropic({ apiKey: key, baseURL: r.gateway, maxRetries: 0 });
  const message = (model: string) => ({ model, max_tokens: 50, messages: [{ role: 'user' as const, content: 'hello' }] });

  it('come back in the Anthropic error shape, so the SDK raises the matching error class', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const badKey = await anthropic('sk-wrongwrongwrongwrongwrong').messages.create(message(model)).catch((err: unknown) => err);
    expect(badKey).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((badKey as InstanceType<typeof Anthropic.AuthenticationError>).error).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: expect.any(String) } });

    r.upstream.setRoute('POST /v1/chat/completions', errorReply(400, { error: { message: 'max_tokens is too large', type: 'invalid_request_error', code: 'invalid_value' } }));
    const bad = await anthropic(token.key).messages.create(message(model)).catch((err: unknown) => err);
    expect(bad).toBeInstanceOf(Anthropic.BadRequestError);
    expect((bad as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: 'max_tokens is too large' } });

    const unserved = await r.uniqueModel();
    const missing = await anthropic(token.key).messages.create(message(unserved)).catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(Anthropic.InternalServerError);
    expect((missing as InstanceType<typeof Anthropic.InternalServerError>).status).toBe(503);
    expect((missing as InstanceType<typeof Anthropic.InternalServerError>).error).toMatchObject({ type: 'error', error: { type: 'overloaded_error', message: expect.stringContaining('no available channel') } });

    const poor = await r.createUser({ quota: 0 });
    const poorKey = await r.createApiKey(poor.id);
    const exhausted = await anthropic(poorKey.key).messages.create(message(model)).catch((err: unknown) => err);
    expect(exhausted).toBeInstanceOf(Anthropic.RateLimitError);
    expect((exhausted as InstanceType<typeof Anthropic.RateLimitError>).error).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
  });

  it('end a broken Claude stream with an Anthropic error event that the SDK raises', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);
    r.upstream.setRoute('POST /v1/chat/completions', sseReply(chatStreamEvents(['Bon', 'jour', '!']), { resetAfter: 3 }));
    const res = await fetch(`${r.gateway}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': token.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ ...message(model), stream: true }),
    });
    expect(res.status).toBe(200);
    const wire = await res.text();
    expect(wire).toContain('event: message_start');
    const errorEvent = /event: error\ndata: (.+)\n/.exec(wire);
    expect(JSON.parse(errorEvent![1])).toMatchObject({ type: 'error', error: { type: 'api_error', message: expect.any(String) } });

    const stream = anthropic(token.key).messages.stream({ ...message(model) });
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.APIError);
  });

  it('reports an unknown model as a 404 in the OpenAI error shape', async () => {
    const model = await r.uniqueModel();
    await r.createChannel({ models: model });
    const user = await r.createUser();
    const token = await r.createApiKey(user.id);

    const missing = await r.openai(token.key).models.retrieve('no-such-model-anywhere').catch((err: unknown) => err);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({ type: 'invalid_request_error', code: 'model_not_found', message: expect.stringContaining('no-such-model-anywhere') });
    expect((await r.openai(token.key).models.retrieve(model)).id).toBe(model);

    r.upstream.setRoute('POST /v1/chat/completions', errorReply(404, { error: { message: `The model '${model}' does not exist`, type: 'invalid_request_error', code: 'model_not_found' } }));
    const upstream404 = await r.openai(token.key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] }).catch((err: unknown) => err);
    expect(upstream404).toBeInstanceOf(OpenAI.NotFoundError);
    expect((upstream404 as InstanceType<typeof OpenAI.NotFoundError>).error).toMatchObject({ code: 'model_not_found', message: `The model '${model}' does not exist`, type: expect.any(String) });
    expect(await r.quotaOf(user.id)).toMatchObject({ used_quota: 0, request_count: 0 });
  });
});
