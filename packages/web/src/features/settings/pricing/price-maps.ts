import type { OptionChange } from '../option-fields';

/**
 * Model prices as the options store them (spec 2 §3 Pricing, §9): ModelPrice is a fixed USD price per
 * call, ModelRatio the input ratio (1 = $2 per 1M tokens), CompletionRatio output price / input price.
 * A model is billed per request when it has a fixed price, per token when it has a ratio.
 */
export const PRICE_OPTION_KEYS = ['ModelPrice', 'ModelRatio', 'CompletionRatio'] as const;
export type PriceOptionKey = (typeof PRICE_OPTION_KEYS)[number];
export type PriceMaps = Record<PriceOptionKey, Record<string, number>>;

export type PricingMode = 'per-token' | 'per-request';
export type ModelPricing = { mode: 'per-request'; price: number } | { mode: 'per-token'; ratio: number; completionRatio?: number };

export interface PricingRow {
  name: string;
  mode: PricingMode;
  price?: number;
  ratio?: number;
  completionRatio?: number;
}

/** USD per 1M input tokens at model ratio 1. */
export const USD_PER_MILLION_AT_RATIO_1 = 2;
export const PRICING_PAGE_SIZE = 10;

/** Drops float noise (0.1 × 3 → 0.3) so converted values read and store cleanly. */
export function tidy(n: number): number {
  return Number(n.toPrecision(12));
}

export const ratioToInputPrice = (ratio: number): number => tidy(ratio * USD_PER_MILLION_AT_RATIO_1);
export const inputPriceToRatio = (price: number): number => tidy(price / USD_PER_MILLION_AT_RATIO_1);
export const completionRatioOf = (inputPrice: number, outputPrice: number): number => tidy(outputPrice / inputPrice);
export const outputPriceOf = (inputPrice: number, completionRatio: number): number => tidy(inputPrice * completionRatio);

/** A JSON map of numbers from an option string; anything unreadable, or not a number, is left out. */
export function numberMap(raw: string | undefined): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'));
  } catch {
    return {};
  }
}

/** The three price maps from GET /api/option/ strings (an unreadable map counts as empty). */
export function parsePriceMaps(options: Record<string, string>): PriceMaps {
  return { ModelPrice: numberMap(options.ModelPrice), ModelRatio: numberMap(options.ModelRatio), CompletionRatio: numberMap(options.CompletionRatio) };
}

export function hasModel(maps: PriceMaps, name: string): boolean {
  return name in maps.ModelPrice || name in maps.ModelRatio || name in maps.CompletionRatio;
}

/** Every model in any of the maps, sorted by name; a fixed price makes it per request. */
export function pricingRows(maps: PriceMaps): PricingRow[] {
  const names = new Set([...Object.keys(maps.ModelPrice), ...Object.keys(maps.ModelRatio), ...Object.keys(maps.CompletionRatio)]);
  return [...names].sort().map((name) => {
    const price = maps.ModelPrice[name];
    if (price !== undefined) return { name, mode: 'per-request', price };
    return { name, mode: 'per-token', ratio: maps.ModelRatio[name], completionRatio: maps.CompletionRatio[name] };
  });
}

function without(map: Record<string, number>, name: string): Record<string, number> {
  const { [name]: _removed, ...rest } = map;
  return rest;
}

/** Sets one model's pricing; per request clears its ratios, per token clears its fixed price. */
export function setModelPricing(maps: PriceMaps, name: string, pricing: ModelPricing): PriceMaps {
  if (pricing.mode === 'per-request') {
    return { ModelPrice: { ...maps.ModelPrice, [name]: pricing.price }, ModelRatio: without(maps.ModelRatio, name), CompletionRatio: without(maps.CompletionRatio, name) };
  }
  return {
    ModelPrice: without(maps.ModelPrice, name),
    ModelRatio: { ...maps.ModelRatio, [name]: pricing.ratio },
    CompletionRatio: pricing.completionRatio === undefined ? without(maps.CompletionRatio, name) : { ...maps.CompletionRatio, [name]: pricing.completionRatio },
  };
}

/** The same pricing for several models (batch set). */
export function setPricingFor(maps: PriceMaps, names: readonly string[], pricing: ModelPricing): PriceMaps {
  return names.reduce((acc, name) => setModelPricing(acc, name, pricing), maps);
}

export function removeModel(maps: PriceMaps, name: string): PriceMaps {
  return { ModelPrice: without(maps.ModelPrice, name), ModelRatio: without(maps.ModelRatio, name), CompletionRatio: without(maps.CompletionRatio, name) };
}

function sameMap(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] === a[k]);
}

/** The option saves that turn the loaded maps into `next`: only the maps that differ, one PUT each. */
export function priceMapChanges(loaded: PriceMaps, next: PriceMaps): OptionChange[] {
  return PRICE_OPTION_KEYS.filter((key) => !sameMap(loaded[key], next[key])).map((key) => ({ key, value: JSON.stringify(next[key]) }));
}

/** How many models are priced differently in `next` (added, changed or removed): the editor's pending count. */
export function changedModelCount(loaded: PriceMaps, next: PriceMaps): number {
  const names = new Set<string>();
  for (const key of PRICE_OPTION_KEYS) for (const name of [...Object.keys(loaded[key]), ...Object.keys(next[key])]) if (loaded[key][name] !== next[key][name]) names.add(name);
  return names.size;
}

/** Models enabled on channels that have neither a fixed price nor a ratio (they cannot be billed). */
export function unpricedModels(enabled: readonly string[], maps: PriceMaps): string[] {
  return [...new Set(enabled)].filter((m) => !(m in maps.ModelPrice) && !(m in maps.ModelRatio)).sort();
}

/** Rows whose name contains the search text (case-insensitive). */
export function filterRows<T extends { name: string }>(rows: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  return needle === '' ? [...rows] : rows.filter((r) => r.name.toLowerCase().includes(needle));
}
