import { describe, expect, it } from 'vitest';
import { RelayError } from '../../relay-error.js';
import { crc32 } from '../../../platform/crc32.js';
import { EventStreamDecoder, MAX_MESSAGE_BYTES, type EventStreamMessage } from './event-stream.js';
import { concatBytes, encodeFrame } from './event-stream.test-helpers.js';

const hex = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));
const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

/** Test vectors of the AWS event-stream specification (encoded messages and their expected decoding). */
const VECTORS = {
  emptyMessage: '000000100000000005c248eb7d98c8ff',
  payloadNoHeaders: '0000001d00000000fd528c5a7b27666f6f273a27626172277dc3653936',
  payloadOneStringHeader: '0000003d0000002007fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b27666f6f273a27626172277d8d9c08b1',
  int32Header: '0000002d0000001041c424b80a6576656e742d74797065040000a00c7b27666f6f273a27626172277d36f480a0',
  allHeaders:
    '000000cc000000af0fae64ca0a6576656e742d74797065040000a00c0c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e0a626f6f6c2066616c73650109626f6f6c207472756500046279746502cf08627974652062756606001449276d2061206c6974746c6520746561706f74210974696d657374616d70080000000000845fed05696e74313603002a05696e7436340500000000028757b20475756964090102030405060708090a0b0c0d0e0f107b27666f6f273a27626172277daba5f10c',
  corruptedHeaderLength: '0000003d0000002107fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b27666f6f273a27626172277d8d9c08b1',
  corruptedLength: '0000003e0000002007fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b27666f6f273a27626172277d8d9c08b1',
  corruptedHeaders: '0000003d0000002007fd83960c636f6e74656e742d747970650700106170706c69636174696f6e2f6a736f6e7b61666f6f273a27626172277d8d9c08b1',
  corruptedPayload: '0000001d00000000fd528c5a5b27666f6f273a27626172277dc3653936',
};

function decodeAll(bytes: Uint8Array): EventStreamMessage[] {
  const decoder = new EventStreamDecoder();
  const messages = decoder.push(bytes);
  decoder.end();
  return messages;
}

describe('crc32', () => {
  it('matches the standard check value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });
});

describe('EventStreamDecoder', () => {
  it('decodes the published vectors', () => {
    expect(decodeAll(hex(VECTORS.emptyMessage))).toEqual([{ headers: {}, payload: new Uint8Array() }]);
    const [noHeaders] = decodeAll(hex(VECTORS.payloadNoHeaders));
    expect(noHeaders.headers).toEqual({});
    expect(text(noHeaders.payload)).toBe("{'foo':'bar'}");
    expect(decodeAll(hex(VECTORS.payloadOneStringHeader))[0].headers).toEqual({ 'content-type': 'application/json' });
    expect(decodeAll(hex(VECTORS.int32Header))[0].headers).toEqual({ 'event-type': 40972 });
  });

  it('decodes every header value type', () => {
    const [message] = decodeAll(hex(VECTORS.allHeaders));
    expect(message.headers).toEqual({
      'event-type': 40972,
      'content-type': 'application/json',
      'bool false': false,
      'bool true': true,
      byte: -49,
      'byte buf': new Uint8Array(Buffer.from("I'm a little teapot!")),
      timestamp: 8675309n,
      int16: 42,
      int64: 42424242n,
      uuid: '0102030405060708090a0b0c0d0e0f10',
    });
    expect(text(message.payload)).toBe("{'foo':'bar'}");
  });

  it('rejects a corrupt prelude at once, before waiting for the bytes it announces', () => {
    for (const vector of [VECTORS.corruptedHeaderLength, VECTORS.corruptedLength]) {
      expect(() => new EventStreamDecoder().push(hex(vector))).toThrow(/prelude checksum mismatch/);
    }
  });

  it('rejects a message whose headers or payload do not match its checksum', () => {
    for (const vector of [VECTORS.corruptedHeaders, VECTORS.corruptedPayload]) {
      expect(() => new EventStreamDecoder().push(hex(vector))).toThrow(/message checksum mismatch/);
    }
  });

  it('stays failed after corrupt data, as a RelayError blaming the upstream', () => {
    const decoder = new EventStreamDecoder();
    let thrown: unknown;
    try {
      decoder.push(hex(VECTORS.corruptedPayload));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(RelayError);
    expect(thrown).toMatchObject({ kind: 'upstream', status: 502 });
    expect(() => decoder.push(hex(VECTORS.emptyMessage))).toThrow(RelayError);
    expect(() => decoder.end()).toThrow(RelayError);
  });

  it('decodes the same messages whatever the split, at every byte boundary', () => {
    const stream = concatBytes([
      encodeFrame({ ':event-type': 'chunk', ':message-type': 'event' }, 'héllo, 世界 🌍'),
      hex(VECTORS.allHeaders),
      hex(VECTORS.emptyMessage),
      encodeFrame({ ':message-type': 'event' }, '{"bytes":"eyJ0eXBlIjoicGluZyJ9"}'),
    ]);
    const whole = decodeAll(stream);
    expect(whole).toHaveLength(4);
    for (let cut = 1; cut < stream.length; cut++) {
      const decoder = new EventStreamDecoder();
      const messages = [...decoder.push(stream.subarray(0, cut)), ...decoder.push(stream.subarray(cut))];
      decoder.end();
      expect(messages, `split at ${cut}`).toEqual(whole);
    }
  });

  it('decodes a stream fed one byte at a time', () => {
    const frame = encodeFrame({ ':message-type': 'event' }, 'payload');
    const decoder = new EventStreamDecoder();
    const messages = [...frame].flatMap((b) => decoder.push(Uint8Array.of(b)));
    expect(messages.map((m) => text(m.payload))).toEqual(['payload']);
  });

  it('reports a stream that ends inside a message', () => {
    const frame = encodeFrame({}, 'payload');
    for (const cut of [1, 11, 12, frame.length - 1]) {
      const decoder = new EventStreamDecoder();
      expect(decoder.push(frame.subarray(0, cut))).toEqual([]);
      expect(() => decoder.end(), `cut at ${cut}`).toThrow(/ended inside a message/);
    }
  });

  it('refuses a message longer than the protocol allows instead of buffering it', () => {
    const prelude = Buffer.alloc(12);
    prelude.writeUInt32BE(MAX_MESSAGE_BYTES + 1, 0);
    prelude.writeUInt32BE(0, 4);
    prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
    expect(() => new EventStreamDecoder().push(new Uint8Array(prelude))).toThrow(/out of range/);
  });

  it('refuses headers that run past their section or use an unknown type', () => {
    const withHeaders = (headerBytes: number[]) => {
      const h = Buffer.from(headerBytes);
      const frame = Buffer.alloc(16 + h.length);
      frame.writeUInt32BE(frame.length, 0);
      frame.writeUInt32BE(h.length, 4);
      frame.writeUInt32BE(crc32(frame.subarray(0, 8)), 8);
      h.copy(frame, 12);
      frame.writeUInt32BE(crc32(frame.subarray(0, frame.length - 4)), frame.length - 4);
      return new Uint8Array(frame);
    };
    expect(() => new EventStreamDecoder().push(withHeaders([1, 0x78, 7, 0xff, 0xff, 0x61]))).toThrow(/runs past/);
    expect(() => new EventStreamDecoder().push(withHeaders([1, 0x78, 10]))).toThrow(/unknown header value type 10/);
  });
});
