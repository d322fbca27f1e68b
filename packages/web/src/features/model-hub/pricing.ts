import { QuotaType, type EndpointInfo, type ModelHubEntry, type PricingEntry, type PricingVendor } from '@gw/contracts';

/** Model ratio 1 costs 2 USD per million prompt tokens (spec 3 §9). */
export const USD_PER_MILLION_AT_RATIO_1 = 2;
export const MODEL_HUB_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 500;
/** At most this many tags are shown per model (spec 3 §9). */
export const MAX_TAGS = 10;

/** A model as the catalogue shows it: the price row (with its metadata) joined with its hub entry. */
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
  /** Context window in tokens: the hub entry's, else the metadata's; 0 when unknown. */
  contextLength: number;
  /** What the model's metadata says besides (empty or 0 when it says nothing). */
  facts: ModelFacts;
  /** 0 when the model has no vendor. */
  vendorId: number;
  /** The endpoint types it can be called on, the usual one first. */
  endpointTypes: string[];
  /** What the model prices apart from text, as the pricing entry gives it (per-token models only). */
  extras: Pick<PricingEntry, 'cache_ratio' | 'cache_creation_ratio' | 'audio_ratio' | 'audio_completion_ratio' | 'image_ratio' | 'long_context'>;
}

export interface ModelFacts {
  maxOutput: number;
  inputModalities: string[];
  outputModalities: string[];
  knowledgeCutoff: string;
  releaseDate: string;
  parameterCount: string;
}

function factsOf(p: PricingEntry): ModelFacts {
  return {
    maxOutput: p.max_output_tokens ?? 0,
    inputModalities: parseTags(p.input_modalities),
    outputModalities: parseTags(p.output_modalities),
    knowledgeCutoff: p.knowledge_cutoff ?? '',
    releaseDate: p.release_date ?? '',
    parameterCount: p.parameter_count ?? '',
  };
}

export function parseTags(value: string | undefined): string[] {
  return [...new Set((value ?? '').split(',').map((t) => t.trim()).filter(Boolean))];
}

/**
 * Joins prices with the hub entries by model name; models the hub marks hidden are left out. A hub
 * entry's description and icon win over the model's metadata, tags are both sets, and a model without
 * an icon shows its vendor's.
 */
export function mergeModels(pricing: PricingEntry[], hub: ModelHubEntry[], vendors: readonly PricingVendor[] = []): ModelRow[] {
  const byName = new Map(hub.map((h) => [h.name, h]));
  const vendorIcons = new Map(vendors.map((v) => [v.id, v.icon ?? '']));
  return pricing
    .filter((p) => !byName.get(p.model_name)?.hide)
    .map((p) => {
      const h = byName.get(p.model_name);
      const vendorId = p.vendor_id ?? 0;
      return {
        name: p.model_name,
        perCall: p.quota_type !== QuotaType.PerToken,
        modelRatio: p.model_ratio ?? 0,
        completionRatio: p.completion_ratio ?? 1,
        modelPrice: p.model_price ?? 0,
        enableGroups: p.enable_groups ?? [],
        description: h?.desc || p.description || '',
        icon: h?.icon || p.icon || vendorIcons.get(vendorId) || '',
        tags: parseTags([h?.tags, p.tags].filter(Boolean).join(',')),
        contextLength: h?.max_token || p.context_length || 0,
        facts: factsOf(p),
        vendorId,
        endpointTypes: p.supported_endpoint_types ?? [],
        extras: {
          cache_ratio: p.cache_ratio,
          cache_creation_ratio: p.cache_creation_ratio,
          audio_ratio: p.audio_ratio,
          audio_completion_ratio: p.audio_completion_ratio,
          image_ratio: p.image_ratio,
          long_context: p.long_context,
        },
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Prompt and completion price in USD per million tokens: ratio × 2 × group ratio, × completion ratio for output. */
export function tokenPrices(row: ModelRow, groupRatio: number): { input: number; output: number } {
  const input = row.modelRatio * USD_PER_MILLION_AT_RATIO_1 * groupRatio;
  return { input, output: input * row.completionRatio };
}

export type OtherPriceKind = 'cachedInput' | 'cacheWrite' | 'audioInput' | 'audioOutput' | 'imageInput';

/**
 * USD per million tokens of the kinds the model prices apart from text (input price × their ratio; audio
 * output × the audio completion ratio), in that order, and its long-context tier with the prices past it.
 */
export function otherTokenPrices(row: ModelRow, groupRatio: number): {
  prices: { kind: OtherPriceKind; usd: number }[];
  longContext?: { threshold: number; input: number; output: number };
} {
  const { input, output } = tokenPrices(row, groupRatio);
  const e = row.extras;
  const prices: { kind: OtherPriceKind; usd: number }[] = [];
  if (e.cache_ratio !== undefined) prices.push({ kind: 'cachedInput', usd: input * e.cache_ratio });
  if (e.cache_creation_ratio !== undefined) prices.push({ kind: 'cacheWrite', usd: input * e.cache_creation_ratio });
  if (e.audio_ratio !== undefined) {
    prices.push({ kind: 'audioInput', usd: input * e.audio_ratio });
    prices.push({ kind: 'audioOutput', usd: input * e.audio_ratio * (e.audio_completion_ratio ?? 0) });
  }
  if (e.image_ratio !== undefined) prices.push({ kind: 'imageInput', usd: input * e.image_ratio });
  const long = e.long_context;
  return { prices, longContext: long && { threshold: long.threshold, input: input * long.input, output: output * long.output } };
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

/** "POST /v1/chat/completions", with the model's name in a path that takes it (Gemini's); undefined when unknown. */
export function endpointLabel(endpoint: EndpointInfo | undefined, model: string): string | undefined {
  return endpoint ? `${endpoint.method} ${endpoint.path.replaceAll('{model}', model)}` : undefined;
}
