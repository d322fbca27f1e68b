import { describe, expect, it } from 'vitest';
import { answerWeight, type CachedAnswer } from './cached-answer.js';
import { MemoryResponseStore } from './memory-response-store.js';

const answer = (body: string): CachedAnswer => ({
  contentType: 'application/json',
  body,
  usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, cacheCreationTokens: 0, reasoningTokens: 0, semantic: 'openai' } as CachedAnswer['usage'],
  model: 'm',
  upstreamModel: 'm',
  cachedAt: 0,
});

describe('MemoryResponseStore', () => {
  it('forgets an answer once its own TTL has passed', () => {
    let now = 1_000_000;
    const store = new MemoryResponseStore(() => 1_000_000, () => now);
    store.set('a', answer('{"a":1}'), 60);
    store.set('b', answer('{"b":1}'), 5);
    now += 5_000;
    expect(store.get('a')?.body).toBe('{"a":1}');
    expect(store.get('b')).toBeUndefined();
    expect(store.size).toBe(1);
  });

  it('drops the least recently used answers beyond its byte bound, a read counting as a use', () => {
    const one = answerWeight(answer('x'.repeat(100)));
    const store = new MemoryResponseStore(() => one * 2);
    store.set('a', answer('x'.repeat(100)), 60);
    store.set('b', answer('y'.repeat(100)), 60);
    expect(store.get('a')).toBeDefined();
    store.set('c', answer('z'.repeat(100)), 60);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
    expect(store.bytes).toBe(one * 2);
    // An answer heavier than the whole bound is not kept, and evicts nothing.
    store.set('huge', answer('h'.repeat(1000)), 60);
    expect(store.get('huge')).toBeUndefined();
    expect(store.size).toBe(2);
    // Replacing an answer counts its weight once.
    store.set('a', answer('x'.repeat(100)), 60);
    expect(store.bytes).toBe(one * 2);
  });
});
