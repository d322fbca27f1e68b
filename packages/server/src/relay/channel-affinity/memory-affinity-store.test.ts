import { describe, expect, it } from 'vitest';
import { MemoryAffinityStore } from './memory-affinity-store.js';

describe('MemoryAffinityStore', () => {
  it('forgets an entry once its own TTL has passed', () => {
    let now = 1_000_000;
    const store = new MemoryAffinityStore(() => 10, () => now);
    store.set('a', 1, 60);
    store.set('b', 2, 5);
    now += 5_000;
    expect(store.get('a')).toBe(1);
    expect(store.get('b')).toBeUndefined();
    expect(store.keys()).toEqual(['a']);
    now += 55_000;
    expect(store.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its capacity, a read counting as a use', () => {
    let capacity = 2;
    const store = new MemoryAffinityStore(() => capacity);
    store.set('a', 1, 60);
    store.set('b', 2, 60);
    expect(store.get('a')).toBe(1);
    store.set('c', 3, 60);
    expect(store.keys().sort()).toEqual(['a', 'c']);
    store.set('a', 4, 60);
    expect(store.get('a')).toBe(4);
    // A smaller capacity (the option changed) applies at the next write.
    capacity = 1;
    store.set('d', 5, 60);
    expect(store.keys()).toEqual(['d']);
  });

  it('deletes by key prefix and counts what it deleted', () => {
    const store = new MemoryAffinityStore(() => 10);
    store.set('codex:vip:1', 1, 60);
    store.set('codex:vip:2', 1, 60);
    store.set('claude:1', 2, 60);
    expect(store.deleteByPrefix('codex:')).toBe(2);
    expect(store.keys()).toEqual(['claude:1']);
    expect(store.deleteByPrefix('')).toBe(1);
    expect(store.keys()).toEqual([]);
  });
});
