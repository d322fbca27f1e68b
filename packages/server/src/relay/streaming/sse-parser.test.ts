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

  describe('verbatim', () => {
    it('gives back a chunk that is exactly its events in canonical framing', () => {
      const p = new SseParser();
      const text = 'data: {"a":1}\n\nevent: ping\ndata: {"b":"é"}\n\ndata: [DONE]\n\n';
      expect(p.push(enc.encode(text))).toHaveLength(3);
      expect(p.verbatim).toBe(text);
    });

    it('gives nothing back for framing the pipeline would write differently', () => {
      const cases = [
        ': keep-alive\n\ndata: x\n\n', // comment
        'data:x\n\n', // no space after the colon
        'data: a\ndata: b\n\n', // two data lines
        'data: x\nevent: late\n\n', // name after the data
        'event: a\nevent: b\ndata: x\n\n', // two names
        'event: \ndata: x\n\n', // empty name, dropped by the parser
        'id: 7\ndata: x\n\n', // another field
        'data: x\n\n\n', // a blank line with no event
        'data: x\r\n\r\n', // CRLF
        'data: x\n', // ends inside an event
      ];
      for (const text of cases) {
        const p = new SseParser();
        p.push(text);
        expect(p.verbatim, JSON.stringify(text)).toBeUndefined();
      }
    });

    it('gives nothing back for a chunk that starts inside an event, and recovers at the next boundary', () => {
      const p = new SseParser();
      p.push('data: {"a"');
      expect(p.verbatim).toBeUndefined();
      expect(p.push(':1}\n\n')).toEqual([{ data: '{"a":1}' }]);
      expect(p.verbatim).toBeUndefined();
      p.push('data: next\n\n');
      expect(p.verbatim).toBe('data: next\n\n');
    });

    it('gives nothing back when a multi-byte character is split across chunks', () => {
      const bytes = enc.encode('data: "世"\n\n');
      const p = new SseParser();
      p.push(bytes.slice(0, 8));
      expect(p.verbatim).toBeUndefined();
      p.push(bytes.slice(8));
      expect(p.verbatim).toBeUndefined();
    });
  });
});
