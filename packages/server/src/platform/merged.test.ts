import { describe, expect, it } from 'vitest';
import { merged } from './merged.js';

describe('merged', () => {
  it('builds what spreading the parts in order builds, later parts winning', () => {
    const base = { 'x-request-id': 'r1', 'content-type': 'text/plain' };
    const extra = { 'content-type': 'application/json', 'content-length': '12' };
    expect(merged<Record<string, string>>(base, extra)).toEqual({ ...base, ...extra });
    expect(Object.keys(merged<Record<string, string>>(base, extra))).toEqual(Object.keys({ ...base, ...extra }));
    expect(merged<Record<string, string>>(base, {}, { a: '1' }, { a: '2' })).toEqual({ ...base, a: '2' });
  });

  it('returns a new object and leaves the parts alone', () => {
    const base = { a: 1 };
    const out = merged<Record<string, number>>(base, { b: 2 });
    out.c = 3;
    expect(base).toEqual({ a: 1 });
    expect(out).not.toBe(base);
  });
});
