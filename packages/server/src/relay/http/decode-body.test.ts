import { describe, expect, it } from 'vitest';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { RelayError } from '../relay-error.js';
import { decodeContentEncoding } from './decode-body.js';

const text = Buffer.from('{"model":"gpt-4o-mini","messages":[]}');
const statusOf = (p: Promise<unknown>) => p.then(() => 'resolved', (err: unknown) => (err instanceof RelayError ? `${err.status} ${err.code}` : String(err)));

describe('decodeContentEncoding', () => {
  it.each([
    ['gzip', gzipSync(text)],
    ['x-gzip', gzipSync(text)],
    ['GZIP', gzipSync(text)],
    ['br', brotliCompressSync(text)],
    ['deflate', deflateSync(text)],
    ['deflate', deflateRawSync(text)],
    ['identity', text],
    ['gzip, br', brotliCompressSync(gzipSync(text))],
  ])('undoes %s', async (encoding, body) => {
    expect((await decodeContentEncoding(body, encoding, 1024)).toString()).toBe(text.toString());
  });

  it('stops inflating at the limit with a 413, for every coding', async () => {
    const bomb = Buffer.alloc(1024 * 1024);
    for (const [encoding, body] of [['gzip', gzipSync(bomb)], ['br', brotliCompressSync(bomb)], ['deflate', deflateSync(bomb)]] as const) {
      expect(await statusOf(decodeContentEncoding(body, encoding, 64 * 1024))).toBe('413 request_too_large');
    }
    expect((await decodeContentEncoding(gzipSync(Buffer.alloc(1000)), 'gzip', 1000)).length).toBe(1000);
  });

  it('answers corrupt data with 400 and an unknown coding with 415', async () => {
    expect(await statusOf(decodeContentEncoding(Buffer.from('plain text'), 'gzip', 1024))).toBe('400 invalid_request');
    expect(await statusOf(decodeContentEncoding(gzipSync(text).subarray(0, 12), 'gzip', 1024))).toBe('400 invalid_request');
    expect(await statusOf(decodeContentEncoding(text, 'zstd', 1024))).toBe('415 unsupported_content_encoding');
    expect(await statusOf(decodeContentEncoding(text, 'gzip, compress', 1024))).toBe('415 unsupported_content_encoding');
  });
});
