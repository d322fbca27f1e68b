import { describe, expect, it } from 'vitest';
import { SseDataReader } from './sse-data';

describe('SseDataReader', () => {
  it('joins frames split across pieces and skips comments', () => {
    const reader = new SseDataReader();
    const out = [...reader.push('data: {"status":"pul'), ...reader.push('ling"}\n\n: PING\n\ndata: [DO'), ...reader.push('NE]\n\n')];
    expect(out).toEqual(['{"status":"pulling"}', '[DONE]']);
  });

  it('reads a last frame without its blank line, and CRLF line ends', () => {
    const reader = new SseDataReader();
    expect(reader.push('data: a\r\n\r\ndata: b')).toEqual(['a']);
    expect(reader.end()).toEqual(['b']);
  });
});
