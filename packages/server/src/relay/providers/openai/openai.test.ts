import { describe, expect, it } from 'vitest';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { openAIAdapter, isResponsesOnlyOpenAIModel } from './index.js';

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

  it('knows which OpenAI models only the Responses API serves, snapshots included', () => {
    const only = ['o1-pro', 'o3-pro-2025-06-10', 'o3-deep-research', 'codex-mini-latest', 'gpt-5-codex', 'gpt-5.1-codex-mini', 'gpt-5-pro-2025-10-06', 'computer-use-preview'];
    const chat = ['o1', 'o3', 'gpt-5', 'gpt-5-mini', 'gpt-5.1', 'gpt-4o', 'gpt-5-chat-latest', 'o1-preview', 'gpt-5-codexx'];
    expect(only.filter(isResponsesOnlyOpenAIModel)).toEqual(only);
    expect(chat.filter(isResponsesOnlyOpenAIModel)).toEqual([]);
  });
});
