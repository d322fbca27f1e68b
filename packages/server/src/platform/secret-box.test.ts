import { describe, expect, it } from 'vitest';
import { SecretBox, SecretBoxError } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('server-secret-0123456789', 'purpose-a');

  it('seals to a fresh opaque value each time and opens it again', () => {
    const a = box.seal('sk-very-secret');
    const b = box.seal('sk-very-secret');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('very-secret');
    expect(box.open(a)).toBe('sk-very-secret');
  });

  it('refuses values sealed with another secret or purpose, tampered or truncated', () => {
    const sealed = box.seal('sk-very-secret');
    expect(() => new SecretBox('another-secret-0123456789', 'purpose-a').open(sealed)).toThrow(SecretBoxError);
    expect(() => new SecretBox('server-secret-0123456789', 'purpose-b').open(sealed)).toThrow(SecretBoxError);
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => box.open(`v1:${raw.toString('base64')}`)).toThrow(SecretBoxError);
    expect(() => box.open('v1:AAAA')).toThrow(SecretBoxError);
    expect(() => box.open('plain-text-key')).toThrow(SecretBoxError);
  });
});
