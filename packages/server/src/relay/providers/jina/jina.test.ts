import { describe, expect, it } from 'vitest';
import { fixtureBodyText } from '../../../../test/fake-upstream/fixtures.js';
import { bytes, jsonBody, sentJson, testContext } from '../adapter-context.test-helpers.js';
import { jinaAdapter } from './index.js';

describe('jinaAdapter', () => {
  it('posts rerank to /v1/rerank with the upstream model and the hub body unchanged', () => {
    const body = { model: 'rerank', query: 'skin care', documents: ['a', 'b'], top_n: 2, return_documents: true };
    const req = jinaAdapter.buildRequest(jsonBody(body), testContext({ endpoint: 'rerank', upstreamModel: 'jina-reranker-v2-base-multilingual' }));
    expect((req as { url: string }).url).toBe('https://api.jina.ai/v1/rerank');
    expect(sentJson((req as { body: string }).body)).toEqual({ ...body, model: 'jina-reranker-v2-base-multilingual' });
  });

  it('reads total_tokens as the prompt usage of rerank and embeddings', () => {
    const rerank = jinaAdapter.parseResponse(bytes(fixtureBodyText('jina', 'rerank')), 'application/json', testContext({ endpoint: 'rerank' }));
    expect(rerank.usage).toMatchObject({ promptTokens: 61, completionTokens: 0 });
    expect((rerank.body as { results: unknown[] }).results).toHaveLength(2);
    const embeddings = jinaAdapter.parseResponse(bytes(fixtureBodyText('jina', 'embeddings')), 'application/json', testContext({ endpoint: 'embeddings' }));
    expect(embeddings.usage).toMatchObject({ promptTokens: 14 });
  });

  it('serves only embeddings and rerank, and has no model list', () => {
    expect(jinaAdapter.supports('chat')).toBe(false);
    expect(jinaAdapter.modelList).toBeUndefined();
  });

  it('reads its validation error detail', () => {
    expect(jinaAdapter.parseError(422, fixtureBodyText('jina', 'error-422'), testContext()).message).toMatch(/documents` must not be empty/);
  });
});
