import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFixture, readSseFixture } from '../../formats/fixtures.test-helpers.js';
import { RelayError } from '../../relay-error.js';
import { bytes, jsonBody, sentJson, testContext, testSettings } from '../adapter-context.test-helpers.js';
import type { AdapterContext, OutboundEvent, UpstreamRequest } from '../provider-adapter.js';
import { anthropicAdapter } from './index.js';

const formatsFixture = (name: string) => new URL(`../../formats/anthropic/fixtures/${name}`, import.meta.url);
const ownFixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url);
const rawText = (url: URL) => readFileSync(url, 'utf8');

const channel = { type: 14, key: 'sk-ant-test', baseUrl: 'https://api.anthropic.com' };

function build(json: Record<string, unknown>, overrides: Partial<Omit<AdapterContext, 'channel'>> = {}): { req: UpstreamRequest; ctx: AdapterContext } {
  const ctx = testContext({ upstreamModel: 'claude-sonnet-4-5-20250929', channel, ...overrides });
  const req = anthropicAdapter.buildRequest(jsonBody(json), ctx) as UpstreamRequest;
  return { req, ctx };
}

function streamThrough(ctx: AdapterContext, fixture: URL): { out: OutboundEvent[]; text: string } {
  const translator = anthropicAdapter.createStreamTranslator(ctx);
  const out = readSseFixture(fixture).flatMap((event) => translator.push(event));
  out.push(...translator.end());
  return { out, text: translator.drainText!() };
}

