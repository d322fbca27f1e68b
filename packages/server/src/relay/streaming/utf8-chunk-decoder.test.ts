import { describe, expect, it } from 'vitest';
import { Utf8ChunkDecoder } from './utf8-chunk-decoder.js';

const enc = new TextEncoder();

function decodeInParts(bytes: Uint8Array, cuts: number[]): string {
  const d = new Utf8ChunkDecoder();
  let out = '';
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    out += d.push(bytes.subarray(from, cut));
    from = cut;
  }
  return out + d.end();
}

function streamingTextDecoder(bytes: Uint8Array, cuts: number[]): string {
  const d = new TextDecoder();
  let out = '';
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    out += d.decode(bytes.subarray(from, cut), { stream: true });
    from = cut;
  }
  return out + d.decode();
}

describe('Utf8ChunkDecoder', () => {
  it('keeps two-, three- and four-byte characters whole when a chunk ends inside them', () => {
    const text = 'aé世😀b\n€x';
    const bytes = enc.encode(text);
    for (let cut = 0; cut <= bytes.length; cut++) expect(decodeInParts(bytes, [cut])).toBe(text);
    for (let a = 0; a <= bytes.length; a++) for (let b = a; b <= bytes.length; b++) expect(decodeInParts(bytes, [a, b])).toBe(text);
  });

  it('decodes one byte at a time', () => {
    const text = 'data: {"t":"héllo 世界 😀"}\n\n';
    const bytes = enc.encode(text);
    expect(decodeInParts(bytes, [...bytes.keys()].slice(1))).toBe(text);
  });

  it('drops a byte-order mark at the start only, even when it is split', () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...enc.encode('data: \ufeffx')]);
    expect(decodeInParts(bytes, [])).toBe('data: \ufeffx');
    expect(decodeInParts(bytes, [1])).toBe('data: \ufeffx');
    expect(decodeInParts(bytes, [2, 5])).toBe('data: \ufeffx');
  });

  it('replaces invalid and unfinished sequences like a streaming TextDecoder', () => {
    const cases = [
      [0x61, 0xff, 0x62],
      [0x80, 0x80, 0x61],
      [0x61, 0xe4, 0xb8],
      [0xf0, 0x9f, 0x98],
      [0xc3, 0x28, 0x61],
      [0x61, 0x80, 0x80, 0x80, 0x80],
    ].map((b) => Uint8Array.from(b));
    for (const bytes of cases) {
      for (let cut = 0; cut <= bytes.length; cut++) expect(decodeInParts(bytes, [cut])).toBe(streamingTextDecoder(bytes, [cut]));
    }
  });
});
