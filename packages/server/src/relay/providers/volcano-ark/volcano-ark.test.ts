import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { volcanoArkAdapter } from './index.js';

describe('volcanoArkAdapter', () => {
  it('calls /api/v3 paths without /v1, from the default or a bare host', () => {
    const req = volcanoArkAdapter.buildRequest(jsonBody({ model: 'doubao', messages: [] }), testContext({ upstreamModel: 'ep-20250101-abcde' }));
    expect((req as { url: string }).url).toBe('https://ark.cn-beijing.volces.com/api/v3/chat/completions');
    const host = volcanoArkAdapter.buildRequest(jsonBody({ model: 'e', input: 'x' }), testContext({ endpoint: 'embeddings', channel: { baseUrl: 'https://ark.ap-southeast.bytepluses.com' } }));
    expect((host as { url: string }).url).toBe('https://ark.ap-southeast.bytepluses.com/api/v3/embeddings');
  });

  it('sends application bots to the bots endpoint', () => {
    const req = volcanoArkAdapter.buildRequest(jsonBody({ model: 'bot', messages: [] }), testContext({ upstreamModel: 'bot-20250101-xyz' }));
    expect((req as { url: string }).url).toBe('https://ark.cn-beijing.volces.com/api/v3/bots/chat/completions');
  });

  it('reads its answer usage', () => {
    expect(volcanoArkAdapter.parseResponse(bytes(fixtureBodyText('volcano-ark', 'chat')), 'application/json', testContext()).usage).toMatchObject({ promptTokens: 20, completionTokens: 3 });
  });
});
