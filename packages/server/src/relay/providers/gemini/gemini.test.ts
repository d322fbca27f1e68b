import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture, readSseFixture } from '../../formats/fixtures.test-helpers.js';
import { RelayError } from '../../relay-error.js';
import { bytes, jsonBody, sentJson, testContext, testSettings } from '../adapter-context.test-helpers.js';
import type { AdapterContext, OutboundEvent, UpstreamRequest } from '../provider-adapter.js';
import { geminiAdapter } from './index.js';

const formatsFixture = (name: string) => new URL(`../../formats/gemini/fixtures/${name}`, import.meta.url);
const ownFixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const rawText = (url: URL) => readFileSync(url, 'utf8');

const channel = { type: 24, key: 'AIza-test-key', baseUrl: 'https://generativelanguage.googleapis.com' };
const safety = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }, { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_ONLY_HIGH' }];

function build(json: Record<string, unknown>, overrides: Partial<Omit<AdapterContext, 'channel'>> & { channel?: Partial<AdapterContext['channel']> } = {}) {
  const ctx = testContext({ upstreamModel: 'gemini-2.5-flash', ...overrides, channel: { ...channel, ...overrides.channel } });
  const req = geminiAdapter.buildRequest(jsonBody(json), ctx) as UpstreamRequest;
  return { req, ctx };
}

function streamThrough(ctx: AdapterContext, fixture: URL): { out: OutboundEvent[]; text: string } {
  const translator = geminiAdapter.createStreamTranslator(ctx);
  const out = readSseFixture(fixture).flatMap((event) => translator.push(event));
  out.push(...translator.end());
  return { out, text: translator.drainText!() };
}

describe('geminiAdapter requests', () => {
  it('posts chat to generateContent with the key in a header and never in the URL', () => {
    const { req } = build({ model: 'gemini', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }], max_tokens: 100 });
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent');
    expect(req.url).not.toContain('AIza');
    expect(req.headers).toEqual({ 'x-goog-api-key': 'AIza-test-key', 'Content-Type': 'application/json' });
    expect(sentJson(req.body)).toEqual({
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      generationConfig: { maxOutputTokens: 100 },
    });
  });

  it('streams with streamGenerateContent as server-sent events', () => {
    const { req } = build({ messages: [{ role: 'user', content: 'Hi' }], stream: true }, { stream: true });
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
  });

  it('uses the version of the model settings without doubling one already in the base URL', () => {
    const settings = { ...testSettings, geminiVersion: 'v1' };
    expect(build({ messages: [] }, { settings }).req.url).toBe('https://generativelanguage.googleapis.com/v1/models/gemini-2.5-flash:generateContent');
    expect(build({ messages: [] }, { channel: { baseUrl: 'https://proxy.example/v1beta' } }).req.url).toBe('https://proxy.example/v1beta/models/gemini-2.5-flash:generateContent');
  });

  it('sends the configured safety settings with a converted request', () => {
    const { req } = build({ messages: [{ role: 'user', content: 'Hi' }] }, { settings: { ...testSettings, geminiSafetySettings: safety } });
    expect(sentJson(req.body).safetySettings).toEqual(safety);
  });

  it('forwards a native body untouched, adding safety settings only when the client sent none', () => {
    const native = readFixture<Record<string, unknown>>(formatsFixture('request-native.json'));
    const settings = { ...testSettings, geminiSafetySettings: safety };
    const { req } = build({ ...native, cachedContent: 'cachedContents/abc', futureField: [1] }, { endpoint: 'gemini.generate', settings });
    expect(sentJson(req.body)).toEqual({ ...native, cachedContent: 'cachedContents/abc', futureField: [1], safetySettings: native.safetySettings ?? safety });
    const own = [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT', threshold: 'BLOCK_LOW_AND_ABOVE' }];
    expect(sentJson(build({ contents: [], safetySettings: own }, { endpoint: 'gemini.generate', settings }).req.body).safetySettings).toEqual(own);
  });

  it('reads thinking from the model name suffixes and sends the bare model', () => {
    const budget = build({ messages: [{ role: 'user', content: 'Hi' }] }, { upstreamModel: 'gemini-2.5-flash-thinking-1024' });
    expect(budget.req.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect(sentJson(budget.req.body).generationConfig.thinkingConfig).toEqual({ thinkingBudget: 1024, includeThoughts: true });
    const off = build({ contents: [] }, { endpoint: 'gemini.generate', upstreamModel: 'gemini-2.5-flash-nothinking' });
    expect(off.req.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect(sentJson(off.req.body).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 0, includeThoughts: false } });
  });

  it('applies the thinking budget the pipeline derived from a -thinking model', () => {
    const { req } = build({ messages: [{ role: 'user', content: 'Hi' }] }, { settings: { ...testSettings, claudeThinkingBudget: 6553 } });
    expect(sentJson(req.body).generationConfig.thinkingConfig).toEqual({ thinkingBudget: 6553, includeThoughts: true });
  });

  it('keeps the thinking config a native client set itself', () => {
    const own = { thinkingConfig: { thinkingBudget: 128 }, temperature: 0.1 };
    const { req } = build({ contents: [], generationConfig: own }, { endpoint: 'gemini.generate', upstreamModel: 'gemini-2.5-flash-thinking-4096' });
    expect(sentJson(req.body).generationConfig).toEqual(own);
  });

  it('refuses endpoints Gemini does not serve here', () => {
    expect(geminiAdapter.supports('rerank')).toBe(false);
    expect(() => build({ query: 'x' }, { endpoint: 'rerank' })).toThrow(RelayError);
  });
});

