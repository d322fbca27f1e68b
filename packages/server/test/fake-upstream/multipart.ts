/** Parses multipart/form-data bodies (what the fake upstream received, and adapter round-trip tests). */
import type { MultipartField } from '../../src/relay/providers/provider-adapter.js';
import { decodeMultipart, multipartBoundary } from '../../src/relay/http/multipart-decoder.js';

export function parseMultipart(body: Uint8Array, contentType: string): MultipartField[] {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new Error(`no multipart boundary in "${contentType}"`);
  return decodeMultipart(Buffer.from(body), boundary);
}
