import type { MultipartField } from '../providers/provider-adapter.js';

export class MultipartError extends Error {}

/** The boundary of a multipart/form-data content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]).trim() : null;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const MAX_PARTS = 1000;

/**
 * Decodes a complete multipart/form-data body (RFC 7578) into fields: text values as strings, file
 * parts (those with a filename) as bytes with their name and type. Malformed input throws MultipartError.
 */
export function decodeMultipart(body: Buffer, boundary: string): MultipartField[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: MultipartField[] = [];
  let pos = body.indexOf(delimiter);
  if (pos === -1) throw new MultipartError('the multipart body does not contain its boundary');
  while (fields.length <= MAX_PARTS) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return fields; // closing "--"
    if (body.indexOf(CRLF, pos) !== pos) throw new MultipartError('malformed multipart boundary line');
    pos += CRLF.length;
    const headerEnd = body.indexOf(HEADER_END, pos);
    if (headerEnd === -1) throw new MultipartError('a multipart part has no header end');
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('utf8'));
    const contentStart = headerEnd + HEADER_END.length;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), contentStart);
    if (next === -1) throw new MultipartError('a multipart part is not terminated');
    const content = body.subarray(contentStart, next);
    const disposition = headers['content-disposition'] ?? '';
    const name = param(disposition, 'name');
    if (name === undefined) throw new MultipartError('a multipart part has no name');
    const filename = param(disposition, 'filename');
    fields.push(
      filename === undefined
        ? { name, value: content.toString('utf8') }
        : { name, value: { filename, contentType: headers['content-type'] ?? 'application/octet-stream', data: new Uint8Array(content) } },
    );
    pos = next + CRLF.length;
  }
  throw new MultipartError(`a multipart body may have at most ${MAX_PARTS} parts`);
}

function parseHeaders(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function param(header: string, key: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ?? new RegExp(`(?:^|;)\\s*${key}=([^;]*)`, 'i').exec(header);
  // Browsers and fetch's FormData write ", CR and LF in names as %22, %0D, %0A (WHATWG); older clients backslash-escape.
  return match ? match[1].replace(/\\(.)/g, '$1').replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n') : undefined;
}
