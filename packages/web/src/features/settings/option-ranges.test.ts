import { describe, expect, it } from 'vitest';
import { orderRangeChanges } from './option-ranges';

const range = { min: 'r.min', max: 'r.max' };
const saved = { 'r.min': '1000', 'r.max': '10000' };
const keys = (changes: { key: string }[]) => changes.map((c) => c.key);

describe('ordering the saves of a min/max range', () => {
  it('saves the max first when the range is raised past the saved max', () => {
    const changes = [{ key: 'r.min', value: '20000' }, { key: 'r.max', value: '30000' }];
    expect(keys(orderRangeChanges(changes, saved, range))).toEqual(['r.max', 'r.min']);
  });

  it('saves the min first when the range is lowered below the saved min', () => {
    const changes = [{ key: 'r.max', value: '500' }, { key: 'r.min', value: '100' }];
    expect(keys(orderRangeChanges(changes, saved, range))).toEqual(['r.min', 'r.max']);
  });

  it('keeps other changes in place and leaves a lone change alone', () => {
    const changes = [{ key: 'off', value: 'false' }, { key: 'r.min', value: '20000' }, { key: 'r.max', value: '30000' }, { key: 'on', value: 'true' }];
    expect(keys(orderRangeChanges(changes, saved, range))).toEqual(['off', 'r.max', 'r.min', 'on']);
    expect(orderRangeChanges([{ key: 'r.max', value: '5' }], saved, range)).toEqual([{ key: 'r.max', value: '5' }]);
  });
});
