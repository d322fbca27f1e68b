import { describe, expect, it } from 'vitest';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import type { AdapterContext, UpstreamRequest } from '../provider-adapter.js';
import { newApiAdapter } from './index.js';

const channel = { type: 60, key: 'sk-upstream-newapi', baseUrl: 'https://upstream.example/v1' };
const build = (ctx: AdapterContext, json: Record<string, unknown>) => newApiAdapter.buildRequest(jsonBody(json), ctx) as UpstreamRequest;

describe('newApiAdapter', () => {
  it('serves every OpenAI endpoint at {base}/v1 with a bearer key, whether or not the base URL ends in /v1', () => {
    for (const baseUrl of ['https://upstream.example', 'https://upstream.example/v1/']) {
      const req = build(testContext({ endpoint: 'rerank', channel: { ...channel, baseUrl } }), { model: 'm', query: 'q', documents: ['a'] });
      expect(req.url).toBe('https://upstream.example/v1/rerank');
      expect(req.headers.Authorization).toBe('Bearer sk-upstream-newapi');
    }
    for (const endpoint of ['chat', 'responses', 'embeddings', 'images.generations', 'audio.speech', 'moderations', 'claude.messages', 'gemini.generate', 'gemini.embed'] as const) {
      expect(newApiAdapter.supports(endpoint)).toBe(true);
    }
  });

  it('passes Claude Messages to the upstream’s /v1/messages', () => {
    const req = build(testContext({ endpoint: 'claude.messages', upstreamModel: 'claude-sonnet-4-5', channel }), { max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
    expect(req.url).toBe('https://upstream.example/v1/messages');
    expect(req.headers).toMatchObject({ 'x-api-key': 'sk-upstream-newapi', Authorization: 'Bearer sk-upstream-newapi' });
    expect(sentJson(req.body)).toEqual({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] });
  });

  it('passes Gemini requests to the upstream’s /v1beta, streamed or not, and reads their answers', () => {
    const ctx = testContext({ endpoint: 'gemini.generate', upstreamModel: 'gemini-2.5-flash', stream: true, channel });
    const req = build(ctx, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(req.url).toBe('https://upstream.example/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(req.headers).toMatchObject({ 'x-goog-api-key': 'sk-upstream-newapi', Authorization: 'Bearer sk-upstream-newapi' });
    expect(sentJson(req.body).contents).toEqual([{ role: 'user', parts: [{ text: 'hi' }] }]);

    const whole = testContext({ endpoint: 'gemini.generate', upstreamModel: 'gemini-2.5-flash', channel });
    build(whole, { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    const answer = { candidates: [{ content: { role: 'model', parts: [{ text: 'hello' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 3, candidatesTokenCount: 1, totalTokenCount: 4 } };
    const parsed = newApiAdapter.parseResponse(bytes(JSON.stringify(answer)), 'application/json', whole);
    expect(parsed.body).toMatchObject(answer);
    expect(parsed.usage).toMatchObject({ promptTokens: 3, completionTokens: 1 });
    expect(newApiAdapter.parseError(400, JSON.stringify({ error: { code: 400, message: 'bad part', status: 'INVALID_ARGUMENT' } }), whole).message).toBe('bad part');
  });

  it('needs a base URL', () => {
    expect(() => build(testContext({ channel: { ...channel, baseUrl: '' } }), { model: 'm', messages: [] })).toThrow(/base URL/);
  });

  it('reads the balance of its key from /api/usage/token, in dollars', () => {
    const balance = newApiAdapter.balance!;
    expect(balance.request(testContext({ channel }).channel)).toEqual({ method: 'GET', url: 'https://upstream.example/api/usage/token', headers: { Authorization: 'Bearer sk-upstream-newapi' } });
    expect(balance.parse(JSON.stringify({ code: true, message: 'ok', data: { total_granted: 2_000_000, total_used: 750_000, total_available: 1_250_000 } }))).toBe(2.5);
    expect(() => balance.parse(JSON.stringify({ success: false, message: 'invalid token' }))).toThrow(/no balance/);
  });
});
