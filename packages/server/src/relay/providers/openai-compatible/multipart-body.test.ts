import { describe, expect, it } from 'vitest';
import { parseMultipart } from '../../../../test/fake-upstream/multipart.js';
import { encodeMultipart, withModelField } from './multipart-body.js';

describe('encodeMultipart', () => {
  it('round-trips text fields and binary files through a multipart parser', () => {
    const audio = new Uint8Array([0, 1, 2, 255, 13, 10, 45, 45]);
    const encoded = encodeMultipart([
      { name: 'model', value: 'whisper-1' },
      { name: 'file', value: { filename: 'speech.mp3', contentType: 'audio/mpeg', data: audio } },
      { name: 'prompt', value: 'héllo\r\nworld' },
    ]);
    expect(encoded.contentType).toMatch(/^multipart\/form-data; boundary=----gateway[0-9a-f]{24}$/);
    const fields = parseMultipart(encoded.body, encoded.contentType);
    expect(fields).toEqual([
      { name: 'model', value: 'whisper-1' },
      { name: 'file', value: { filename: 'speech.mp3', contentType: 'audio/mpeg', data: audio } },
      { name: 'prompt', value: 'héllo\r\nworld' },
    ]);
  });

  it('escapes quotes and line breaks in field and file names', () => {
    const encoded = encodeMultipart([{ name: 'image', value: { filename: 'my "cat"\n.png', contentType: 'image/png', data: new Uint8Array([1]) } }], 'b');
    const text = Buffer.from(encoded.body).toString('latin1');
    expect(text).toContain('filename="my %22cat%22%0A.png"');
    expect(parseMultipart(encoded.body, encoded.contentType)[0].value).toMatchObject({ filename: 'my "cat"\n.png' });
  });

  it('writes the exact RFC 7578 framing', () => {
    const encoded = encodeMultipart([{ name: 'a', value: '1' }], 'XYZ');
    expect(Buffer.from(encoded.body).toString()).toBe('--XYZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--XYZ--\r\n');
  });
});

describe('withModelField', () => {
  it('replaces the model in place and drops duplicates', () => {
    expect(
      withModelField(
        [
          { name: 'file', value: 'x' },
          { name: 'model', value: 'whisper-1' },
          { name: 'model', value: 'again' },
        ],
        'azure-whisper',
      ),
    ).toEqual([
      { name: 'file', value: 'x' },
      { name: 'model', value: 'azure-whisper' },
    ]);
  });

  it('adds the model when the client sent none', () => {
    expect(withModelField([{ name: 'prompt', value: 'p' }], 'm')).toEqual([
      { name: 'prompt', value: 'p' },
      { name: 'model', value: 'm' },
    ]);
  });
});
