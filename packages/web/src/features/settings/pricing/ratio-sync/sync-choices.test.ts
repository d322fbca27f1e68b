import { describe, expect, it } from 'vitest';
import type { RatioDifferences } from '@gw/contracts';
import { billingSwitches, choiceCount, chooseValue, ratioMapsOf, syncOptionChanges, unchooseValue, withChoices, withoutApplied } from './sync-choices';

const options = {
  ModelRatio: JSON.stringify({ a: 1, b: 2 }),
  CompletionRatio: JSON.stringify({ a: 4, b: 3 }),
  CacheRatio: JSON.stringify({ b: 0.5 }),
  ModelPrice: JSON.stringify({ p: 0.01 }),
  CreateCacheRatio: 'not json',
};

describe('sync choices', () => {
  it('keeps a model\'s picks to one billing kind: a fixed price drops its ratio picks and back', () => {
    let choices = chooseValue({}, 'a', 'model_ratio', 2);
    choices = chooseValue(choices, 'a', 'completion_ratio', 5);
    expect(choices).toEqual({ a: { model_ratio: 2, completion_ratio: 5 } });
    choices = chooseValue(choices, 'a', 'model_price', 0.1);
    expect(choices).toEqual({ a: { model_price: 0.1 } });
    choices = chooseValue(choices, 'a', 'cache_ratio', 0.2);
    expect(choices).toEqual({ a: { cache_ratio: 0.2 } });
    expect(choiceCount(chooseValue(choices, 'b', 'model_ratio', 1))).toBe(2);
    expect(unchooseValue(choices, 'a', 'cache_ratio')).toEqual({});
  });

  it('reads the maps from the option strings, an unreadable one as empty', () => {
    const maps = ratioMapsOf(options);
    expect(maps.model_ratio).toEqual({ a: 1, b: 2 });
    expect(maps.create_cache_ratio).toEqual({});
    expect(maps.audio_ratio).toEqual({});
  });

  it('writes the picks in, clearing the other billing kind of each picked model', () => {
    const maps = ratioMapsOf(options);
    const next = withChoices(maps, { b: { model_price: 0.2 }, p: { model_ratio: 3 }, n: { model_ratio: 7 } });
    expect(next.model_price).toEqual({ b: 0.2 });
    expect(next.model_ratio).toEqual({ a: 1, p: 3, n: 7 });
    expect(next.completion_ratio).toEqual({ a: 4 });
    expect(next.cache_ratio).toEqual({});
    expect(maps.model_ratio).toEqual({ a: 1, b: 2 });
  });

  it('saves only the options whose map changes, one PUT each', () => {
    const maps = ratioMapsOf(options);
    expect(syncOptionChanges(maps, { a: { model_ratio: 1.5 } })).toEqual([{ key: 'ModelRatio', value: JSON.stringify({ a: 1.5, b: 2 }) }]);
    expect(syncOptionChanges(maps, { a: { model_price: 0.3 } }).map((c) => c.key)).toEqual(['ModelRatio', 'CompletionRatio', 'ModelPrice']);
    expect(syncOptionChanges(maps, { a: { model_ratio: 1 } })).toEqual([]);
  });

  it('names the models whose billing kind changes', () => {
    const maps = ratioMapsOf(options);
    expect(billingSwitches(maps, { p: { model_ratio: 1 }, a: { model_price: 1 }, b: { model_ratio: 9 }, n: { model_price: 1 } })).toEqual([
      { model: 'a', to: 'price' },
      { model: 'p', to: 'ratio' },
    ]);
  });

  it('drops the applied entries from the differences', () => {
    const diff = (current: number | null) => ({ current, upstreams: { up: 1 }, confidence: { up: true } });
    const differences: RatioDifferences = { a: { model_ratio: diff(2), completion_ratio: diff(3) }, b: { model_price: diff(null) } };
    expect(withoutApplied(differences, { a: { model_ratio: 1 }, b: { model_price: 1 } })).toEqual({ a: { completion_ratio: diff(3) } });
  });
});
