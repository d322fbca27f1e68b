import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { fastGptAdapter } from './index.js';

const ctxFor = (overrides: Parameters<typeof testContext>[0] = {}) =>
  testContext({ upstreamModel: 'fastgpt-app', ...overrides, channel: { type: 22, key: 'fastgpt-app-key', ...overrides.channel } });

describe('fastGptAdapter', () => {
  it('calls the OpenAI-compatible chat endpoint under fastgpt.run/api/openapi with the app key', () => {
    const req = fastGptAdapter.buildRequest(jsonBody({ model: 'fastgpt-app', messages: [{ role: 'user', content: 'hi' }], chatId: 'c1' }), ctxFor()) as {
      url: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(req.url).toBe('https://fastgpt.run/api/openapi/v1/chat/completions');
    expect(req.headers.Authorization).toBe('Bearer fastgpt-app-key');
    expect(sentJson(req.body)).toMatchObject({ model: 'fastgpt-app', chatId: 'c1', messages: [{ role: 'user', content: 'hi' }] });
    const own = fastGptAdapter.buildRequest(jsonBody({ model: 'm', messages: [] }), ctxFor({ channel: { baseUrl: 'https://kb.example.com/api' } })) as { url: string };
    expect(own.url).toBe('https://kb.example.com/api/v1/chat/completions');
  });

  it('serves chat only and has no model list', () => {
    expect(fastGptAdapter.supports('chat')).toBe(true);
    expect(fastGptAdapter.supports('embeddings')).toBe(false);
    expect(fastGptAdapter.modelList).toBeUndefined();
    expect(fastGptAdapter.defaultBaseUrl).toBe('https://fastgpt.run/api/openapi');
  });

  it('drops FastGPT’s placeholder usage (1/1/1) so the gateway counts the tokens', () => {
    const res = fastGptAdapter.parseResponse(bytes(fixtureBodyText('fastgpt', 'chat')), 'application/json', ctxFor());
    expect(res.usage).toBeUndefined();
    expect(res.raw).toBeUndefined();
    expect(res.body).not.toHaveProperty('usage');
    expect((res.body as any).choices[0].message.content).toBe('The knowledge base says the warranty lasts two years.');
  });

  it('keeps a real usage report', () => {
    const answer = { choices: [{ index: 0, message: { role: 'assistant', content: 'x' }, finish_reason: 'stop' }], usage: { prompt_tokens: 30, completion_tokens: 5, total_tokens: 35 } };
    const res = fastGptAdapter.parseResponse(bytes(JSON.stringify(answer)), 'application/json', ctxFor());
    expect(res.usage).toMatchObject({ promptTokens: 30, completionTokens: 5 });
    expect(res.raw).toBeDefined();
  });

  it('reports a workflow error that came back as HTTP 200 without text', () => {
    expect(() => fastGptAdapter.parseResponse(bytes(fixtureBodyText('fastgpt', 'error-workflow')), 'application/json', ctxFor())).toThrow(
      expect.objectContaining({ kind: 'upstream', message: 'FastGPT error: Dataset search failed: the dataset was deleted' }),
    );
  });

  it('passes stream chunks on and reports no usage', () => {
    const translator = fastGptAdapter.createStreamTranslator(ctxFor({ stream: true }));
    const out = sseFixtureEvents('fastgpt', 'chat-stream').flatMap((e) => translator.push(e));
    const text = out.map((e) => (typeof e.data === 'string' ? JSON.parse(e.data) : e.data)).map((c: any) => c.choices?.[0]?.delta?.content ?? '').join('');
    expect(text).toBe('The warranty lasts two years.');
    expect(translator.usage()).toBeUndefined();
  });
});
