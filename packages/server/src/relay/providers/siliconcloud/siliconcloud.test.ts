import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, testContext } from '../adapter-context.test-helpers.js';
import { siliconCloudAdapter } from './index.js';

describe('siliconCloudAdapter', () => {
  it('serves rerank at /v1/rerank and reads its Cohere-style token usage', () => {
    const ctx = testContext({ endpoint: 'rerank' });
    const req = siliconCloudAdapter.buildRequest(jsonBody({ model: 'BAAI/bge-reranker-v2-m3', query: 'fruit', documents: ['apple', 'banana'] }), ctx);
    expect((req as { url: string }).url).toBe('https://api.siliconflow.cn/v1/rerank');
    expect(siliconCloudAdapter.parseResponse(bytes(fixtureBodyText('siliconcloud', 'rerank')), 'application/json', ctx).usage).toMatchObject({ promptTokens: 12 });
  });

  it('reads the total balance from /v1/user/info', () => {
    const balance = siliconCloudAdapter.balance!;
    expect(balance.request(testContext().channel).url).toBe('https://api.siliconflow.cn/v1/user/info');
    expect(balance.parse(fixtureBodyText('siliconcloud', 'user-info'))).toBe(88.88);
  });
});
