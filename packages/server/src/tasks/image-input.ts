import { invalidRequest } from '../relay/relay-error.js';

/** Largest image a task may carry, decoded. Midjourney and face swapping take photos, not archives. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const DATA_URL = /^data:([^;,]*)(?:;[^;,]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** The formats an image upload may have, recognised by their first bytes. */
function imageFormatOf(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (bytes.length >= 2 && bytes.subarray(0, 2).toString('latin1') === 'BM') return 'bmp';
  return null;
}

/**
 * Checks one base64 image field (bare base64 or a `data:image/...;base64,` URL) before anything is
 * charged or sent upstream: it must decode, be at most MAX_IMAGE_BYTES and really be an image.
 * Throws a 400 naming the field otherwise.
 */
export function assertBase64Image(field: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') throw invalidRequest(`${field} must be a base64-encoded image`, 'invalid_image');
  const text = value.trim();
  const dataUrl = DATA_URL.exec(text);
  if (dataUrl && dataUrl[1] && !dataUrl[1].toLowerCase().startsWith('image/')) {
    throw invalidRequest(`${field} is not an image (its data URL says ${dataUrl[1]})`, 'invalid_image');
  }
  const payload = dataUrl ? text.slice(dataUrl[0].length) : text;
  // Check the size before decoding: 4 base64 characters carry 3 bytes.
  const approxBytes = Math.floor((payload.replace(/\s/g, '').length * 3) / 4);
  if (approxBytes > MAX_IMAGE_BYTES + 2) {
    throw invalidRequest(`${field} is too large: ${(approxBytes / 1024 / 1024).toFixed(1)} MB; an image may be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`, 'image_too_large');
  }
  if (!BASE64.test(payload)) throw invalidRequest(`${field} is not valid base64`, 'invalid_image');
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0) throw invalidRequest(`${field} must be a base64-encoded image`, 'invalid_image');
  if (!imageFormatOf(bytes)) throw invalidRequest(`${field} is not an image; send PNG, JPEG, GIF, WEBP or BMP`, 'invalid_image');
}

/** Checks a list of base64 images with a count range (blend takes 2 to 5). */
export function assertBase64Images(field: string, value: unknown, min: number, max: number): void {
  if (!Array.isArray(value)) throw invalidRequest(`${field} must be a list of base64-encoded images`, 'invalid_image');
  if (value.length < min || value.length > max) {
    throw invalidRequest(min === max ? `${field} must hold ${min} images` : `${field} must hold ${min} to ${max} images, got ${value.length}`, 'invalid_image');
  }
  value.forEach((v, i) => assertBase64Image(`${field}[${i}]`, v));
}
