import { describe, expect, it } from 'vitest';
import {
  changedModelCount,
  completionRatioOf,
  filterRows,
  hasModel,
  inputPriceToRatio,
  outputPriceOf,
  parsePriceMaps,
  priceMapChanges,
  pricingRows,
  ratioToInputPrice,
  removeModel,
  setModelPricing,
  setPricingFor,
  unpricedModels,
  type PriceMaps,
} from './price-maps';

const loaded: PriceMaps = {
  ModelPrice: { 'dall-e-3': 0.04 },
  ModelRatio: { 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075 },
  CompletionRatio: { 'gpt-4o': 4 },
};

describe('price conversion', () => {
  it('doubles a ratio into USD per 1M tokens and halves it back', () => {
    expect(ratioToInputPrice(1.25)).toBe(2.5);
    expect(ratioToInputPrice(0.075)).toBe(0.15);
    expect(inputPriceToRatio(3)).toBe(1.5);
  });

  it('derives the completion ratio as output price / input price, without float noise', () => {
    expect(completionRatioOf(3, 12)).toBe(4);
    expect(completionRatioOf(0.3, 0.9)).toBe(3);
    expect(outputPriceOf(0.1, 3)).toBe(0.3);
  });
});

describe('price maps', () => {
  it('reads the option strings and ignores an unreadable map', () => {
    expect(parsePriceMaps({ ModelPrice: '{"a":1,"b":"x"}', ModelRatio: 'nope' })).toEqual({ ModelPrice: { a: 1 }, ModelRatio: {}, CompletionRatio: {} });
  });

  it('lists every model once, per request when it has a fixed price', () => {
    expect(pricingRows(loaded)).toEqual([
      { name: 'dall-e-3', mode: 'per-request', price: 0.04 },
      { name: 'gpt-4o', mode: 'per-token', ratio: 1.25, completionRatio: 4 },
      { name: 'gpt-4o-mini', mode: 'per-token', ratio: 0.075, completionRatio: undefined },
    ]);
  });

  it('clears the ratios when a model turns per request, and the price when it turns per token', () => {
    const perRequest = setModelPricing(loaded, 'gpt-4o', { mode: 'per-request', price: 0.02 });
    expect(perRequest.ModelPrice['gpt-4o']).toBe(0.02);
    expect('gpt-4o' in perRequest.ModelRatio).toBe(false);
    expect('gpt-4o' in perRequest.CompletionRatio).toBe(false);

    const perToken = setModelPricing(loaded, 'dall-e-3', { mode: 'per-token', ratio: 2 });
    expect('dall-e-3' in perToken.ModelPrice).toBe(false);
    expect(perToken.ModelRatio['dall-e-3']).toBe(2);
    expect(loaded.ModelPrice['dall-e-3']).toBe(0.04);
  });

  it('sets one pricing for several models and removes a model from every map', () => {
    const batch = setPricingFor(loaded, ['a', 'b'], { mode: 'per-token', ratio: 1, completionRatio: 2 });
    expect(batch.ModelRatio).toMatchObject({ a: 1, b: 1 });
    expect(batch.CompletionRatio).toMatchObject({ a: 2, b: 2 });
    const removed = removeModel(loaded, 'gpt-4o');
    expect(hasModel(removed, 'gpt-4o')).toBe(false);
    expect(hasModel(removed, 'gpt-4o-mini')).toBe(true);
  });

  it('saves only the maps that changed', () => {
    expect(priceMapChanges(loaded, { ...loaded })).toEqual([]);
    const next = setModelPricing(loaded, 'new-model', { mode: 'per-token', ratio: 1.5, completionRatio: 4 });
    expect(priceMapChanges(loaded, next)).toEqual([
      { key: 'ModelRatio', value: JSON.stringify(next.ModelRatio) },
      { key: 'CompletionRatio', value: JSON.stringify(next.CompletionRatio) },
    ]);
  });

  it('counts the models whose pricing changed', () => {
    expect(changedModelCount(loaded, loaded)).toBe(0);
    const next = removeModel(setModelPricing(loaded, 'new-model', { mode: 'per-token', ratio: 1.5, completionRatio: 4 }), 'dall-e-3');
    expect(changedModelCount(loaded, next)).toBe(2);
  });

  it('lists the enabled models that have neither a price nor a ratio', () => {
    expect(unpricedModels(['gpt-4o', 'my-model', 'dall-e-3', 'my-model', 'another'], loaded)).toEqual(['another', 'my-model']);
  });

  it('filters rows by name', () => {
    expect(filterRows(pricingRows(loaded), 'MINI').map((r) => r.name)).toEqual(['gpt-4o-mini']);
    expect(filterRows(pricingRows(loaded), ' ')).toHaveLength(3);
  });
});
