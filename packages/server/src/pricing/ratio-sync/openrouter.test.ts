import { describe, expect, it } from 'vitest';
import { openRouterModelsUrl, ratiosFromOpenRouter } from './openrouter.js';

describe("OpenRouter's model list as a ratio source", () => {
  it('turns USD-per-token prices into model, completion and cache ratios', () => {
    const data = ratiosFromOpenRouter({
      data: [
        { id: 'openai/gpt-4o', pricing: { prompt: '0.0000025', completion: '0.00001', input_cache_read: '0.00000125', request: '0' } },
        { id: 'meta/free', pricing: { prompt: '0', completion: '0' } },
      ],
    });
    expect(data.model_ratio).toEqual({ 'openai/gpt-4o': 1.25, 'meta/free': 0 });
    expect(data.completion_ratio).toEqual({ 'openai/gpt-4o': 4 });
    expect(data.cache_ratio).toEqual({ 'openai/gpt-4o': 0.5 });
    expect(data.model_price).toEqual({});
  });

  it('prices a model billed only per request by that price, and leaves out varying and unreadable prices', () => {
    const data = ratiosFromOpenRouter({
      data: [
        { id: 'search/per-call', pricing: { prompt: '0', completion: '0', request: '0.005' } },
        { id: 'openrouter/auto', pricing: { prompt: '-1', completion: '-1' } },
        { id: 'odd', pricing: { prompt: 'cheap', completion: '0.1' } },
        { id: 'output-only', pricing: { prompt: '0', completion: '0.00001' } },
        { id: 'no-pricing' },
        'not an object',
      ],
    });
    expect(data.model_price).toEqual({ 'search/per-call': 0.005 });
    expect(data.model_ratio).toEqual({});
  });

  it('refuses an answer that is not a model list, or one without a single price', () => {
    expect(() => ratiosFromOpenRouter({ success: true })).toThrow('not an OpenRouter model list');
    expect(() => ratiosFromOpenRouter({ data: [{ id: 'x', pricing: { prompt: '-1', completion: '-1' } }] })).toThrow('holds no prices');
  });

  it('reads /v1/models under the given base URL, or OpenRouter\'s own', () => {
    expect(openRouterModelsUrl('')).toBe('https://openrouter.ai/api/v1/models');
    expect(openRouterModelsUrl('https://openrouter.ai/api/')).toBe('https://openrouter.ai/api/v1/models');
    expect(openRouterModelsUrl('https://proxy.example/api/v1')).toBe('https://proxy.example/api/v1/models');
  });
});
