import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { RelayError, invalidRequest } from '../relay-error.js';

type Inflate = (body: Buffer, options: zlib.ZlibOptions | zlib.BrotliOptions) => Promise<Buffer>;

const gunzip: Inflate = promisify(zlib.gunzip);
const inflate: Inflate = promisify(zlib.inflate);
const inflateRaw: Inflate = promisify(zlib.inflateRaw);
const brotli: Inflate = promisify(zlib.brotliDecompress);

/** RFC 9110 `deflate` is zlib-wrapped, but some clients send raw deflate: a zlib header tells them apart. */
const inflateEither: Inflate = (body, options) => (hasZlibHeader(body) ? inflate(body, options) : inflateRaw(body, options));

const DECODERS: Record<string, Inflate> = { gzip: gunzip, 'x-gzip': gunzip, deflate: inflateEither, br: brotli };

function hasZlibHeader(b: Buffer): boolean {
  return b.length >= 2 && (b[0] & 0x0f) === 8 && ((b[0] << 8) | b[1]) % 31 === 0;
}

/**
 * Undoes a request's Content-Encoding (gzip, deflate, br, or a list of them in the order applied), as
 * new-api does before parsing. The decoded size is capped at `limitBytes` while inflating (zlib stops at
 * `maxOutputLength`), so a small bomb never allocates more than the body limit.
 *
 * Throws a RelayError: 415 for an encoding we do not know, 413 past the limit, 400 for corrupt data.
 */
export async function decodeContentEncoding(body: Buffer, contentEncoding: string, limitBytes: number): Promise<Buffer> {
  const codings = contentEncoding.toLowerCase().split(',').map((c) => c.trim()).filter((c) => c !== '' && c !== 'identity');
  for (const coding of codings) {
    if (!DECODERS[coding]) throw new RelayError(415, 'unsupported_content_encoding', `Content-Encoding "${coding}" is not supported; send gzip, deflate, br or an uncompressed body`, 'client', 'invalid_request_error');
  }
  let out = body;
  // The last coding listed was applied last, so it comes off first.
  for (let i = codings.length - 1; i >= 0 && out.length > 0; i--) {
    try {
      out = await DECODERS[codings[i]](out, { maxOutputLength: limitBytes });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new RelayError(413, 'request_too_large', `the request body is larger than ${formatLimit(limitBytes)} once decompressed`, 'client', 'invalid_request_error');
      }
      throw invalidRequest(`the request body could not be decompressed as ${codings[i]}: ${(err as Error).message}`);
    }
  }
  return out;
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 100) / 100} MB` : `${bytes} bytes`;
}