describe('geminiAdapter answers', () => {
  it('converts a response to a chat completion, thoughts and cache included in usage', () => {
    const { ctx } = build({ messages: [{ role: 'user', content: 'Hi' }] });
    const parsed = geminiAdapter.parseResponse(bytes(rawText(formatsFixture('response-text.json'))), 'application/json', ctx);
    expect(parsed.body).toMatchObject({ object: 'chat.completion', choices: [{ message: { content: 'Hello! How can I help you today?' }, finish_reason: 'stop' }] });
    expect(parsed.usage).toMatchObject({ promptTokens: 1210, completionTokens: 9, cachedTokens: 1024 });
    const thinking = geminiAdapter.parseResponse(bytes(rawText(formatsFixture('response-thinking.json'))), 'application/json', ctx);
    expect(thinking.usage!.reasoningTokens).toBeGreaterThan(0);
    expect(thinking.usage!.completionTokens).toBeGreaterThanOrEqual(thinking.usage!.reasoningTokens);
  });

  it('passes a native response through as it came', () => {
    const { ctx } = build({ contents: [] }, { endpoint: 'gemini.generate' });
    const raw = rawText(formatsFixture('response-text.json'));
    const parsed = geminiAdapter.parseResponse(bytes(raw), 'application/json', ctx);
    expect(parsed.body).toEqual(JSON.parse(raw));
    expect(parsed.usage).toMatchObject({ promptTokens: 1210, completionTokens: 9 });
  });

  it('counts an answer grounded with Google Search as one grounded prompt, streamed or not, converted or native', () => {
    const groundedAnswer = {
      candidates: [{ content: { role: 'model', parts: [{ text: 'Spain won Euro 2024.' }] }, finishReason: 'STOP', groundingMetadata: { webSearchQueries: ['who won euro 2024'], groundingChunks: [{ web: { uri: 'https://example.org', title: 'x' } }] } }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 6, totalTokenCount: 16 },
    };
    const plain = { ...groundedAnswer, candidates: [{ ...groundedAnswer.candidates[0], groundingMetadata: undefined }] };
    for (const endpoint of ['chat', 'gemini.generate'] as const) {
      const { ctx } = build(endpoint === 'chat' ? { messages: [] } : { contents: [] }, { endpoint });
      expect(geminiAdapter.parseResponse(bytes(JSON.stringify(groundedAnswer)), 'application/json', ctx).usage).toMatchObject({ promptTokens: 10, googleSearchCalls: 1 });
      expect(geminiAdapter.parseResponse(bytes(JSON.stringify(plain)), 'application/json', ctx).usage!.googleSearchCalls).toBeUndefined();
      const streamed = build(endpoint === 'chat' ? { messages: [] } : { contents: [] }, { endpoint, stream: true }).ctx;
      const translator = geminiAdapter.createStreamTranslator(streamed);
      translator.push({ data: JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Spain' }] } }] }) });
      translator.push({ data: JSON.stringify(groundedAnswer) });
      expect(translator.usage()).toMatchObject({ completionTokens: 6, googleSearchCalls: 1 });
    }
  });

  it('leaves usage to local counting when the answer reports none', () => {
    const { ctx } = build({ messages: [] });
    const parsed = geminiAdapter.parseResponse(bytes(JSON.stringify({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: 'STOP' }] })), 'application/json', ctx);
    expect(parsed.usage).toBeUndefined();
  });
});

