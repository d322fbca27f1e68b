import { describe, expect, it } from 'vitest';
import { MultipartError, decodeMultipart, multipartBoundary } from './multipart-decoder.js';

const boundary = 'XyZ123';
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n`),
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a b.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`),
  Buffer.from([0, 1, 2, 13, 10, 255]),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

describe('multipart decoding', () => {
  it('reads the boundary from the content type, quoted or not', () => {
    expect(multipartBoundary('multipart/form-data; boundary=XyZ123')).toBe('XyZ123');
    expect(multipartBoundary('multipart/form-data; boundary="a;b"')).toBe('a;b');
    expect(multipartBoundary('application/json')).toBeNull();
  });

  it('decodes text fields and binary files byte for byte', () => {
    const fields = decodeMultipart(body, boundary);
    expect(fields[0]).toEqual({ name: 'model', value: 'whisper-1' });
    expect(fields[1]).toEqual({ name: 'file', value: { filename: 'a b.mp3', contentType: 'audio/mpeg', data: new Uint8Array([0, 1, 2, 13, 10, 255]) } });
  });

  it('reads names escaped the WHATWG way (%22, %0D, %0A)', () => {
    const b = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="my %22cat%22%0A.png"\r\n\r\nx\r\n--${boundary}--`);
    expect(decodeMultipart(b, boundary)[0].value).toMatchObject({ filename: 'my "cat"\n.png' });
  });

  it('rejects bodies without the boundary or with an unterminated part', () => {
    expect(() => decodeMultipart(Buffer.from('hello'), boundary)).toThrow(MultipartError);
    expect(() => decodeMultipart(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nvalue`), boundary)).toThrow(MultipartError);
    expect(() => decodeMultipart(Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nv\r\n--${boundary}--`), boundary)).toThrow(/no name/);
  });
});
