import { deflateSync } from 'node:zlib';
import { crc32 } from '../platform/crc32.js';

/** A width × height RGBA image, 4 bytes per pixel, rows top to bottom. */
export interface RgbaImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export function createImage(width: number, height: number): RgbaImage {
  return { width, height, pixels: new Uint8Array(width * height * 4) };
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/**
 * Encodes an RGBA image as PNG (8-bit truecolour with alpha), with no native dependency: each row uses
 * the "Sub" filter (difference to the pixel on the left), which keeps gradients small once deflated.
 */
export function encodePng(image: RgbaImage): Buffer {
  const { width, height, pixels } = image;
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    raw[row] = 1;
    for (let i = 0; i < stride; i++) {
      const left = i >= 4 ? pixels[y * stride + i - 4] : 0;
      raw[row + 1 + i] = (pixels[y * stride + i] - left) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 4 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
