import { describe, expect, it } from 'vitest';
import { StreamingTokenCounter, countTextTokens } from './token-counter.js';

describe('token counting', () => {
  it('counts a short text', () => {
    expect(countTextTokens('')).toBe(0);
    expect(countTextTokens('hello world')).toBe(2);
  });

  it('counts a long streamed text in small deltas like the whole text', () => {
    const words = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? '世界' : `word${i % 13}`));
    const text = words.join(' ');
    const counter = new StreamingTokenCounter();
    for (let i = 0; i < text.length; i += 5) counter.add(text.slice(i, i + 5));
    const whole = countTextTokens(text);
    expect(Math.abs(counter.tokens - whole) / whole).toBeLessThan(0.01);
  });

  it('counts a text with no whitespace at all', () => {
    const text = 'a'.repeat(40_000);
    const counter = new StreamingTokenCounter();
    for (let i = 0; i < text.length; i += 100) counter.add(text.slice(i, i + 100));
    expect(counter.tokens).toBeGreaterThan(0);
    expect(Math.abs(counter.tokens - countTextTokens(text)) / countTextTokens(text)).toBeLessThan(0.05);
  });
});
