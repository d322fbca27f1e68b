import { describe, expect, it } from 'vitest';
import { PromptEstimate, estimatePromptTokens } from './estimate-prompt-tokens.js';
import type { RelayBody, RelayEndpoint } from '../providers/provider-adapter.js';

const json = (value: Record<string, unknown>): { body: RelayBody } => ({
  body: { kind: 'json', json: value, raw: new TextEncoder().encode(JSON.stringify(value)) },
});

const cases: [string, RelayEndpoint, Record<string, unknown>][] = [
  ['short chat', 'chat', { model: 'm', messages: [{ role: 'user', content: 'hi' }] }],
  ['many empty messages', 'chat', { model: 'm', messages: Array.from({ length: 50 }, () => ({})) }],
  ['Chinese text', 'chat', { model: 'm', messages: [{ role: 'user', content: '你好，世界。'.repeat(40) }] }],
  ['emoji', 'chat', { model: 'm', messages: [{ role: 'user', content: '🙂🚀'.repeat(30) }] }],
  ['tools', 'chat', { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{}, {}, { type: 'function', function: { name: 'f' } }] }],
  ['claude system', 'claude.messages', { model: 'm', system: 'be brief', messages: [{ role: 'user', content: [{ type: 'text', text: 'yo' }] }] }],
  ['image', 'chat', { model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://x/i.png' } }] }] }],
  ['embeddings', 'embeddings', { model: 'm', input: ['a', 'b', 'c'] }],
];

describe('PromptEstimate', () => {
  it.each(cases)('never puts the upper bound below the estimate (%s)', (_name, endpoint, value) => {
    const { body } = json(value);
    const exact = estimatePromptTokens(endpoint, body);
    const lazy = new PromptEstimate(endpoint, body);
    expect(lazy.upperBound).toBeGreaterThanOrEqual(exact);
    expect(lazy.tokens).toBe(exact);
  });

  it('tokenises only when the number is asked for', () => {
    const { body } = json({ model: 'm', messages: [{ role: 'user', content: 'hello there' }] });
    const lazy = new PromptEstimate('chat', body);
    void lazy.upperBound;
    expect(lazy.computed).toBe(false);
    expect(lazy.tokens).toBeGreaterThan(0);
    expect(lazy.computed).toBe(true);
  });

  it('tokenises bodies with images (their cost does not grow with their bytes)', () => {
    const { body } = json({ model: 'm', messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://x' } }] }] });
    const lazy = new PromptEstimate('chat', body);
    expect(lazy.upperBound).toBe(estimatePromptTokens('chat', body));
    expect(lazy.computed).toBe(true);
  });
});
