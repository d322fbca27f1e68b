import { describe, expect, it } from 'vitest';
import { completionRatioOf, completionRule } from './completion-ratio.js';

describe('completionRule', () => {
  it.each([
    ['gpt-4o', 4, false],
    ['gpt-4o-2024-05-13', 3, true],
    ['gpt-4o-mini-tts', 20, false],
    ['gpt-5', 8, true],
    ['gpt-5-mini-2025-08-07', 8, true],
    ['gpt-5.4', 6, true],
    ['gpt-5.4-nano', 6.25, true],
    ['gpt-5.5', 6, false],
    ['gpt-4-turbo-2024-04-09', 3, true],
    ['gpt-4.5-preview', 2, true],
    ['gpt-4', 2, false],
    ['o1-mini', 4, true],
    ['o3', 4, true],
    ['chatgpt-4o-latest', 3, true],
    ['claude-3-5-haiku-20241022', 5, true],
    ['claude-sonnet-4-5-thinking', 5, true],
    ['claude-opus-4-1', 5, true],
    ['claude-haiku-4-5', 5, true],
    ['gpt-3.5-turbo', 3, true],
    ['gpt-3.5-turbo-1106', 2, true],
    ['gemini-1.5-pro', 4, true],
    ['gemini-2.5-pro', 8, false],
    ['gemini-2.5-flash-lite', 4, false],
    ['gemini-2.5-flash-preview-05-20-nothinking', 4, false],
    ['gemini-3-pro-preview', 6, false],
    ['gemini-3-pro-image-preview', 60, false],
    ['mistral-large-latest', 3, false],
    ['command-r-plus', 5, true],
    ['command-a-03-2025', 4, false],
    ['ERNIE-Speed-128K', 2, true],
    ['gpt-4-gizmo-*', 2, false],
    ['deepseek-chat', 1, false],
  ])('%s → %d (locked: %s)', (name, ratio, locked) => {
    expect(completionRule(name)).toEqual({ ratio, locked });
  });

  it('prices Gemini 2.5 Flash output at 2.5 / 0.3 of its input', () => {
    expect(completionRule('gemini-2.5-flash').ratio).toBeCloseTo(8.3333, 4);
  });
});

describe('completionRatioOf', () => {
  it('lets the option override an unlocked rule', () => {
    expect(completionRatioOf('gpt-4o', { 'gpt-4o': 5 })).toBe(5);
    expect(completionRatioOf('gpt-4o', {})).toBe(4);
  });

  it('keeps a locked rule whatever the option says', () => {
    expect(completionRatioOf('claude-sonnet-4-5', { 'claude-sonnet-4-5': 1 })).toBe(5);
    expect(completionRatioOf('gpt-5', { 'gpt-5': 2 })).toBe(8);
  });

  it('takes the option first for names with a slash, even over a locked rule', () => {
    expect(completionRatioOf('anthropic/claude-3-haiku', { 'anthropic/claude-3-haiku': 4 })).toBe(4);
    expect(completionRatioOf('anthropic/claude-3-haiku', {})).toBe(5);
  });

  it('falls back from a `-thinking` name to its base entry in the option', () => {
    expect(completionRatioOf('deepseek-r1-thinking', { 'deepseek-r1': 4 })).toBe(4);
  });

  it('is 1 for an unknown model', () => {
    expect(completionRatioOf('some-new-model', {})).toBe(1);
  });
});
