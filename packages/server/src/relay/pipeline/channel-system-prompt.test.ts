import { describe, expect, it } from 'vitest';
import type { RelayBody } from '../providers/provider-adapter.js';
import { withChannelSystemPrompt } from './channel-system-prompt.js';

const json = (value: Record<string, unknown>): RelayBody => ({ kind: 'json', json: value, raw: new TextEncoder().encode(JSON.stringify(value)) });
const add = { system_prompt: 'Rules.' };
const prefix = { system_prompt: 'Rules.', system_prompt_override: true };
const sent = (body: RelayBody) => (body.kind === 'json' ? body.json : undefined);

describe('withChannelSystemPrompt', () => {
  it('returns the same body when there is no prompt or the endpoint has no system prompt', () => {
    const body = json({ messages: [{ role: 'user', content: 'hi' }] });
    expect(withChannelSystemPrompt(body, 'chat', {})).toBe(body);
    expect(withChannelSystemPrompt(json({ input: 'x' }), 'embeddings', add).kind).toBe('json');
    const embed = json({ input: 'x' });
    expect(withChannelSystemPrompt(embed, 'embeddings', add)).toBe(embed);
  });

  it('drops the client bytes of a body it changed, and never changes the original', () => {
    const original = { messages: [{ role: 'user', content: 'hi' }] };
    const body = json(original);
    const out = withChannelSystemPrompt(body, 'chat', add);
    expect(out).toEqual({ kind: 'json', json: { messages: [{ role: 'system', content: 'Rules.' }, { role: 'user', content: 'hi' }] } });
    expect(original.messages).toHaveLength(1);
  });

  it('treats a developer message as the system prompt and prefixes text parts with a text part', () => {
    const body = json({ messages: [{ role: 'developer', content: [{ type: 'text', text: 'Be terse.' }] }, { role: 'user', content: 'hi' }] });
    expect(withChannelSystemPrompt(body, 'chat', add)).toBe(body);
    expect(sent(withChannelSystemPrompt(body, 'chat', prefix))!.messages).toEqual([
      { role: 'developer', content: [{ type: 'text', text: 'Rules.' }, { type: 'text', text: 'Be terse.' }] },
      { role: 'user', content: 'hi' },
    ]);
  });

  it('fills or prefixes Claude’s system, as text or blocks', () => {
    expect(sent(withChannelSystemPrompt(json({ messages: [] }), 'claude.messages', add))).toMatchObject({ system: 'Rules.' });
    expect(sent(withChannelSystemPrompt(json({ system: 'Own.', messages: [] }), 'claude.messages', prefix))).toMatchObject({ system: 'Rules.\nOwn.' });
    expect(sent(withChannelSystemPrompt(json({ system: [{ type: 'text', text: 'Own.' }], messages: [] }), 'claude.messages', prefix))).toMatchObject({
      system: [{ type: 'text', text: 'Rules.' }, { type: 'text', text: 'Own.' }],
    });
  });

  it('fills or prefixes Gemini’s system instruction under the key the client used', () => {
    expect(sent(withChannelSystemPrompt(json({ contents: [] }), 'gemini.generate', add))).toMatchObject({ systemInstruction: { parts: [{ text: 'Rules.' }] } });
    expect(sent(withChannelSystemPrompt(json({ contents: [], system_instruction: { parts: [{ text: 'Own.' }] } }), 'gemini.generate', prefix))).toEqual({
      contents: [],
      system_instruction: { parts: [{ text: 'Rules.' }, { text: 'Own.' }] },
    });
  });

  it('fills or prefixes the Responses API instructions', () => {
    expect(sent(withChannelSystemPrompt(json({ input: 'hi' }), 'responses', add))).toMatchObject({ instructions: 'Rules.' });
    const own = json({ input: 'hi', instructions: 'Own.' });
    expect(withChannelSystemPrompt(own, 'responses', add)).toBe(own);
    expect(sent(withChannelSystemPrompt(own, 'responses', prefix))).toMatchObject({ instructions: 'Rules.\nOwn.' });
  });
});
