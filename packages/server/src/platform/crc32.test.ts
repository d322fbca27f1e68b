import { describe, expect, it } from 'vitest';
import { crc32 } from './crc32.js';

describe('crc32', () => {
  it('gives the standard check value for "123456789" and 0 for no bytes', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it('reads only the bytes of a subarray view', () => {
    const padded = new TextEncoder().encode('xx123456789yy');
    expect(crc32(padded.subarray(2, 11))).toBe(0xcbf43926);
  });
});
