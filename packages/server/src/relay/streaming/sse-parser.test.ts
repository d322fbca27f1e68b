import { describe, expect, it } from 'vitest';
import { MAX_EVENT_BYTES, SseParser, SseTooLargeError } from './sse-parser.js';

const enc = new TextEncoder();

describe('SseParser', () => {
  it('parses data-only events ending in a blank line', () => {
    const p = new SseParser();
    expect(p.push('data: {"a":1}\n\ndata: [DONE]\n\n')).toEqual([{ data: '{"a":1}' }, { data: '[DONE]' }]);
  });

  it('keeps event names and joins multi-line data', () => {
    const p = new SseParser();
    expect(p.push('event: message_start\ndata: line1\ndata: line2\n\n')).toEqual([{ event: 'message_start', data: 'line1\nline2' }]);
  });

  it('handles events split at any byte, including inside multi-byte characters and CRLF pairs', () => {
    const text = 'event: delta\r\ndata: {"t":"héllo 世界"}\r\n\r\ndata: x\r\n\r\n';
    const bytes = enc.encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const p = new SseParser();
      const events = [...p.push(bytes.slice(0, cut)), ...p.push(bytes.slice(cut)), ...p.end()];
      expect(events).toEqual([{ event: 'delta', data: '{"t":"héllo 世界"}' }, { data: 'x' }]);
    }
  });

  it('ignores comments and unknown fields, and accepts a value without a space after the colon', () => {
    const p = new SseParser();
    expect(p.push(': ping\nid: 7\nretry: 10\ndata:{"b":2}\n\n')).toEqual([{ data: '{"b":2}' }]);
  });

  it('dispatches empty data: a bare `data` field, `data:` and `data: ` each add an empty line', () => {
    const p = new SseParser();
    expect(p.push('data\n\ndata:\ndata: \n\ndata:  two spaces\n\n')).toEqual([{ data: '' }, { data: '\n' }, { data: ' two spaces' }]);
  });

  it('accepts lone CR line endings', () => {
    const p = new SseParser();
    expect(p.push('data: a\r\rdata: b\r\r')).toEqual([{ data: 'a' }, { data: 'b' }]);
  });

  it('flushes a trailing event without the final blank line at end()', () => {
    const p = new SseParser();
    expect(p.push('data: last')).toEqual([]);
    expect(p.end()).toEqual([{ data: 'last' }]);
  });

  it('refuses an event larger than the bound instead of growing without limit', () => {
    const p = new SseParser();
    const big = 'x'.repeat(1024 * 1024);
    expect(() => {
      for (let i = 0; i <= MAX_EVENT_BYTES / big.length + 1; i++) p.push(`data: ${big}\n`);
    }).toThrow(SseTooLargeError);
  });
});
