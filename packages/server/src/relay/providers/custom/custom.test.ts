import { describe, expect, it } from 'vitest';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { customAdapter } from './index.js';

describe('customAdapter', () => {
  it('calls the channel base URL with OpenAI paths, /v1 added once', () => {
    const bare = customAdapter.buildRequest(jsonBody({ model: 'm', query: 'q', documents: [] }), testContext({ endpoint: 'rerank', channel: { baseUrl: 'https://llm.internal:8443' } }));
    expect((bare as { url: string }).url).toBe('https://llm.internal:8443/v1/rerank');
    const withV1 = customAdapter.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext({ channel: { baseUrl: 'https://llm.internal/v1/' } }));
    expect((withV1 as { url: string }).url).toBe('https://llm.internal/v1/chat/completions');
  });

  it('refuses to build a request without a base URL', () => {
    expect(() => customAdapter.buildRequest(jsonBody({ model: 'm', messages: [] }), testContext())).toThrow(/has no base URL/);
  });
});
