import { describe, expect, it } from 'vitest';
import type { RatioDifferences } from '@gw/contracts';
import { chooseColumn, columnState, filterSyncRows, isChosen, syncRows, upstreamNames } from './sync-rows';

const differences: RatioDifferences = {
  'gpt-b': {
    model_price: { current: null, upstreams: { one: 0.2, two: 'same' }, confidence: { one: true, two: true } },
    model_ratio: { current: 1, upstreams: { one: 'same', two: 2 }, confidence: { one: true, two: false } },
  },
  'gpt-a': { completion_ratio: { current: 4, upstreams: { one: 5, two: null }, confidence: { one: true, two: true } } },
  claude: { model_ratio: { current: null, upstreams: { three: 3 }, confidence: { three: true } } },
};

describe('sync rows', () => {
  const rows = syncRows(differences);

  it('flattens the differences by model, then field, flagging a fixed price offered next to ratios', () => {
    expect(rows.map((r) => `${r.model}/${r.field}/${r.billingConflict}`)).toEqual([
      'claude/model_ratio/false',
      'gpt-a/completion_ratio/false',
      'gpt-b/model_ratio/true',
      'gpt-b/model_price/true',
    ]);
    expect(upstreamNames(rows)).toEqual(['three', 'one', 'two']);
  });

  it('filters by model text and field', () => {
    expect(filterSyncRows(rows, { search: ' GPT ', field: null }).map((r) => r.model)).toEqual(['gpt-a', 'gpt-b', 'gpt-b']);
    expect(filterSyncRows(rows, { search: '', field: 'model_ratio' }).map((r) => r.model)).toEqual(['claude', 'gpt-b']);
    expect(filterSyncRows(rows, { search: 'gpt-b', field: 'model_price' })).toHaveLength(1);
  });

  it('picks and clears a whole upstream column, skipping "same" and missing values', () => {
    const picked = chooseColumn({}, rows, 'one', true);
    expect(picked).toEqual({ 'gpt-a': { completion_ratio: 5 }, 'gpt-b': { model_price: 0.2 } });
    expect(columnState(rows, picked, 'one')).toEqual({ selectable: 2, chosen: 2 });
    expect(columnState(rows, picked, 'two')).toEqual({ selectable: 1, chosen: 0 });
    // Picking column two's ratio for gpt-b replaces the fixed price picked from column one.
    const switched = chooseColumn(picked, rows, 'two', true);
    expect(switched['gpt-b']).toEqual({ model_ratio: 2 });
    expect(columnState(rows, switched, 'one')).toEqual({ selectable: 2, chosen: 1 });
    expect(isChosen(switched, rows[2], 'two')).toBe(true);
    expect(chooseColumn(switched, rows, 'one', false)).toEqual({ 'gpt-b': { model_ratio: 2 } });
  });
});
