import { describe, expect, it } from 'vitest';
import { endpointTypesOf, ownEndpoints } from './endpoint-types.js';

describe('endpoint types', () => {
  it('gives chat models the four chat surfaces, their channels’ native ones first', () => {
    expect(endpointTypesOf('gpt-4o', [1])).toEqual(['openai', 'openai-response', 'anthropic', 'gemini']);
    expect(endpointTypesOf('claude-sonnet-4', [14])).toEqual(['anthropic', 'openai', 'openai-response', 'gemini']);
    expect(endpointTypesOf('gemini-2.5-pro', [24, 1])).toEqual(['gemini', 'openai', 'openai-response', 'anthropic']);
    expect(endpointTypesOf('claude-opus-4', [41])[0]).toBe('anthropic');
    expect(endpointTypesOf('gemini-2.5-flash', [41])[0]).toBe('gemini');
  });

  it('gives embedding, rerank and image models their one endpoint', () => {
    expect(endpointTypesOf('text-embedding-3-small', [1])).toEqual(['embeddings']);
    expect(endpointTypesOf('BAAI/bge-m3', [1])).toEqual(['embeddings']);
    expect(endpointTypesOf('jina-reranker-v2', [38])).toEqual(['jina-rerank']);
    expect(endpointTypesOf('dall-e-3', [1])).toEqual(['image-generation']);
    expect(endpointTypesOf('gpt-image-1', [1])).toEqual(['image-generation']);
  });

  it('reads an entry’s own endpoints as paths or {path, method}', () => {
    expect(ownEndpoints('')).toBeUndefined();
    expect(ownEndpoints('not json')).toBeUndefined();
    expect(ownEndpoints('{"openai": "/v1/chat/completions", "custom": {"path": "/v1/x", "method": "get"}, "bad": 3}')).toEqual({
      openai: { path: '/v1/chat/completions', method: 'POST' },
      custom: { path: '/v1/x', method: 'GET' },
    });
    expect(ownEndpoints('{"bad": 3}')).toBeUndefined();
  });
});
