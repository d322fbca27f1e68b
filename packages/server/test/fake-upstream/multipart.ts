/** Parses multipart/form-data bodies (what the fake upstream received, and adapter round-trip tests). */
import type { MultipartField } from '../../src/relay/providers/provider-adapter.js';

const boundaryOf = (contentType: string): string | undefined => /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType)?.slice(1).find(Boolean);

const unquote = (value: string): string => value.replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n');

export function parseMultipart(body: Uint8Array, contentType: string): MultipartField[] {
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new Error(`no multipart boundary in "${contentType}"`);
  const buffer = Buffer.from(body);
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: MultipartField[] = [];
  let start = buffer.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (buffer.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = buffer.indexOf(delimiter, afterDelimiter);
    if (next === -1) throw new Error('multipart body has no closing boundary');
    const part = buffer.subarray(afterDelimiter + 2, next - 2); // skip CRLF after the delimiter and before the next
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const data = part.subarray(headerEnd + 4);
    const name = /(?:^|;\s*)name="([^"]*)"/i.exec(headers)?.[1] ?? '';
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    fields.push(
      filename === undefined
        ? { name: unquote(name), value: data.toString('utf8') }
        : { name: unquote(name), value: { filename: unquote(filename), contentType: type ?? 'application/octet-stream', data: new Uint8Array(data) } },
    );
    start = next;
  }
  return fields;
}