describe('anthropicAdapter requests', () => {
  it('posts a converted chat request to /v1/messages with the key, version and the model headers', () => {
    const settings = { ...testSettings, claudeDefaultMaxTokens: 4096, claudeHeaders: { 'anthropic-beta': 'context-1m-2025-08-07' } };
    const { req } = build({ model: 'claude-4.5', messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Hi' }] }, { settings });
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.anthropic.com/v1/messages');
    expect(req.headers).toEqual({ 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01', 'anthropic-beta': 'context-1m-2025-08-07', 'Content-Type': 'application/json' });
    expect(sentJson(req.body)).toEqual({ model: 'claude-sonnet-4-5-20250929', max_tokens: 4096, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('does not double the /v1 of a base URL that already ends with it', () => {
    const ctx = testContext({ upstreamModel: 'claude-haiku-4-5', channel: { ...channel, baseUrl: 'https://proxy.example/v1' } });
    const req = anthropicAdapter.buildRequest(jsonBody({ messages: [] }), ctx) as UpstreamRequest;
    expect(req.url).toBe('https://proxy.example/v1/messages');
  });

  it('turns on extended thinking with the budget of a -thinking model and drops sampling settings', () => {
    const settings = { ...testSettings, claudeDefaultMaxTokens: 8192, claudeThinkingBudget: 6553 };
    const { req } = build({ messages: [{ role: 'user', content: 'Why?' }], temperature: 0.2, top_p: 0.9 }, { settings });
    const body = sentJson(req.body);
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 6553 });
    expect(body.max_tokens).toBe(8192);
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('top_p');
  });

  it('asks for a stream when the attempt streams', () => {
    const { req } = build({ messages: [{ role: 'user', content: 'Hi' }], stream: true }, { stream: true });
    expect(sentJson(req.body).stream).toBe(true);
  });

  it('forwards a native Messages body untouched except for the upstream model', () => {
    const native = readFixture<Record<string, unknown>>(formatsFixture('request-native.json'));
    const { req } = build({ ...native, container: 'container_011', future_option: { on: true } }, { endpoint: 'claude.messages' });
    expect(sentJson(req.body)).toEqual({ ...native, container: 'container_011', future_option: { on: true }, model: 'claude-sonnet-4-5-20250929' });
  });

  it('gives a native body without max_tokens the model default, and keeps the one the client sent', () => {
    const settings = { ...testSettings, claudeDefaultMaxTokens: 2048 };
    expect(sentJson(build({ messages: [] }, { endpoint: 'claude.messages', settings }).req.body).max_tokens).toBe(2048);
    expect(sentJson(build({ messages: [], max_tokens: 300 }, { endpoint: 'claude.messages', settings }).req.body).max_tokens).toBe(300);
  });

  it('adds thinking to a native body for a -thinking model unless the client configured thinking', () => {
    const settings = { ...testSettings, claudeThinkingBudget: 3000 };
    const added = sentJson(build({ messages: [], max_tokens: 1000, temperature: 0.5 }, { endpoint: 'claude.messages', settings }).req.body);
    expect(added.thinking).toEqual({ type: 'enabled', budget_tokens: 3000 });
    expect(added.max_tokens).toBeGreaterThan(3000);
    expect(added).not.toHaveProperty('temperature');
    const own = sentJson(build({ messages: [], max_tokens: 1000, thinking: { type: 'disabled' } }, { endpoint: 'claude.messages', settings }).req.body);
    expect(own.thinking).toEqual({ type: 'disabled' });
    expect(own.max_tokens).toBe(1000);
  });

  it('refuses endpoints Claude does not serve and multipart bodies', () => {
    expect(anthropicAdapter.supports('embeddings')).toBe(false);
    expect(() => anthropicAdapter.buildRequest(jsonBody({ input: 'x' }), testContext({ endpoint: 'embeddings', channel }))).toThrow(RelayError);
    expect(() => anthropicAdapter.buildRequest({ kind: 'multipart', fields: [] }, testContext({ channel }))).toThrow(/JSON body/);
  });
});

describe('anthropicAdapter answers', () => {
  it('converts a message to a chat completion with cache tokens in the usage', () => {
    const { ctx } = build({ messages: [{ role: 'user', content: 'Hi' }] });
    const parsed = anthropicAdapter.parseResponse(bytes(rawText(formatsFixture('message-text.json'))), 'application/json', ctx);
    expect(parsed.body).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'Hello! How can I help you today?' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 2012, completion_tokens: 10, prompt_tokens_details: { cached_tokens: 1800 } },
    });
    expect(parsed.usage).toMatchObject({ semantic: 'anthropic', promptTokens: 12, completionTokens: 10, cachedTokens: 1800, cacheCreationTokens: 200, cacheCreation5mTokens: 200, cacheCreation1hTokens: 0 });
  });

  it('converts tool use blocks to tool calls', () => {
    const { ctx } = build({ messages: [{ role: 'user', content: 'Weather?' }] });
    const parsed = anthropicAdapter.parseResponse(bytes(rawText(formatsFixture('message-tool-use.json'))), 'application/json', ctx);
    const message = (parsed.body as { choices: { message: { tool_calls: unknown[] }; finish_reason: string }[] }).choices[0];
    expect(message.finish_reason).toBe('tool_calls');
    expect(message.message.tool_calls).toHaveLength(2);
  });

  it('passes a native answer through as it came, reading its usage', () => {
    const { ctx } = build({ messages: [] }, { endpoint: 'claude.messages' });
    const raw = rawText(formatsFixture('message-text.json'));
    const parsed = anthropicAdapter.parseResponse(bytes(raw), 'application/json', ctx);
    expect(parsed.body).toEqual(JSON.parse(raw));
    expect(parsed.usage).toMatchObject({ promptTokens: 12, cachedTokens: 1800, cacheCreationTokens: 200 });
  });

  it('reports an unreadable answer as the upstream fault', () => {
    const { ctx } = build({ messages: [] });
    expect(() => anthropicAdapter.parseResponse(bytes('<html>'), 'text/html', ctx)).toThrow(/unreadable/);
    expect(() => anthropicAdapter.parseResponse(bytes('{"type":"message"}'), 'application/json', ctx)).toThrow(/no content/);
  });
});

describe('anthropicAdapter streams', () => {
  it('turns a Claude stream into chat chunks ending with the usage chunk', () => {
    const { ctx } = build({ messages: [{ role: 'user', content: 'Hi' }], stream: true }, { stream: true });
    const { out, text } = streamThrough(ctx, formatsFixture('stream-text.json'));
    const chunks = out.map((e) => e.data as { choices: { delta: { content?: string }; finish_reason: string | null }[]; usage?: { prompt_tokens: number } | null });
    expect(out.every((e) => e.event === undefined)).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? '').join('')).toBe('Hello!');
    expect(chunks.at(-2)!.choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)!.usage).toMatchObject({ prompt_tokens: 25 + 1024, completion_tokens: 15 });
    expect(text).toBe('Hello!');
  });

  it('leaves out the usage chunk when the client declined it, still tracking usage', () => {
    const { ctx } = build({ messages: [], stream: true, stream_options: { include_usage: false } }, { stream: true });
    const translator = anthropicAdapter.createStreamTranslator(ctx);
    const out = readSseFixture(formatsFixture('stream-text.json')).flatMap((e) => translator.push(e));
    expect(out.some((e) => (e.data as { choices: unknown[] }).choices.length === 0)).toBe(false);
    expect(translator.usage()).toMatchObject({ promptTokens: 25, cachedTokens: 1024, completionTokens: 15 });
  });

  it('passes native events on with their names and raw JSON, tracking usage and text', () => {
    const { ctx } = build({ messages: [], stream: true }, { endpoint: 'claude.messages', stream: true });
    const events = readSseFixture(ownFixture('stream-with-server-fields.json'));
    const { out, text } = streamThrough(ctx, ownFixture('stream-with-server-fields.json'));
    expect(out).toEqual(events.map((e) => ({ event: e.event, data: e.data })));
    expect(text).toBe('Short question.Four.');
    const translator = anthropicAdapter.createStreamTranslator(ctx);
    for (const e of events) translator.push(e);
    expect(translator.usage()).toMatchObject({ promptTokens: 40, completionTokens: 12, cacheCreationTokens: 300, cacheCreation1hTokens: 300, cacheCreation5mTokens: 0 });
  });

  it('counts tool names and arguments as produced text and streams them as tool calls', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const { out, text } = streamThrough(ctx, formatsFixture('stream-tool-use.json'));
    expect(text).toContain('get_weather{"location": "San Francisco, CA"}');
    expect(text).toContain('get_time');
    const calls = out.flatMap((e) => (e.data as { choices: { delta: { tool_calls?: { id?: string }[] } }[] }).choices[0]?.delta.tool_calls ?? []);
    expect(calls.filter((c) => c.id).map((c) => c.id)).toEqual(['toolu_01T1x1fJ34qAmk2tNTrN7Up6', 'toolu_02U2y2gK45rBnl3uOUsO8Vq7']);
  });

  it('ends a chat stream that breaks with an error event with an OpenAI error', () => {
    const { ctx } = build({ messages: [], stream: true }, { stream: true });
    const { out } = streamThrough(ctx, formatsFixture('stream-error.json'));
    expect(out.at(-1)!.data).toMatchObject({ error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('reads a stream only when the answer is server-sent events', () => {
    const ctx = testContext({ channel });
    expect(anthropicAdapter.isStream('text/event-stream; charset=utf-8', ctx)).toBe(true);
    expect(anthropicAdapter.isStream('application/json', ctx)).toBe(false);
  });
});

describe('anthropicAdapter errors and models', () => {
  it('reads the Claude error type as type and code', () => {
    const ctx = testContext({ channel });
    expect(anthropicAdapter.parseError(401, rawText(ownFixture('error-authentication.json')), ctx)).toEqual({
      message: 'invalid x-api-key',
      type: 'authentication_error',
      code: 'authentication_error',
    });
    expect(anthropicAdapter.parseError(529, rawText(formatsFixture('error-overloaded.json')), ctx)).toMatchObject({ type: 'overloaded_error', message: 'Overloaded' });
  });

  it('keeps only the title of an HTML error page', () => {
    expect(anthropicAdapter.parseError(502, '<html><title>502 Bad Gateway</title><body>…</body></html>', testContext({ channel })).message).toBe(
      'upstream answered with status 502: 502 Bad Gateway',
    );
  });

  it('lists the models with one GET to /v1/models', () => {
    const req = anthropicAdapter.modelList!.request({ ...testContext({ channel }).channel });
    expect(req).toEqual({ method: 'GET', url: 'https://api.anthropic.com/v1/models?limit=1000', headers: { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' } });
    expect(anthropicAdapter.modelList!.parse(rawText(ownFixture('models.json')))).toEqual(['claude-sonnet-4-5-20250929', 'claude-haiku-4-5-20251001', 'claude-opus-4-1-20250805']);
  });
});
