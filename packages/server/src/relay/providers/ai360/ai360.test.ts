import { describe, expect, it } from 'vitest';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { ai360Adapter } from './index.js';

describe('ai360Adapter', () => {
  it('calls ai.360.cn/v1 for chat and images', () => {
    const chat = ai360Adapter.buildRequest(jsonBody({ model: '360gpt-pro', messages: [] }), testContext());
    expect((chat as { url: string }).url).toBe('https://ai.360.cn/v1/chat/completions');
    const image = ai360Adapter.buildRequest(jsonBody({ model: '360CV_S0_V5', prompt: 'cat' }), testContext({ endpoint: 'images.generations' }));
    expect((image as { url: string }).url).toBe('https://ai.360.cn/v1/images/generations');
  });
});
