import { randomInt } from 'node:crypto';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from '@gw/contracts';
import { createImage, encodePng, type RgbaImage } from './png.js';

/** The piece's box; the jigsaw shape inside it is a 40 px square with a knob on the top and the right. */
export const PIECE_SIZE = 56;
const MARGIN = 8;

type Rgb = readonly [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

export interface SliderPuzzle {
  /** The background with a shaded hole where the piece belongs (PNG). */
  background: Buffer;
  /** The piece, transparent outside its shape (PNG). */
  piece: Buffer;
  /** Where the piece's box belongs: x is the secret answer, y is shown to the client. */
  x: number;
  y: number;
}

function insidePiece(px: number, py: number): boolean {
  const inSquare = px >= 4 && px < 44 && py >= 12 && py < 52;
  const inTopKnob = (px - 24) ** 2 + (py - 12) ** 2 <= 64;
  const inRightKnob = (px - 44) ** 2 + (py - 32) ** 2 <= 64;
  return inSquare || inTopKnob || inRightKnob;
}

/** Inside the shape but within 2 px of its outline. */
function onPieceEdge(px: number, py: number): boolean {
  if (!insidePiece(px, py)) return false;
  for (const [dx, dy] of [[-2, 0], [2, 0], [0, -2], [0, 2]]) if (!insidePiece(px + dx, py + dy)) return true;
  return false;
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);

function hsl(h: number, s: number, l: number): Rgb {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function blend(img: RgbaImage, x: number, y: number, colour: Rgb, alpha: number) {
  const [r, g, b] = colour;
  const i = (y * img.width + x) * 4;
  const p = img.pixels;
  p[i] = Math.round(p[i] * (1 - alpha) + r * alpha);
  p[i + 1] = Math.round(p[i + 1] * (1 - alpha) + g * alpha);
  p[i + 2] = Math.round(p[i + 2] * (1 - alpha) + b * alpha);
  p[i + 3] = 255;
}

/** A random abstract picture: a diagonal two-colour gradient under translucent circles and bands. */
function paintBackground(): RgbaImage {
  const img = createImage(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const hue = rand(0, 360);
  const from = hsl(hue, 0.55, 0.55);
  const to = hsl((hue + rand(90, 200)) % 360, 0.55, 0.45);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const t = (x / img.width + y / img.height) / 2;
      const i = (y * img.width + x) * 4;
      img.pixels[i] = from[0] + (to[0] - from[0]) * t;
      img.pixels[i + 1] = from[1] + (to[1] - from[1]) * t;
      img.pixels[i + 2] = from[2] + (to[2] - from[2]) * t;
      img.pixels[i + 3] = 255;
    }
  }
  for (let n = 0; n < 14; n++) {
    const colour = hsl(rand(0, 360), rand(0.4, 0.8), rand(0.3, 0.75));
    const alpha = rand(0.25, 0.6);
    if (n % 3 === 2) {
      // a slanted band
      const x0 = rand(0, img.width);
      const slope = rand(-1.5, 1.5);
      const half = rand(3, 10);
      for (let y = 0; y < img.height; y++) {
        const centre = x0 + slope * (y - img.height / 2);
        for (let x = Math.max(0, Math.floor(centre - half)); x < Math.min(img.width, centre + half); x++) blend(img, x, y, colour, alpha);
      }
    } else {
      const cx = rand(0, img.width);
      const cy = rand(0, img.height);
      const r = rand(12, 45);
      for (let y = Math.max(0, Math.floor(cy - r)); y < Math.min(img.height, cy + r); y++) {
        for (let x = Math.max(0, Math.floor(cx - r)); x < Math.min(img.width, cx + r); x++) {
          if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) blend(img, x, y, colour, alpha);
        }
      }
    }
  }
  return img;
}

/**
 * A new puzzle: the piece is cut from a random picture at a random place, and that place is shaded on
 * the background. The client only learns y; x is what the user has to find by sliding.
 */
export function createSliderPuzzle(): SliderPuzzle {
  const picture = paintBackground();
  const x = randomInt(PIECE_SIZE + 2 * MARGIN, CAPTCHA_WIDTH - PIECE_SIZE - MARGIN + 1);
  const y = randomInt(MARGIN, CAPTCHA_HEIGHT - PIECE_SIZE - MARGIN + 1);
  const piece = createImage(PIECE_SIZE, PIECE_SIZE);
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!insidePiece(px, py)) continue;
      const src = ((y + py) * picture.width + (x + px)) * 4;
      const dst = (py * PIECE_SIZE + px) * 4;
      piece.pixels.set(picture.pixels.subarray(src, src + 4), dst);
      if (onPieceEdge(px, py)) blend(piece, px, py, WHITE, 0.7);
    }
  }
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!insidePiece(px, py)) continue;
      blend(picture, x + px, y + py, onPieceEdge(px, py) ? WHITE : BLACK, onPieceEdge(px, py) ? 0.35 : 0.55);
    }
  }
  return { background: encodePng(picture), piece: encodePng(piece), x, y };
}