describe('geminiAdapter streams', () => {
  it('turns the response stream into chat chunks with the latest usage', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const { out, text } = streamThrough(ctx, formatsFixture('stream-text.json'));
    const chunks = out.map((e) => e.data as { choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: unknown });
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('The quick brown fox jumps.');
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 6 });
    expect(text).toBe('The quick brown fox jumps.');
  });

  it('streams thoughts and function calls, counting them as produced text', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const translator = geminiAdapter.createStreamTranslator(ctx);
    const out = readSseFixture(formatsFixture('stream-thinking-function-call.json')).flatMap((e) => translator.push(e));
    const deltas = out.map((e) => (e.data as { choices: { delta: Record<string, unknown> }[] }).choices[0]?.delta ?? {});
    expect(deltas.some((d) => typeof d.reasoning_content === 'string')).toBe(true);
    expect(deltas.flatMap((d) => (d.tool_calls as { function: { name: string } }[] | undefined) ?? []).map((c) => c.function.name)).toEqual(['get_weather', 'get_time']);
    expect(translator.drainText!()).toContain('get_weather{"location":"Tokyo"}');
    expect(translator.usage()).toMatchObject({ promptTokens: 60, completionTokens: 65, reasoningTokens: 40 });
  });

  it('passes native responses through as raw JSON', () => {
    const { ctx } = build({ contents: [] }, { endpoint: 'gemini.generate', stream: true });
    const events = readSseFixture(formatsFixture('stream-text.json'));
    const { out } = streamThrough(ctx, formatsFixture('stream-text.json'));
    expect(out).toEqual(events.map((e) => ({ data: e.data })));
  });

  it('ends a chat stream that carries an error with an OpenAI error', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const { out } = streamThrough(ctx, formatsFixture('stream-error.json'));
    expect(out.at(-1)!.data).toMatchObject({ error: { message: 'The model is overloaded. Please try again later.', code: 'UNAVAILABLE' } });
  });
});

