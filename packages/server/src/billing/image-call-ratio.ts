/**
 * Per-call image models are priced for one standard image (ModelPrice: DALL·E 2 at 1024×1024, DALL·E 3
 * standard 1024×1024). A request for several images, a larger size or HD quality costs that many
 * times more, by OpenAI's published prices.
 */

/** Price of a size (and quality) ÷ the price of the standard image, by model family. */
const SIZE_QUALITY_RATIOS: readonly { family: string; standard: Readonly<Record<string, number>>; hd?: Readonly<Record<string, number>> }[] = [
  // $0.016, $0.018, $0.020
  { family: 'dall-e-2', standard: { '256x256': 0.8, '512x512': 0.9, '1024x1024': 1 } },
  // standard $0.040 / $0.080, HD $0.080 / $0.120
  { family: 'dall-e-3', standard: { '1024x1024': 1, '1024x1792': 2, '1792x1024': 2 }, hd: { '1024x1024': 2, '1024x1792': 3, '1792x1024': 3 } },
];

/** Most images one request is billed for; the providers allow at most 10. */
const MAX_IMAGES = 128;

export interface ImageCall {
  /** Images asked for (`n`, default 1). */
  count: number;
  /** Size and quality multiplier of the model's per-call price (1 for the standard image or an unknown model). */
  ratio: number;
}

const textOf = (v: unknown): string | undefined => (typeof v === 'string' ? v.trim().toLowerCase() : typeof v === 'number' ? String(v) : undefined);

/** What an image request asks for, from its `n`, `size` and `quality` (JSON values or multipart field texts). */
export function imageCallOf(model: string, fields: { n?: unknown; size?: unknown; quality?: unknown }): ImageCall {
  const n = Number(textOf(fields.n) ?? 1);
  const count = Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_IMAGES) : 1;
  const name = model.toLowerCase();
  const family = SIZE_QUALITY_RATIOS.find((f) => name === f.family || name.startsWith(`${f.family}-`));
  if (!family) return { count, ratio: 1 };
  const size = textOf(fields.size) ?? '1024x1024';
  const table = textOf(fields.quality) === 'hd' && family.hd ? family.hd : family.standard;
  return { count, ratio: Object.hasOwn(table, size) ? table[size] : 1 };
}
