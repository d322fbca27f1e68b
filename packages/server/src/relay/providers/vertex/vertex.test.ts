import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSseFixture } from '../../formats/fixtures.test-helpers.js';
import { bytes, jsonBody, sentJson, testContext, testSettings } from '../adapter-context.test-helpers.js';
import type { AdapterContext, AuthPort, ChannelInfo, OutboundEvent, UpstreamRequest } from '../provider-adapter.js';
import { VERTEX_SCOPES, vertexAdapter, vertexClaudeModel } from './index.js';

const fixture = (path: string) => new URL(path, import.meta.url);
const rawText = (url: URL) => readFileSync(url, 'utf8');
const anthropicFixture = (name: string) => fixture(`../../formats/anthropic/fixtures/${name}`);
const geminiFixture = (name: string) => fixture(`../../formats/gemini/fixtures/${name}`);

/** The key as stored in a channel: the service-account JSON on one line. */
const serviceAccount = JSON.stringify(JSON.parse(rawText(fixture('./fixtures/service-account.json'))));

/** A fake AuthPort that records what it was asked for. */
function fakeAuth(): AuthPort & { calls: { key: string; scopes: string[] }[] } {
  const calls: { key: string; scopes: string[] }[] = [];
  return {
    calls,
    googleAccessToken: (key, scopes) => {
      calls.push({ key, scopes });
      return Promise.resolve('ya29.test-token');
    },
    codexAccess: () => Promise.reject(new Error('not used')),
  };
}

async function build(json: Record<string, unknown>, overrides: Partial<Omit<AdapterContext, 'channel'>> & { channel?: Partial<ChannelInfo> } = {}) {
  const auth = fakeAuth();
  const ctx = testContext({ upstreamModel: 'gemini-2.5-pro', auth, ...overrides, channel: { type: 41, key: serviceAccount, baseUrl: 'https://aiplatform.googleapis.com', ...overrides.channel } });
  const req = (await vertexAdapter.buildRequest(jsonBody(json), ctx)) as UpstreamRequest;
  return { req, ctx, auth };
}

function streamThrough(ctx: AdapterContext, url: URL): OutboundEvent[] {
  const translator = vertexAdapter.createStreamTranslator(ctx);
  const out = readSseFixture(url).flatMap((event) => translator.push(event));
  return [...out, ...translator.end()];
}

const PROJECT_PATH = '/v1/projects/gateway-test-project/locations';

describe('vertexAdapter Gemini models', () => {
  it('posts chat to the regional publisher endpoint with the service account token', async () => {
    const { req, auth } = await build({ messages: [{ role: 'user', content: 'Hi' }] });
    expect(req.url).toBe(`https://us-central1-aiplatform.googleapis.com${PROJECT_PATH}/us-central1/publishers/google/models/gemini-2.5-pro:generateContent`);
    expect(req.headers).toEqual({ Authorization: 'Bearer ya29.test-token', 'Content-Type': 'application/json' });
    expect(auth.calls).toEqual([{ key: serviceAccount, scopes: VERTEX_SCOPES }]);
    expect(sentJson(req.body).contents).toEqual([{ role: 'user', parts: [{ text: 'Hi' }] }]);
  });

  it('streams with streamGenerateContent as server-sent events', async () => {
    const { req } = await build({ messages: [], stream: true }, { stream: true });
    expect(req.url).toMatch(/:streamGenerateContent\?alt=sse$/);
  });

  it('takes the region from the channel, per model from a JSON map, and the global endpoint without a prefix', async () => {
    expect((await build({ messages: [] }, { channel: { other: 'europe-west4' } })).req.url).toBe(
      `https://europe-west4-aiplatform.googleapis.com${PROJECT_PATH}/europe-west4/publishers/google/models/gemini-2.5-pro:generateContent`,
    );
    const map = JSON.stringify({ default: 'asia-northeast1', 'gemini-2.5-pro': 'global' });
    expect((await build({ messages: [] }, { channel: { other: map } })).req.url).toBe(
      `https://aiplatform.googleapis.com${PROJECT_PATH}/global/publishers/google/models/gemini-2.5-pro:generateContent`,
    );
    expect((await build({ messages: [] }, { upstreamModel: 'gemini-2.5-flash', channel: { other: map } })).req.url).toContain('https://asia-northeast1-aiplatform.googleapis.com/');
  });

  it('sends to a custom base URL instead of the Google host', async () => {
    const { req } = await build({ messages: [] }, { channel: { baseUrl: 'https://vertex-proxy.internal' } });
    expect(req.url).toBe(`https://vertex-proxy.internal${PROJECT_PATH}/us-central1/publishers/google/models/gemini-2.5-pro:generateContent`);
  });

  it('applies safety settings and model-name thinking like the Gemini adapter', async () => {
    const safety = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' }];
    const { req } = await build({ messages: [{ role: 'user', content: 'Hi' }] }, { upstreamModel: 'gemini-2.5-flash-thinking-512', settings: { ...testSettings, geminiSafetySettings: safety } });
    expect(req.url).toContain('/models/gemini-2.5-flash:generateContent');
    expect(sentJson(req.body)).toMatchObject({ safetySettings: safety, generationConfig: { thinkingConfig: { thinkingBudget: 512, includeThoughts: true } } });
  });

  it('passes native Gemini requests and answers through', async () => {
    const { req, ctx } = await build({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], labels: { team: 'a' } }, { endpoint: 'gemini.generate' });
    expect(sentJson(req.body)).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], labels: { team: 'a' } });
    const raw = rawText(geminiFixture('response-text.json'));
    expect(vertexAdapter.parseResponse(bytes(raw), 'application/json', ctx)).toMatchObject({ body: JSON.parse(raw), usage: { promptTokens: 1210 } });
  });

  it('refuses a key that is not a service account JSON before asking for a token', async () => {
    await expect(build({ messages: [] }, { channel: { key: '{"type": "service_account",' } })).rejects.toThrow(/service account JSON/);
    await expect(build({ messages: [] }, { channel: { key: '{"client_email":"a@b"}' } })).rejects.toThrow(/without project_id/);
    const auth = fakeAuth();
    await expect(vertexAdapter.buildRequest(jsonBody({ messages: [] }), testContext({ auth, channel: { key: 'AIza' } }))).rejects.toThrow();
    expect(auth.calls).toEqual([]);
  });
});

