import { describe, expect, it } from 'vitest';
import { jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { miniMaxAdapter } from './index.js';

describe('miniMaxAdapter', () => {
  it('calls the OpenAI-compatible chat endpoint and asks for stream usage', () => {
    const req = miniMaxAdapter.buildRequest(jsonBody({ model: 'MiniMax-M1', messages: [], stream: true }), testContext({ stream: true }));
    expect((req as { url: string }).url).toBe('https://api.minimax.chat/v1/chat/completions');
    expect(sentJson((req as { body: string }).body).stream_options).toEqual({ include_usage: true });
  });
});
