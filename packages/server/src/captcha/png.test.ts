import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { createImage, encodePng } from './png.js';

/** Reads back our own PNG: chunk CRCs aside, enough to check the pixels survive the Sub filter. */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  const types: string[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    types.push(type);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 6]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += length + 12;
  }
  expect(types).toEqual(['IHDR', 'IDAT', 'IEND']);
  const raw = inflateSync(Buffer.concat(idat));
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 4 + 1)]).toBe(1);
    for (let i = 0; i < width * 4; i++) {
      const left = i >= 4 ? pixels[y * width * 4 + i - 4] : 0;
      pixels[y * width * 4 + i] = (raw[y * (width * 4 + 1) + 1 + i] + left) & 0xff;
    }
  }
  return { width, height, pixels };
}

describe('PNG encoder', () => {
  it('writes a valid RGBA PNG whose pixels decode back unchanged', () => {
    const image = createImage(7, 3);
    for (let i = 0; i < image.pixels.length; i++) image.pixels[i] = (i * 37 + 11) & 0xff;
    const decoded = decode(encodePng(image));
    expect(decoded.width).toBe(7);
    expect(decoded.height).toBe(3);
    expect(decoded.pixels).toEqual(image.pixels);
  });
});