describe('geminiAdapter embeddings', () => {
  it('maps one string to embedContent', () => {
    const { req } = build({ model: 'e', input: 'hello world', dimensions: 256 }, { endpoint: 'embeddings', upstreamModel: 'gemini-embedding-001' });
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:embedContent');
    expect(sentJson(req.body)).toEqual({ content: { parts: [{ text: 'hello world' }] }, outputDimensionality: 256 });
  });

  it('maps a list to batchEmbedContents and answers in the OpenAI shape with usage counted from the input', () => {
    const { req, ctx } = build({ input: ['first text', 'second text'] }, { endpoint: 'embeddings', upstreamModel: 'gemini-embedding-001' });
    expect(req.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(sentJson(req.body)).toEqual({
      requests: [
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'first text' }] } },
        { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'second text' }] } },
      ],
    });
    const parsed = geminiAdapter.parseResponse(bytes(rawText(ownFixture('batch-embed-contents.json'))), 'application/json', ctx);
    expect(parsed.body).toEqual({
      object: 'list',
      data: [
        { object: 'embedding', index: 0, embedding: [0.5, -0.25, 0.125] },
        { object: 'embedding', index: 1, embedding: [-1.5, 2.0, 0.0625] },
      ],
      model: 'gemini-embedding-001',
      usage: { prompt_tokens: 4, total_tokens: 4 },
    });
    expect(parsed.usage).toMatchObject({ promptTokens: 4, completionTokens: 0 });
  });

  it('encodes vectors as little-endian float32 base64 when the client asks for base64', () => {
    const { ctx } = build({ input: ['a', 'b'], encoding_format: 'base64' }, { endpoint: 'embeddings', upstreamModel: 'gemini-embedding-001' });
    const parsed = geminiAdapter.parseResponse(bytes(rawText(ownFixture('batch-embed-contents.json'))), 'application/json', ctx);
    const encoded = (parsed.body as { data: { embedding: string }[] }).data[1].embedding;
    const raw = Buffer.from(encoded, 'base64');
    expect([0, 1, 2].map((i) => raw.readFloatLE(i * 4))).toEqual([-1.5, 2.0, 0.0625]);
  });

  it('reads the single embedding of embedContent and the usage Gemini reports', () => {
    const { ctx } = build({ input: 'hello' }, { endpoint: 'embeddings', upstreamModel: 'gemini-embedding-001' });
    const single = geminiAdapter.parseResponse(bytes(rawText(ownFixture('embed-content.json'))), 'application/json', ctx);
    expect((single.body as { data: { embedding: number[] }[] }).data[0].embedding).toHaveLength(4);
    const reported = geminiAdapter.parseResponse(bytes(JSON.stringify({ embedding: { values: [1] }, usageMetadata: { promptTokenCount: 77 } })), 'application/json', ctx);
    expect(reported.usage!.promptTokens).toBe(77);
  });

  it('passes a Gemini client’s own embedding requests through under the channel’s model, usage only when reported', () => {
    const single = build({ model: 'models/asked', content: { parts: [{ text: 'hi' }] }, taskType: 'RETRIEVAL_DOCUMENT' }, { endpoint: 'gemini.embed', upstreamModel: 'gemini-embedding-001' });
    expect(single.req.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:embedContent');
    expect(sentJson(single.req.body)).toEqual({ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'hi' }] }, taskType: 'RETRIEVAL_DOCUMENT' });
    const answer = JSON.stringify({ embedding: { values: [0.5] } });
    const parsed = geminiAdapter.parseResponse(bytes(answer), 'application/json', single.ctx);
    expect(parsed.body).toEqual({ embedding: { values: [0.5] } });
    expect(Buffer.from(parsed.raw!).toString()).toBe(answer);
    expect(parsed.usage).toBeUndefined();

    const batch = build({ requests: [{ model: 'models/asked', content: { parts: [{ text: 'a' }] } }] }, { endpoint: 'gemini.embed', upstreamModel: 'gemini-embedding-001' });
    expect(batch.req.url).toMatch(/:batchEmbedContents$/);
    expect(sentJson(batch.req.body)).toEqual({ requests: [{ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'a' }] } }] });
    const reported = geminiAdapter.parseResponse(bytes(JSON.stringify({ embeddings: [{ values: [1] }], usageMetadata: { promptTokenCount: 9 } })), 'application/json', batch.ctx);
    expect(reported.usage!.promptTokens).toBe(9);
    expect(() => geminiAdapter.parseResponse(bytes('{"nothing":1}'), 'application/json', batch.ctx)).toThrow(RelayError);
  });

  it('refuses token arrays, which Gemini cannot embed', () => {
    expect(() => build({ input: [[1, 2, 3]] }, { endpoint: 'embeddings', upstreamModel: 'gemini-embedding-001' })).toThrow(/string or a non-empty array of strings/);
  });
});

describe('geminiAdapter errors and models', () => {
  const ctx = testContext({ channel });

  it('marks a rejected API key as an authentication error, whatever its status', () => {
    expect(geminiAdapter.parseError(400, rawText(formatsFixture('error-invalid-argument.json')), ctx)).toEqual({
      message: 'API key not valid. Please pass a valid API key.',
      type: 'authentication_error',
      code: 'API_KEY_INVALID',
    });
  });

  it('reads a suspended account as a permission error and a quota error by its status', () => {
    expect(geminiAdapter.parseError(403, rawText(ownFixture('error-permission-denied.json')), ctx)).toMatchObject({ type: 'permission_error', code: 'CONSUMER_SUSPENDED' });
    expect(geminiAdapter.parseError(429, rawText(ownFixture('error-resource-exhausted.json')), ctx)).toMatchObject({ type: 'RESOURCE_EXHAUSTED', code: 'RESOURCE_EXHAUSTED' });
  });

  it('reads an error wrapped in an array, and plain text', () => {
    const wrapped = JSON.stringify([{ error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } }]);
    expect(geminiAdapter.parseError(500, wrapped, ctx)).toEqual({ message: 'Internal error encountered.', type: 'INTERNAL', code: 'INTERNAL' });
    expect(geminiAdapter.parseError(502, 'upstream connect error', ctx)).toEqual({ message: 'upstream connect error' });
  });

  it('lists models with the key in a header and strips the models/ prefix', () => {
    const req = geminiAdapter.modelList!.request(ctx.channel);
    expect(req).toEqual({ method: 'GET', url: 'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000', headers: { 'x-goog-api-key': 'AIza-test-key' } });
    expect(geminiAdapter.modelList!.parse(rawText(ownFixture('models.json')))).toEqual(['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-embedding-001']);
  });
});
