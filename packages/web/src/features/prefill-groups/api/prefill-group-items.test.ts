import { describe, expect, it } from 'vitest';
import { addItemNames, itemNamesOf } from './prefill-group-items';

describe('itemNamesOf', () => {
  it('gives a list’s names, trimmed, without blanks or repeats', () => {
    expect(itemNamesOf([' gpt-4o ', 'gpt-4o', '', 'o3'])).toEqual(['gpt-4o', 'o3']);
  });

  it('gives an endpoint map’s endpoint types', () => {
    expect(itemNamesOf({ openai: { path: '/v1/chat/completions', method: 'POST' }, embeddings: {} })).toEqual(['openai', 'embeddings']);
  });

  it('gives nothing for a missing value', () => {
    expect(itemNamesOf(undefined)).toEqual([]);
    expect(itemNamesOf(null)).toEqual([]);
  });
});

describe('addItemNames', () => {
  it('appends only the names not chosen yet, keeping both orders', () => {
    expect(addItemNames(['b', 'a'], ['a', 'c', 'd', 'c'])).toEqual({ names: ['b', 'a', 'c', 'd'], added: 2 });
  });

  it('adds nothing when every name is there', () => {
    expect(addItemNames(['a'], ['a'])).toEqual({ names: ['a'], added: 0 });
  });
});