describe('vertexAdapter Claude models', () => {
  it('posts to rawPredict with the Vertex anthropic_version, no model field and the @-versioned name', async () => {
    const settings = { ...testSettings, claudeHeaders: { 'anthropic-beta': 'context-1m-2025-08-07', 'anthropic-version': '2023-06-01' } };
    const map = JSON.stringify({ default: 'us-central1', 'claude-sonnet-4-5@20250929': 'us-east5' });
    const { req } = await build({ messages: [{ role: 'user', content: 'Hi' }] }, { upstreamModel: 'claude-sonnet-4-5-20250929', settings, channel: { other: map } });
    expect(req.url).toBe(`https://us-east5-aiplatform.googleapis.com${PROJECT_PATH}/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict`);
    expect(req.headers).toEqual({ Authorization: 'Bearer ya29.test-token', 'anthropic-beta': 'context-1m-2025-08-07', 'Content-Type': 'application/json' });
    const body = sentJson(req.body);
    expect(body).not.toHaveProperty('model');
    expect(body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 8192, messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('streams with streamRawPredict', async () => {
    const { req } = await build({ messages: [], stream: true }, { upstreamModel: 'claude-haiku-4-5@20251001', stream: true });
    expect(req.url).toMatch(/\/publishers\/anthropic\/models\/claude-haiku-4-5@20251001:streamRawPredict$/);
    expect(sentJson(req.body).stream).toBe(true);
  });

  it('names Claude versions the Vertex way', () => {
    expect(vertexClaudeModel('claude-opus-4-1-20250805')).toBe('claude-opus-4-1@20250805');
    expect(vertexClaudeModel('claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5@20250929');
    expect(vertexClaudeModel('claude-sonnet-4-5')).toBe('claude-sonnet-4-5');
  });

  it('passes a native Messages body through, keeping unknown fields, and converts chat answers', async () => {
    const native = await build({ messages: [], max_tokens: 50, mcp_servers: [{ name: 'x' }] }, { endpoint: 'claude.messages', upstreamModel: 'claude-sonnet-4-5-20250929' });
    expect(sentJson(native.req.body)).toEqual({ messages: [], max_tokens: 50, mcp_servers: [{ name: 'x' }], anthropic_version: 'vertex-2023-10-16' });
    const raw = rawText(anthropicFixture('message-text.json'));
    expect(vertexAdapter.parseResponse(bytes(raw), 'application/json', native.ctx).body).toEqual(JSON.parse(raw));
    const chat = await build({ messages: [{ role: 'user', content: 'Hi' }] }, { upstreamModel: 'claude-sonnet-4-5-20250929' });
    expect(vertexAdapter.parseResponse(bytes(raw), 'application/json', chat.ctx)).toMatchObject({ body: { object: 'chat.completion' }, usage: { cachedTokens: 1800 } });
  });

  it('streams Claude events to chat chunks', async () => {
    const { ctx } = await build({ messages: [], stream: true }, { upstreamModel: 'claude-sonnet-4-5', stream: true });
    const out = streamThrough(ctx, anthropicFixture('stream-text.json'));
    expect(out.map((e) => (e.data as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '').join('')).toBe('Hello!');
  });
});

describe('vertexAdapter across model families', () => {
  it('serves a Claude-format request for a Gemini model through the hub, answering in Claude format', async () => {
    const { req, ctx } = await build({ model: 'gemini-2.5-pro', max_tokens: 100, system: 'Be brief.', messages: [{ role: 'user', content: 'Hi' }] }, { endpoint: 'claude.messages' });
    expect(req.url).toContain('/publishers/google/models/gemini-2.5-pro:generateContent');
    expect(sentJson(req.body)).toMatchObject({ systemInstruction: { parts: [{ text: 'Be brief.' }] }, contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig: { maxOutputTokens: 100 } });
    const parsed = vertexAdapter.parseResponse(bytes(rawText(geminiFixture('response-text.json'))), 'application/json', ctx);
    expect(parsed.body).toMatchObject({ type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hello! How can I help you today?' }], stop_reason: 'end_turn' });
    expect(parsed.usage).toMatchObject({ promptTokens: 1210, completionTokens: 9 });
  });

  it('streams a Gemini answer to a Claude-format client as Claude events', async () => {
    const { ctx } = await build({ max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }], stream: true }, { endpoint: 'claude.messages', stream: true });
    const out = streamThrough(ctx, geminiFixture('stream-text.json'));
    const types = out.map((e) => e.event);
    expect(types[0]).toBe('message_start');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    expect(out.every((e) => e.event === (e.data as { type: string }).type)).toBe(true);
    const text = out.flatMap((e) => ((e.data as { delta?: { text?: string } }).delta?.text ? [(e.data as { delta: { text: string } }).delta.text] : [])).join('');
    expect(text).toBe('The quick brown fox jumps.');
    expect(out.at(-2)!.data).toMatchObject({ usage: { output_tokens: 6 } });
  });

  it('serves a Gemini-format request for a Claude model through the hub, answering in Gemini format', async () => {
    const { req, ctx } = await build({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }, { endpoint: 'gemini.generate', upstreamModel: 'claude-sonnet-4-5-20250929' });
    expect(req.url).toContain('/publishers/anthropic/models/claude-sonnet-4-5@20250929:rawPredict');
    expect(sentJson(req.body)).toMatchObject({ anthropic_version: 'vertex-2023-10-16', messages: [{ role: 'user', content: 'Hi' }] });
    const parsed = vertexAdapter.parseResponse(bytes(rawText(anthropicFixture('message-text.json'))), 'application/json', ctx);
    expect(parsed.body).toMatchObject({ candidates: [{ content: { role: 'model', parts: [{ text: 'Hello! How can I help you today?' }] }, finishReason: 'STOP' }] });
    expect(parsed.usage).toMatchObject({ promptTokens: 12, cachedTokens: 1800 });
  });

  it('streams a Claude answer to a Gemini-format client as Gemini responses', async () => {
    const { ctx } = await build({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] }, { endpoint: 'gemini.generate', upstreamModel: 'claude-sonnet-4-5', stream: true });
    const out = streamThrough(ctx, anthropicFixture('stream-text.json'));
    const responses = out.map((e) => e.data as { candidates: { content: { parts: { text?: string }[] }; finishReason?: string }[]; usageMetadata?: unknown });
    expect(out.every((e) => e.event === undefined)).toBe(true);
    expect(responses.flatMap((r) => r.candidates[0].content.parts.map((p) => p.text ?? '')).join('')).toBe('Hello!');
    expect(responses.at(-1)).toMatchObject({ candidates: [{ finishReason: 'STOP' }], usageMetadata: { candidatesTokenCount: 15 } });
  });
});

describe('vertexAdapter errors', () => {
  it('reads an IAM denial as a permission error and a Claude error from rawPredict by its type', () => {
    const ctx = testContext({ channel: { type: 41 } });
    expect(vertexAdapter.parseError(403, rawText(fixture('./fixtures/error-permission-denied.json')), ctx)).toMatchObject({ type: 'permission_error', code: 'IAM_PERMISSION_DENIED' });
    expect(vertexAdapter.parseError(529, rawText(anthropicFixture('error-overloaded.json')), ctx)).toEqual({ message: 'Overloaded', type: 'overloaded_error', code: 'overloaded_error' });
  });

  it('does not serve embeddings', () => {
    expect(vertexAdapter.supports('embeddings')).toBe(false);
    expect(vertexAdapter.supports('claude.messages')).toBe(true);
    expect(vertexAdapter.supports('gemini.generate')).toBe(true);
  });
});
