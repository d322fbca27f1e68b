import { describe, expect, it } from 'vitest';
import { jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { mokaM3eAdapter } from './index.js';

describe('mokaM3eAdapter', () => {
  it('posts embeddings to the self-hosted server and serves nothing else', () => {
    const req = mokaM3eAdapter.buildRequest(jsonBody({ model: 'm3e-base', input: ['x'] }), testContext({ endpoint: 'embeddings', channel: { baseUrl: 'http://m3e:6008' } }));
    expect((req as { url: string }).url).toBe('http://m3e:6008/v1/embeddings');
    expect(mokaM3eAdapter.supports('chat')).toBe(false);
    expect(mokaM3eAdapter.modelList).toBeUndefined();
  });
});
