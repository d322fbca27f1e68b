import { describe, expect, it } from 'vitest';
import { listText, parseListText, removeEntry, upsertEntry } from './list-text';

describe('list options edited entry by entry', () => {
  it('reads a stored list, and anything else as empty', () => {
    expect(parseListText('[{"question":"q","answer":"a"}]')).toEqual([{ question: 'q', answer: 'a' }]);
    expect(parseListText('[{"a":1}, 3, null, [1]]')).toEqual([{ a: 1 }]);
    for (const text of ['', '   ', 'not json', '{"a":1}', undefined, null]) expect(parseListText(text)).toEqual([]);
  });

  it('adds at the end, replaces in place keeping hidden fields, and removes', () => {
    const list = [{ id: 7, question: 'q1', answer: 'a1' }, { question: 'q2', answer: 'a2' }];
    expect(upsertEntry(list, null, { question: 'q3', answer: 'a3' })).toEqual([...list, { question: 'q3', answer: 'a3' }]);
    expect(upsertEntry(list, 0, { question: 'new', answer: 'a1' })).toEqual([{ id: 7, question: 'new', answer: 'a1' }, list[1]]);
    expect(removeEntry(list, 0)).toEqual([list[1]]);
    expect(parseListText(listText(list))).toEqual(list);
  });
});
