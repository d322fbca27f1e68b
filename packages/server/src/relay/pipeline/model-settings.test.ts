import { describe, expect, it } from 'vitest';
import { testSettings } from '../providers/adapter-context.test-helpers.js';
import { withClientClaudeHeaders } from './model-settings.js';

describe('withClientClaudeHeaders', () => {
  it('joins the client\'s beta features to the configured ones under the configured header name, once each', () => {
    const settings = { ...testSettings, claudeHeaders: { 'Anthropic-Beta': 'context-1m-2025-08-07, output-128k-2025-02-19', 'x-extra': 'kept' } };
    const merged = withClientClaudeHeaders(settings, { 'anthropic-beta': 'output-128k-2025-02-19,interleaved-thinking-2025-05-14' });
    expect(merged.claudeHeaders).toEqual({ 'Anthropic-Beta': 'context-1m-2025-08-07,output-128k-2025-02-19,interleaved-thinking-2025-05-14', 'x-extra': 'kept' });
    // The remembered settings of the model are left as they were.
    expect(settings.claudeHeaders['Anthropic-Beta']).toBe('context-1m-2025-08-07, output-128k-2025-02-19');
  });

  it('takes the client\'s anthropic-version unless the model settings set one', () => {
    expect(withClientClaudeHeaders(testSettings, { 'anthropic-version': '2023-06-01' }).claudeHeaders).toEqual({ 'anthropic-version': '2023-06-01' });
    const pinned = { ...testSettings, claudeHeaders: { 'anthropic-version': '2023-01-01' } };
    expect(withClientClaudeHeaders(pinned, { 'anthropic-version': '2099-01-01' }).claudeHeaders).toEqual({ 'anthropic-version': '2023-01-01' });
  });
});
