import { describe, expect, it } from 'vitest';
import { closeReason, relayedCloseCode } from './close-codes.js';

describe('relayedCloseCode', () => {
  it('passes application codes on and turns link-level or unsendable codes into 1011', () => {
    for (const code of [1000, 1001, 1008, 1011, 1012, 1013, 1014, 3000, 4000, 4999]) expect(relayedCloseCode(code)).toBe(code);
    for (const code of [1002, 1003, 1006, 1007, 1009, 1010, 1015, 2000, 5000]) expect(relayedCloseCode(code)).toBe(1011);
  });

  it('treats a close frame without a code (1005) as a normal close', () => {
    expect(relayedCloseCode(1005)).toBe(1000);
  });
});

describe('closeReason', () => {
  it('keeps reasons of up to 123 bytes and cuts longer ones at a character boundary', () => {
    expect(closeReason(Buffer.from('bye'))).toBe('bye');
    const cut = closeReason('é'.repeat(100));
    expect(Buffer.byteLength(cut)).toBe(122);
    expect(cut).toBe('é'.repeat(61));
  });
});
