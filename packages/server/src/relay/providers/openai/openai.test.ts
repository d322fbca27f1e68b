import { describe, expect, it } from 'vitest';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { openAIAdapter } from './index.js';

describe('openAIAdapter', () => {
  it('calls api.openai.com with the organization header when the channel has one', () => {
    const req = openAIAdapter.buildRequest(jsonBody({ model: 'gpt-4o', messages: [] }), testContext({ channel: { openaiOrganization: 'org-123' } }));
    expect(req).toMatchObject({
      url: 'https://api.openai.com/v1/chat/completions',
      headers: { Authorization: 'Bearer sk-upstream-key', 'OpenAI-Organization': 'org-123' },
    });
  });

  it('sends no organization header when none is set', () => {
    const req = openAIAdapter.buildRequest(jsonBody({ model: 'gpt-4o', messages: [] }), testContext());
    expect(Object.keys((req as { headers: object }).headers)).toEqual(['Authorization', 'Content-Type']);
  });

  it('serves every OpenAI endpoint but rerank', () => {
    expect(openAIAdapter.supports('responses')).toBe(true);
    expect(openAIAdapter.supports('images.edits')).toBe(true);
    expect(openAIAdapter.supports('rerank')).toBe(false);
    expect(openAIAdapter.supports('claude.messages')).toBe(false);
  });
});
