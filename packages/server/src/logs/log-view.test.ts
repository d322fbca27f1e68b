import { describe, expect, it } from 'vitest';
import { otherForUser } from './log-view.js';

describe('the other field for non-admin readers', () => {
  it('removes admin_info and audit_info and keeps everything else', () => {
    const other = JSON.stringify({ model_ratio: 2, frt: 300, admin_info: { use_channel: [1, 2] }, audit_info: { by: 'x' } });
    expect(JSON.parse(otherForUser(other))).toEqual({ model_ratio: 2, frt: 300 });
  });

  it('returns the text untouched when there is nothing to remove', () => {
    const other = '{"model_price":0.1}';
    expect(otherForUser(other)).toBe(other);
  });

  it('withholds text that is not a JSON object rather than risk leaking it', () => {
    expect(otherForUser('not json admin_info')).toBe('');
    expect(otherForUser('[1,2]')).toBe('');
    expect(otherForUser(null)).toBe('');
  });
});
