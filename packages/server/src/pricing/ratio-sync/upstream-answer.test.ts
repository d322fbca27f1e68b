import { describe, expect, it } from 'vitest';
import { emptyRatioData } from './ratio-data.js';
import { isModelsDevUrl, ratiosFromModelsDev } from './models-dev.js';
import { ratiosFromAnswer } from './upstream-answer.js';

describe('reading an upstream answer', () => {
  it('reads a ratio_config answer, keeping only price values', () => {
    const data = ratiosFromAnswer({
      success: true,
      data: { model_ratio: { a: 1.5, bad: -1, text: '2' }, completion_ratio: { a: 4 }, model_price: { p: 0.02 }, group_ratio: { vip: 2 } },
    });
    expect(data).toEqual({ ...emptyRatioData(), model_ratio: { a: 1.5 }, completion_ratio: { a: 4 }, model_price: { p: 0.02 } });
  });

  it('reads a /api/pricing list: per-call entries as model_price, per-token ones as ratios (cache writes under either name)', () => {
    const data = ratiosFromAnswer({
      success: true,
      data: [
        { model_name: 'tok', quota_type: 0, model_ratio: 2, completion_ratio: 3, model_price: 0, cache_ratio: 0.25, cache_creation_ratio: 1.25, audio_ratio: 8 },
        { model_name: 'call', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.04 },
        { model_name: 'other', quota_type: 0, model_ratio: 1, completion_ratio: 1, create_cache_ratio: 2 },
        { model_name: '', quota_type: 0, model_ratio: 9 },
        'junk',
      ],
      group_ratio: { default: 1 },
    });
    expect(data).toEqual({
      ...emptyRatioData(),
      model_ratio: { tok: 2, other: 1 },
      completion_ratio: { tok: 3, other: 1 },
      cache_ratio: { tok: 0.25 },
      create_cache_ratio: { tok: 1.25, other: 2 },
      audio_ratio: { tok: 8 },
      model_price: { call: 0.04 },
    });
  });

  it.each([
    [[1, 2], 'the answer is not a JSON object'],
    [{ success: false, message: 'feature disabled' }, 'the upstream refused: feature disabled'],
    [{ data: { model_ratio: {} } }, 'the upstream refused: success is not true'],
    [{ success: true, data: { hello: 'world' } }, 'the answer holds neither price maps (/api/ratio_config) nor a price list (/api/pricing)'],
    [{ success: true }, 'the answer holds neither price maps'],
  ])('refuses %j with a clear message', (body, message) => {
    expect(() => ratiosFromAnswer(body)).toThrow(message);
  });
});

describe('reading models.dev', () => {
  it('recognises its catalogue address only', () => {
    expect(isModelsDevUrl('https://models.dev/api.json')).toBe(true);
    expect(isModelsDevUrl('https://models.dev/other.json')).toBe(false);
    expect(isModelsDevUrl('https://example.com/api.json')).toBe(false);
  });

  it('turns USD per 1M tokens into ratios, the cheapest paid provider winning', () => {
    const data = ratiosFromModelsDev({
      zeta: { models: { m: { cost: { input: 3, output: 15, cache_read: 0.3 } } } },
      alpha: { models: { m: { cost: { input: 5, output: 10 } }, free: { cost: { input: 0, output: 0 } }, odd: { cost: { input: 0, output: 2 } } } },
      beta: { models: { m: { cost: { input: 0 } }, none: {} } },
    });
    expect(data.model_ratio).toEqual({ m: 1.5, free: 0 });
    expect(data.completion_ratio).toEqual({ m: 5 });
    expect(data.cache_ratio).toEqual({ m: 0.1 });
  });

  it('refuses a catalogue without prices', () => {
    expect(() => ratiosFromModelsDev({ a: { models: {} } })).toThrow('the models.dev catalogue lists no prices');
    expect(() => ratiosFromModelsDev('x')).toThrow('not a models.dev catalogue');
  });
});
