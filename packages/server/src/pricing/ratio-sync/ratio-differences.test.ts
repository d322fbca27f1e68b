import { describe, expect, it } from 'vitest';
import { emptyRatioData, effectiveRatioData, type RatioData } from './ratio-data.js';
import { ratioDifferences } from './ratio-differences.js';

function ratios(fields: Partial<RatioData>): RatioData {
  return { ...emptyRatioData(), ...fields };
}

describe('effective ratio data', () => {
  it('keeps only the fixed price of a priced model, and drops ratios of models without a model ratio', () => {
    const data = effectiveRatioData(
      ratios({
        model_price: { fixed: 0.02 },
        model_ratio: { fixed: 5, token: 1.5, broken: -1 },
        completion_ratio: { fixed: 2, token: 4, orphan: 3, broken: 2 },
        cache_ratio: { token: 0.1 },
      }),
    );
    expect(data).toEqual(ratios({ model_price: { fixed: 0.02 }, model_ratio: { token: 1.5 }, completion_ratio: { token: 4 }, cache_ratio: { token: 0.1 } }));
  });
});

describe('ratio differences', () => {
  const local = ratios({ model_ratio: { a: 1, b: 2, c: 3 }, completion_ratio: { a: 4, b: 4 }, model_price: { p: 0.05 } });

  it('lists values that differ or are missing locally, marks equal ones "same" and absent ones null', () => {
    const diff = ratioDifferences(local, [
      { name: 'one', data: ratios({ model_ratio: { a: 1, b: 2.5, n: 7 }, completion_ratio: { a: 4, b: 4, n: 2 } }) },
      { name: 'two', data: ratios({ model_ratio: { a: 1.2, b: 2 }, completion_ratio: { a: 4 }, model_price: { p: 0.05 } }) },
    ]);
    expect(diff).toEqual({
      a: { model_ratio: { current: 1, upstreams: { one: 'same', two: 1.2 }, confidence: { one: true, two: true } } },
      b: { model_ratio: { current: 2, upstreams: { one: 2.5, two: 'same' }, confidence: { one: true, two: true } } },
      n: {
        model_ratio: { current: null, upstreams: { one: 7, two: 'same' }, confidence: { one: true, two: true } },
        completion_ratio: { current: null, upstreams: { one: 2, two: 'same' }, confidence: { one: true, two: true } },
      },
    });
  });

  it('leaves out entries where every upstream agrees, and upstreams that differ nowhere', () => {
    const diff = ratioDifferences(local, [
      { name: 'agrees', data: ratios({ model_ratio: { a: 1, b: 2 } }) },
      { name: 'differs', data: ratios({ model_ratio: { c: 9 } }) },
    ]);
    expect(diff).toEqual({ c: { model_ratio: { current: 3, upstreams: { differs: 9 }, confidence: { differs: true } } } });
    expect(ratioDifferences(local, [{ name: 'agrees', data: ratios({ model_ratio: { a: 1 + 1e-12 } }) }])).toEqual({});
  });

  it('offers a fixed price in place of local ratios, and compares nothing the upstream does not bill by', () => {
    const diff = ratioDifferences(local, [{ name: 'up', data: ratios({ model_price: { a: 0.1 }, model_ratio: { a: 1 }, completion_ratio: { p: 9 } }) }]);
    expect(diff).toEqual({ a: { model_price: { current: null, upstreams: { up: 0.1 }, confidence: { up: true } } } });
  });

  it('marks an upstream value of ratio 37.5 with completion ratio 1 as not trustworthy', () => {
    const diff = ratioDifferences(ratios({}), [{ name: 'self-use', data: ratios({ model_ratio: { x: 37.5, y: 2 }, completion_ratio: { x: 1, y: 1 } }) }]);
    expect(diff.x?.model_ratio?.confidence).toEqual({ 'self-use': false });
    expect(diff.y?.model_ratio?.confidence).toEqual({ 'self-use': true });
  });
});
