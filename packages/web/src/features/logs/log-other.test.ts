import { describe, expect, it } from 'vitest';
import { durationColor, firstTokenColor, parseOther, priceFormulaOf } from './log-other';

describe('priceFormulaOf', () => {
  it('bills per token as group ratio × model ratio × (prompt + completion × completion ratio) / quota per unit', () => {
    const f = priceFormulaOf({ model_ratio: 0.075, group_ratio: 1, completion_ratio: 4, model_price: -1 }, 100_000, 50_000, 500_000);
    expect(f).toMatchObject({ kind: 'ratio', modelRatio: 0.075, completionRatio: 4, groupRatio: 1 });
    expect(f?.usd).toBeCloseTo(0.045, 10);
  });

  it('counts cached prompt tokens at the cache ratio', () => {
    const f = priceFormulaOf({ model_ratio: 1, group_ratio: 2, completion_ratio: 1, cache_tokens: 400, cache_ratio: 0.5, model_price: -1 }, 1000, 0, 500_000);
    // (1000 − 400 + 400 × 0.5) × 1 × 2 = 1600 quota
    expect(f?.usd).toBeCloseTo(1600 / 500_000, 12);
  });

  it('bills a per-call model as model price × group ratio', () => {
    expect(priceFormulaOf({ model_price: 0.04, group_ratio: 1.5 }, 10, 10, 500_000)).toMatchObject({ kind: 'price', usd: 0.04 * 1.5 });
  });

  it('writes no formula for a log without ratios (top-ups, admin edits)', () => {
    expect(priceFormulaOf({}, 0, 0, 500_000)).toBeNull();
  });

  it('uses the site quota per unit instead of 500000 when it differs', () => {
    expect(priceFormulaOf({ model_ratio: 1, group_ratio: 1, completion_ratio: 1, model_price: -1 }, 1000, 0, 1000)?.usd).toBe(1);
  });
});

describe('parseOther', () => {
  it('reads the JSON object and treats anything else as empty', () => {
    expect(parseOther('{"frt":1200}')).toEqual({ frt: 1200 });
    expect(parseOther('not json')).toEqual({});
    expect(parseOther('[1,2]')).toEqual({});
    expect(parseOther('')).toEqual({});
  });
});

describe('timing colours (spec 3 §9)', () => {
  it('colours use time green under 101 s, orange under 300 s, red from 300 s', () => {
    expect([100, 101, 299, 300].map(durationColor)).toEqual(['green', 'orange', 'orange', 'red']);
  });

  it('colours the first token green under 3 s, orange under 10 s, red from 10 s', () => {
    expect([2999, 3000, 9999, 10_000].map(firstTokenColor)).toEqual(['green', 'orange', 'orange', 'red']);
  });
});
