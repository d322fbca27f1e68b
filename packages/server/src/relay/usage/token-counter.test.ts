import { describe, expect, it } from 'vitest';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { StreamingTokenCounter, countTextTokens, tokenizerPieces } from './token-counter.js';

const longestRunWithoutCleanCut = (piece: string) => Math.max(...piece.split(/\s(?=\S)/).map((p) => p.length));

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

  it('tokenises ordinary text in pieces cut only where the count does not change', () => {
    const text = Array.from({ length: 3000 }, (_, i) => (i % 11 === 0 ? '\n  return value;' : `word${i % 17}, 世界 x${i}`)).join(' ');
    const pieces = [...tokenizerPieces(text)];
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(10);
    expect(countTextTokens(text)).toBe(countTokens(text));
  });

  it.each([
    ['one character repeated', '中'.repeat(50_000)],
    ['Chinese without punctuation', Array.from({ length: 50_000 }, (_, i) => '我们今天讨论模型网关计算提示词数量'[(i * 7919) % 16]).join('')],
    ['spaces only', ' '.repeat(50_000)],
    ['letters without spaces', 'a'.repeat(50_000)],
    ['emoji (surrogate pairs)', '😀'.repeat(20_000)],
  ])('never hands the tokenizer a long stretch without a clean cut: %s', (_name, text) => {
    const pieces = [...tokenizerPieces(text)];
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(longestRunWithoutCleanCut(piece)).toBeLessThanOrEqual(33);
      expect(piece.charCodeAt(0) >= 0xdc00 && piece.charCodeAt(0) <= 0xdfff).toBe(false);
    }
  });

  it('counts unspaced Chinese within a fraction of a per cent of the whole-text count', () => {
    const text = Array.from({ length: 4000 }, (_, i) => '我们今天讨论模型网关计算提示词数量'[(i * 7919) % 16]).join('');
    const whole = countTokens(text);
    expect(Math.abs(countTextTokens(text) - whole) / whole).toBeLessThan(0.005);
  });
});
