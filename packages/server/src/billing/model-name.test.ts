import { describe, expect, it } from 'vitest';
import { normalizeModelName, pricingNameCandidates } from './model-name.js';

describe('normalizeModelName', () => {
  it('collapses custom GPT ids onto their wildcard key', () => {
    expect(normalizeModelName('gpt-4-gizmo-g-2fkFE8rbu')).toBe('gpt-4-gizmo-*');
    expect(normalizeModelName('gpt-4o-gizmo-g-abc')).toBe('gpt-4o-gizmo-*');
  });

  it('collapses Gemini 2.5 thinking-budget names per family', () => {
    expect(normalizeModelName('gemini-2.5-flash-thinking-1024')).toBe('gemini-2.5-flash-thinking-*');
    expect(normalizeModelName('gemini-2.5-flash-lite-thinking-512')).toBe('gemini-2.5-flash-lite-thinking-*');
    expect(normalizeModelName('gemini-2.5-pro-thinking-32768')).toBe('gemini-2.5-pro-thinking-*');
  });

  it('leaves dated snapshots and ordinary names alone', () => {
    for (const name of ['gpt-4o-2024-05-13', 'claude-sonnet-4-5-20250929', 'gemini-2.5-flash', 'gemini-2.5-flash-preview-05-20-thinking', 'deepseek-chat']) {
      expect(normalizeModelName(name)).toBe(name);
    }
  });
});

describe('pricingNameCandidates', () => {
  it('tries a `-thinking` name first as is, then without the suffix', () => {
    expect(pricingNameCandidates('claude-sonnet-4-5-thinking')).toEqual(['claude-sonnet-4-5-thinking', 'claude-sonnet-4-5']);
    expect(pricingNameCandidates('claude-3-7-sonnet-20250219-thinking')).toEqual(['claude-3-7-sonnet-20250219-thinking', 'claude-3-7-sonnet-20250219']);
  });

  it('has a single candidate for other names, including a bare "-thinking"', () => {
    expect(pricingNameCandidates('gpt-4o')).toEqual(['gpt-4o']);
    expect(pricingNameCandidates('-thinking')).toEqual(['-thinking']);
    expect(pricingNameCandidates('gemini-2.5-pro-thinking-128')).toEqual(['gemini-2.5-pro-thinking-*']);
  });
});
