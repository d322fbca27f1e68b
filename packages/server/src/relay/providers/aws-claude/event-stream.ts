/**
 * Incremental decoder for the AWS event-stream binary framing (application/vnd.amazon.eventstream),
 * used by Bedrock's invoke-with-response-stream. A message is:
 *   total length (u32) | headers length (u32) | prelude CRC32 (u32) | headers | payload | message CRC32 (u32)
 * all big-endian; each header is name length (u8), name (UTF-8), value type (u8), value.
 * Buffering is bounded: at most one message (≤ 16 MiB) plus the chunk being read.
 */
import { RelayError } from '../../relay-error.js';
import { crc32 } from '../../../platform/crc32.js';

const PRELUDE_BYTES = 12;
const MIN_MESSAGE_BYTES = 16;
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

export type HeaderValue = boolean | number | bigint | string | Uint8Array;

export interface EventStreamMessage {
  headers: Record<string, HeaderValue>;
  payload: Uint8Array;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

const corrupt = (detail: string) => new RelayError(502, 'bad_event_stream', `upstream sent a corrupt event stream: ${detail}`, 'upstream');

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function parseHeaders(bytes: Uint8Array): Record<string, HeaderValue> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headers: Record<string, HeaderValue> = {};
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw corrupt('a header runs past the headers section');
  };
  while (at < bytes.length) {
    need(1);
    const nameLength = bytes[at++];
    need(nameLength + 1);
    const name = decoder.decode(bytes.subarray(at, at + nameLength));
    at += nameLength;
    const type = bytes[at++];
    let value: HeaderValue;
    switch (type) {
      case 0:
        value = true;
        break;
      case 1:
        value = false;
        break;
      case 2:
        need(1);
        value = view.getInt8(at);
        at += 1;
        break;
      case 3:
        need(2);
        value = view.getInt16(at);
        at += 2;
        break;
      case 4:
        need(4);
        value = view.getInt32(at);
        at += 4;
        break;
      case 5:
      case 8: // timestamp: milliseconds since the epoch
        need(8);
        value = view.getBigInt64(at);
        at += 8;
        break;
      case 6:
      case 7: {
        need(2);
        const length = view.getUint16(at);
        at += 2;
        need(length);
        const raw = bytes.subarray(at, at + length);
        value = type === 7 ? decoder.decode(raw) : raw.slice();
        at += length;
        break;
      }
      case 9:
        need(16);
        value = Buffer.from(bytes.subarray(at, at + 16)).toString('hex');
        at += 16;
        break;
      default:
        throw corrupt(`unknown header value type ${type}`);
    }
    headers[name] = value;
  }
  return headers;
}

export class EventStreamDecoder {
  private chunks: Uint8Array[] = [];
  private size = 0;
  /** Buffered bytes needed before decoding can progress (a prelude, then a whole message). */
  private need = PRELUDE_BYTES;
  private failed: RelayError | undefined;

  /** Feeds body bytes; returns the messages they completed. Throws a RelayError on corrupt data. */
  push(chunk: Uint8Array): EventStreamMessage[] {
    if (this.failed) throw this.failed;
    if (!chunk.length) return [];
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size < this.need) return [];
    try {
      return this.decode();
    } catch (err) {
      this.failed = err instanceof RelayError ? err : corrupt('unreadable message');
      this.chunks = [];
      this.size = 0;
      throw this.failed;
    }
  }

  /** The body ended: anything left over is a truncated message. */
  end(): void {
    if (this.failed) throw this.failed;
    if (this.size) throw corrupt(`the stream ended inside a message (${this.size} bytes left over)`);
  }

  private decode(): EventStreamMessage[] {
    const data = this.chunks.length === 1 ? this.chunks[0] : concat(this.chunks, this.size);
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const messages: EventStreamMessage[] = [];
    let offset = 0;
    for (;;) {
      const left = data.length - offset;
      if (left < PRELUDE_BYTES) {
        this.need = PRELUDE_BYTES;
        break;
      }
      const total = view.getUint32(offset);
      const headersLength = view.getUint32(offset + 4);
      // The prelude is checked first, so a corrupt length never makes us wait for bytes that will not come.
      if (crc32(data.subarray(offset, offset + 8)) !== view.getUint32(offset + 8)) throw corrupt('prelude checksum mismatch');
      if (total < MIN_MESSAGE_BYTES || total > MAX_MESSAGE_BYTES) throw corrupt(`message length ${total} out of range`);
      if (headersLength > total - MIN_MESSAGE_BYTES) throw corrupt('headers longer than the message');
      if (left < total) {
        this.need = total;
        break;
      }
      const end = offset + total;
      if (crc32(data.subarray(offset, end - 4)) !== view.getUint32(end - 4)) throw corrupt('message checksum mismatch');
      const headersStart = offset + PRELUDE_BYTES;
      const payloadStart = headersStart + headersLength;
      messages.push({ headers: parseHeaders(data.subarray(headersStart, payloadStart)), payload: data.subarray(payloadStart, end - 4) });
      offset = end;
    }
    const rest = data.subarray(offset);
    this.chunks = rest.length ? [rest] : [];
    this.size = rest.length;
    return messages;
  }
}
