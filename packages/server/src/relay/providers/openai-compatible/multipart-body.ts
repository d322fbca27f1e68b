/** A small multipart/form-data encoder for audio and image uploads (RFC 7578). */
import { randomBytes } from 'node:crypto';
import type { MultipartField } from '../provider-adapter.js';

export interface EncodedMultipart {
  body: Uint8Array;
  contentType: string;
}

/** Quotes a name or filename the way browsers do: `"`, CR and LF are percent-encoded. */
const quoted = (value: string): string => `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;

export function encodeMultipart(fields: readonly MultipartField[], boundary = `----gateway${randomBytes(12).toString('hex')}`): EncodedMultipart {
  const parts: Buffer[] = [];
  for (const field of fields) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(field.name)}`;
    if (typeof field.value === 'string') {
      parts.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.from(field.value, 'utf8'));
    } else {
      head += `; filename=${quoted(field.value.filename)}\r\nContent-Type: ${field.value.contentType || 'application/octet-stream'}`;
      parts.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), Buffer.from(field.value.data));
    }
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The fields with `model` set to the upstream name, in place (appended when the client sent none). */
export function withModelField(fields: readonly MultipartField[], model: string): MultipartField[] {
  let replaced = false;
  const out: MultipartField[] = [];
  for (const field of fields) {
    if (field.name !== 'model') out.push(field);
    else if (!replaced) {
      out.push({ name: 'model', value: model });
      replaced = true;
    }
  }
  if (!replaced) out.push({ name: 'model', value: model });
  return out;
}
