import { QuotaType, type ModelHubEntry, type PricingEntry } from '@gw/contracts';

/** Model ratio 1 costs 2 USD per million prompt tokens (spec 3 §9). */
export const USD_PER_MILLION_AT_RATIO_1 = 2;
export const MODEL_HUB_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;
/** At most this many tags are shown per model (spec 3 §9). */
export const MAX_TAGS = 10;

/** A model as the catalogue shows it: the price row joined with its hub entry. */
export interface ModelRow {
  name: string;
  perCall: boolean;
  modelRatio: number;
  completionRatio: number;
  modelPrice: number;
  enableGroups: string[];
  description: string;
  icon: string;
  tags: string[];
  maxTokens: number;
}

export function parseTags(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((t) => t.trim()).filter(Boolean))];
}

/** Joins prices with the hub entries by model name; models the hub marks hidden are left out. */
export function mergeModels(pricing: PricingEntry[], hub: ModelHubEntry[]): ModelRow[] {
  const byName = new Map(hub.map((h) => [h.name, h]));
  return pricing
    .filter((p) => !byName.get(p.model_name)?.hide)
    .map((p) => {
      const h = byName.get(p.model_name);
      return {
        name: p.model_name,
        perCall: p.quota_type !== QuotaType.PerToken,
        modelRatio: p.model_ratio ?? 0,
        completionRatio: p.completion_ratio ?? 1,
        modelPrice: p.model_price ?? 0,
        enableGroups: p.enable_groups ?? [],
        description: h?.desc ?? '',
        icon: h?.icon ?? '',
        tags: parseTags(h?.tags),
        maxTokens: h?.max_token ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Prompt and completion price in USD per million tokens: ratio × 2 × group ratio, × completion ratio for output. */
export function tokenPrices(row: ModelRow, groupRatio: number): { input: number; output: number } {
  const input = row.modelRatio * USD_PER_MILLION_AT_RATIO_1 * groupRatio;
  return { input, output: input * row.completionRatio };
}

/** Price of one call in USD: model price × group ratio. */
export function callPrice(row: ModelRow, groupRatio: number): number {
  return row.modelPrice * groupRatio;
}

/** Case-insensitive match on the name, tags and description. */
export function matchesSearch(row: ModelRow, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return row.name.toLowerCase().includes(q) || row.tags.some((t) => t.toLowerCase().includes(q)) || row.description.toLowerCase().includes(q);
}

/** A USD amount in the shown currency: 2–4 decimals, multiplied by `rate` (the status `price` for Chinese). */
export function formatPrice(usd: number, rate: number, symbol: string): string {
  const value = usd * rate;
  return `${symbol}${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`;
}
