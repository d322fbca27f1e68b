import { describe, expect, it } from 'vitest';
import { fixtureBodyText, sseFixtureEvents } from '../../../../test/fake-upstream/fixtures.js';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { ollamaAdapter } from './index.js';

describe('ollamaAdapter', () => {
  it('calls the local OpenAI-compatible API without a key', () => {
    const req = ollamaAdapter.buildRequest(jsonBody({ model: 'llama3.2', messages: [] }), testContext({ channel: { key: '' } }));
    expect(req).toMatchObject({ url: 'http://localhost:11434/v1/chat/completions', headers: { 'Content-Type': 'application/json' } });
    expect((req as { headers: object }).headers).not.toHaveProperty('Authorization');
  });

  it('lists models from /api/tags at the server root, even when the base URL ends in /v1', () => {
    const channel = testContext({ channel: { baseUrl: 'http://gpu-box:11434/v1' , key: '' } }).channel;
    expect(ollamaAdapter.modelList!.request(channel)).toEqual({ method: 'GET', url: 'http://gpu-box:11434/api/tags', headers: {} });
    expect(ollamaAdapter.modelList!.parse(fixtureBodyText('ollama', 'tags'))).toEqual(['llama3.2:latest', 'nomic-embed-text:latest']);
  });

  it('translates its stream with usage', () => {
    const ctx = testContext({ stream: true });
    ollamaAdapter.buildRequest(jsonBody({ model: 'llama3.2', messages: [], stream: true }), ctx);
    const translator = ollamaAdapter.createStreamTranslator(ctx);
    const out = sseFixtureEvents('ollama', 'chat-stream').flatMap((e) => translator.push(e));
    expect(out).toHaveLength(4);
    expect(translator.drainText!(true)).toBe('Why not?');
    expect(translator.usage()).toMatchObject({ promptTokens: 26, completionTokens: 3 });
  });

  it('reads a missing model error', () => {
    expect(ollamaAdapter.parseError(404, fixtureBodyText('ollama', 'error-404'), testContext()).message).toBe('model "llama9" not found, try pulling it first');
  });
});
