/** Builds AWS event-stream frames for tests (string headers only, which is what Bedrock sends). */
import { crc32 } from '../../../platform/crc32.js';

export function encodeFrame(headers: Record<string, string>, payload: Uint8Array | string): Uint8Array {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : Buffer.from(payload);
  const headerParts = Object.entries(headers).map(([name, value]) => {
    const n = Buffer.from(name, 'utf8');
    const v = Buffer.from(value, 'utf8');
    const h = Buffer.alloc(1 + n.length + 1 + 2 + v.length);
    h.writeUInt8(n.length, 0);
    n.copy(h, 1);
    h.writeUInt8(7, 1 + n.length);
    h.writeUInt16BE(v.length, 2 + n.length);
    v.copy(h, 4 + n.length);
    return h;
  });
  const headerBytes = Buffer.concat(headerParts);
  const total = 12 + headerBytes.length + body.length + 4;
  const frame = Buffer.alloc(total);
  frame.writeUInt32BE(total, 0);
  frame.writeUInt32BE(headerBytes.length, 4);
  frame.writeUInt32BE(crc32(frame.subarray(0, 8)), 8);
  headerBytes.copy(frame, 12);
  body.copy(frame, 12 + headerBytes.length);
  frame.writeUInt32BE(crc32(frame.subarray(0, total - 4)), total - 4);
  return new Uint8Array(frame);
}

/** A Bedrock `chunk` event carrying one Claude stream event, as invoke-with-response-stream sends it. */
export function chunkFrame(claudeEvent: unknown): Uint8Array {
  const bytes = Buffer.from(JSON.stringify(claudeEvent), 'utf8').toString('base64');
  return encodeFrame({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, JSON.stringify({ bytes, p: 'abcdefghijklmnopqrstuvwxyzABCDEFGH' }));
}

/** A Bedrock stream exception (`:message-type` exception). */
export function exceptionFrame(type: string, message: string): Uint8Array {
  return encodeFrame({ ':exception-type': type, ':content-type': 'application/json', ':message-type': 'exception' }, JSON.stringify({ message }));
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
}
