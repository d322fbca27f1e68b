import { describe, expect, it } from 'vitest';
import { SENSITIVE_MASK, maskSensitiveWords } from './sensitive-words.js';

describe('maskSensitiveWords', () => {
  it('replaces every occurrence in texts, whatever the case, and counts them', () => {
    const body = { model: 'bad-model', messages: [{ role: 'user', content: 'Bad words and more BAD words' }] };
    const { body: out, masked } = maskSensitiveWords(body, ['bad']);
    expect(masked).toBe(2);
    expect(out.messages[0].content).toBe(`${SENSITIVE_MASK} words and more ${SENSITIVE_MASK} words`);
    expect(out.model).toBe('bad-model');
  });

  it('leaves the original body and untouched branches as they were', () => {
    const clean = { role: 'system', content: 'fine' };
    const body = { messages: [clean, { role: 'user', content: [{ type: 'text', text: 'a.b*c' }, { type: 'image_url', image_url: { url: 'a.b*c' } }] }] };
    const { body: out, masked } = maskSensitiveWords(body, ['a.b*c']);
    expect(masked).toBe(1);
    expect(out.messages[0]).toBe(clean);
    expect(body.messages[1].content).toEqual([{ type: 'text', text: 'a.b*c' }, { type: 'image_url', image_url: { url: 'a.b*c' } }]);
    expect(out.messages[1].content).toEqual([{ type: 'text', text: SENSITIVE_MASK }, { type: 'image_url', image_url: { url: 'a.b*c' } }]);
  });

  it('returns the same body when nothing matches or no word is set', () => {
    const body = { input: 'hello' };
    expect(maskSensitiveWords(body, ['x'])).toEqual({ body, masked: 0 });
    expect(maskSensitiveWords(body, []).body).toBe(body);
    expect(maskSensitiveWords(body, ['']).body).toBe(body);
  });
});
