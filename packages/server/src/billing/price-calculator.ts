import type { BillingUsage } from './billing-usage.js';
import { completionRatioOf } from './completion-ratio.js';
import { AUDIO_COMPLETION_RATIO_FALLBACK, CACHE_RATIO_FALLBACK, CREATE_CACHE_RATIO_FALLBACK, DEFAULT_CREATE_CACHE_RATIO, ONE_HOUR_CACHE_WRITE_MULTIPLIER, UNSET_MODEL_RATIO } from './default-ratios.js';
import { exactly, type DecimalArithmetic } from './decimal.js';
import type { LongContextPrice } from './defaults/long-context.js';
import { pricingNameCandidates } from './model-name.js';

/**
 * Pure pricing: which price applies to a request (reference §3.2) and how many quota units a usage
 * costs (§3.4). No I/O; the tables are the current option values.
 */

type Table = Readonly<Record<string, number>>;

/** The option values; each table is complete (defaults are the options' defaults, not merged in here). */
export interface PriceTables {
  ModelPrice: Table;
  ModelRatio: Table;
  CompletionRatio: Table;
  CacheRatio: Table;
  /** No option carries it yet; the shipped defaults apply when it is omitted. */
  CreateCacheRatio?: Table;
  /** Audio input ÷ text input price; a model missing here bills audio tokens as text. */
  AudioRatio?: Table;
  /** Audio output ÷ audio input price. */
  AudioCompletionRatio?: Table;
  /** Image input ÷ text input price; a model missing here bills image input as text. */
  ImageRatio?: Table;
  /** USD per 1000 calls of a server-side tool the upstream charges per call: `web_search`, `file_search`. */
  ToolCallPrice?: Table;
  /** Model → the prompt size past which its prices are multiplied (long-context tiers). */
  LongContextPrice?: Readonly<Record<string, LongContextPrice>>;
  GroupRatio: Table;
  /** userGroup → usingGroup → ratio; wins over GroupRatio when the entry exists. */
  GroupGroupRatio?: Readonly<Record<string, Table>>;
}

export interface RatioPrice {
  mode: 'ratio';
  modelRatio: number;
  completionRatio: number;
  cacheRatio: number;
  cacheCreationRatio: number;
  /** Audio input ÷ text input price; undefined when the model prices audio like text. */
  audioRatio?: number;
  /** Audio output ÷ audio input price (used only with audioRatio). */
  audioCompletionRatio?: number;
  /** Image input ÷ text input price; undefined when the model prices image input like text. */
  imageRatio?: number;
  /** USD per 1000 calls by tool, charged on top of the tokens (times the group ratio). */
  toolCallPrices?: Table;
  /** The long-context tier of the model, if it has one. */
  longContext?: LongContextPrice;
  groupRatio: number;
  /** True when no ratio was configured and UNSET_MODEL_RATIO was assumed (self-use mode, opted-in users). */
  unsetModel: boolean;
}

export interface FixedPrice {
  mode: 'price';
  /** USD per call. */
  modelPrice: number;
  groupRatio: number;
  /** USD per 1000 calls by tool, charged on top of the price (times the group ratio). */
  toolCallPrices?: Table;
  /** Several calls' worth in one request (images: count × size and quality ratio); 1 when absent. */
  perCall?: { count: number; ratio: number };
}

export interface Unpriced {
  mode: 'unpriced';
}

export type ResolvedPrice = RatioPrice | FixedPrice | Unpriced;
export type BillablePrice = RatioPrice | FixedPrice;

export interface ResolveOptions {
  /** The user's own group, for GroupGroupRatio. */
  userGroup?: string;
  /** Price a model missing from both tables at UNSET_MODEL_RATIO instead of answering 'unpriced'. */
  acceptUnsetModel?: boolean;
}

function lookup(table: Table | undefined, names: readonly string[]): number | undefined {
  if (!table) return undefined;
  for (const name of names) {
    if (Object.hasOwn(table, name)) {
      const value = table[name];
      if (typeof value === 'number' && Number.isFinite(value)) return value;
    }
  }
  return undefined;
}

/** Group ratio of the group a request runs in: GroupGroupRatio[userGroup][group], else GroupRatio[group], else 1. */
export function groupRatioOf(group: string, tables: Pick<PriceTables, 'GroupRatio' | 'GroupGroupRatio'>, userGroup?: string): number {
  const byUserGroup = tables.GroupGroupRatio;
  const special = userGroup !== undefined && byUserGroup && Object.hasOwn(byUserGroup, userGroup) ? lookup(byUserGroup[userGroup], [group]) : undefined;
  return special ?? lookup(tables.GroupRatio, [group]) ?? 1;
}

/**
 * The price of `model` in `group`. A per-call price wins over a ratio for the same name; the exact
 * (normalised) name wins over its `-thinking`-less fallback (model-name.ts).
 */
export function resolvePrice(model: string, group: string, tables: PriceTables, options: ResolveOptions = {}): ResolvedPrice {
  const candidates = pricingNameCandidates(model);
  const groupRatio = groupRatioOf(group, tables, options.userGroup);
  for (const name of candidates) {
    const modelPrice = lookup(tables.ModelPrice, [name]);
    if (modelPrice !== undefined) return withToolPrices({ mode: 'price', modelPrice, groupRatio }, tables);
    const modelRatio = lookup(tables.ModelRatio, [name]);
    if (modelRatio !== undefined) return ratioPrice(model, modelRatio, groupRatio, tables, false);
  }
  if (options.acceptUnsetModel) return ratioPrice(model, UNSET_MODEL_RATIO, groupRatio, tables, true);
  return { mode: 'unpriced' };
}

/** Whether the model has a cache-write ratio of its own (vendors that bill cache writes, such as Anthropic). */
export function billsCacheWrites(model: string, tables: PriceTables): boolean {
  return lookup(tables.CreateCacheRatio ?? DEFAULT_CREATE_CACHE_RATIO, pricingNameCandidates(model)) !== undefined;
}

function ratioPrice(model: string, modelRatio: number, groupRatio: number, tables: PriceTables, unsetModel: boolean): RatioPrice {
  const candidates = pricingNameCandidates(model);
  const price: RatioPrice = {
    mode: 'ratio',
    modelRatio,
    completionRatio: completionRatioOf(model, tables.CompletionRatio),
    cacheRatio: lookup(tables.CacheRatio, candidates) ?? CACHE_RATIO_FALLBACK,
    cacheCreationRatio: lookup(tables.CreateCacheRatio ?? DEFAULT_CREATE_CACHE_RATIO, candidates) ?? CREATE_CACHE_RATIO_FALLBACK,
    groupRatio,
    unsetModel,
  };
  const audioRatio = lookup(tables.AudioRatio, candidates);
  if (audioRatio !== undefined) {
    price.audioRatio = audioRatio;
    price.audioCompletionRatio = lookup(tables.AudioCompletionRatio, candidates) ?? AUDIO_COMPLETION_RATIO_FALLBACK;
  }
  const imageRatio = lookup(tables.ImageRatio, candidates);
  if (imageRatio !== undefined) price.imageRatio = imageRatio;
  const longContext = tables.LongContextPrice && candidates.find((name) => Object.hasOwn(tables.LongContextPrice!, name));
  if (longContext) price.longContext = tables.LongContextPrice![longContext];
  return withToolPrices(price, tables);
}

function withToolPrices<P extends BillablePrice>(price: P, tables: PriceTables): P {
  if (tables.ToolCallPrice && Object.keys(tables.ToolCallPrice).length > 0) price.toolCallPrices = tables.ToolCallPrice;
  return price;
}

/** The per-call tools a usage reports, by their ToolCallPrice names. */
const TOOL_CALLS: readonly [tool: string, count: (u: BillingUsage) => number | undefined][] = [
  ['web_search', (u) => u.webSearchCalls],
  ['file_search', (u) => u.fileSearchCalls],
  ['google_search', (u) => u.googleSearchCalls],
];

const NO_TOOL_CALLS: [number, number][] = [];

/** The tool calls of a usage that have a price, with that price (USD per 1000 calls). */
function pricedToolCalls(price: BillablePrice, usage: BillingUsage): [calls: number, perThousand: number][] {
  const prices = price.toolCallPrices;
  // Nearly every answer ran no such tool: no array, no lookups.
  if (!prices || !(usage.webSearchCalls || usage.fileSearchCalls || usage.googleSearchCalls)) return NO_TOOL_CALLS;
  const priced: [number, number][] = [];
  for (const [tool, count] of TOOL_CALLS) {
    const calls = tokens(count(usage) ?? 0);
    const perThousand = lookup(prices, [tool]);
    if (calls > 0 && perThousand !== undefined && perThousand > 0) priced.push([calls, perThousand]);
  }
  return priced;
}

/** Tool surcharges in quota units, unrounded: Σ calls × USD per 1000 calls × 0.001 × QuotaPerUnit × group ratio. */
function toolSurcharge<D>(a: DecimalArithmetic<D>, calls: [number, number][], quotaPerUnit: number, groupRatio: number): D {
  return a.multiply(a.add(a.of(0), ...calls.map(([n, perThousand]) => a.multiply(a.of(n), a.of(perThousand)))), a.of(0.001), a.of(quotaPerUnit), a.of(groupRatio));
}

/**
 * Token counts are taken at most up to 2^31 − 1, far above any model's window: a request asking for
 * `max_tokens: 1e308` (or an upstream reporting such usage) then prices to a large but exact amount
 * instead of one past 2^53 that no quota column can hold.
 */
const MAX_TOKEN_COUNT = 2 ** 31 - 1;
const tokens = (n: number) => (Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), MAX_TOKEN_COUNT) : 0);
/** Quota amounts stay integers a double holds exactly (the ledger refuses anything else). */
const safeQuota = (q: number) => Math.min(q, Number.MAX_SAFE_INTEGER);

/** price × QuotaPerUnit × group ratio (× the calls a request counts for), unrounded. */
function fixedPriceAmount<D>(a: DecimalArithmetic<D>, price: FixedPrice, quotaPerUnit: number): D {
  const once = a.multiply(a.of(price.modelPrice), a.of(quotaPerUnit), a.of(price.groupRatio));
  return price.perCall ? a.multiply(once, a.of(price.perCall.count), a.of(price.perCall.ratio)) : once;
}

/** Quota of a per-call price: price × QuotaPerUnit × group ratio (plus tool surcharges); a nonzero price never bills 0. */
function fixedPriceQuota(price: FixedPrice, quotaPerUnit: number, tools: [number, number][] = NO_TOOL_CALLS): number {
  const quota = exactly((a) => {
    const amount = fixedPriceAmount(a, price, quotaPerUnit);
    return a.round(tools.length === 0 ? amount : a.add(amount, toolSurcharge(a, tools, quotaPerUnit, price.groupRatio)));
  });
  return quota <= 0 && price.modelPrice > 0 && price.groupRatio > 0 ? 1 : safeQuota(quota);
}

/**
 * Quota for one finished request (§3.4):
 *   quota = (base + Kc×CaR + Kw×CwR + C×CR) × MR × GR, rounded half away from zero,
 * where base = P − Kc − Kw (clamped at 0) when the prompt count includes cache tokens ('openai'), and
 * base = P when cache tokens come on top of it ('anthropic'). No tokens → 0; otherwise a nonzero
 * MR × GR never bills less than 1. Per-call prices ignore usage.
 *
 * For a model with an audio ratio AR (and audio completion ratio ACR), the uncached audio part Ai of the
 * prompt and the audio part Ao of the completion are priced apart: Ai × AR and Ao × AR × ACR replace
 * their share of base and C × CR. Likewise the image input part Ii of the prompt is priced Ii × IR for a
 * model with an image ratio. These counts are capped by the totals they are part of, so a usage that
 * reports more of them than tokens never bills more than all-audio or all-image.
 *
 * A model with a long-context tier whose prompt (cache included) passes its threshold has its input-side
 * terms multiplied by the tier's `input` and its output terms by its `output`.
 *
 * Cache writes kept for one hour (Claude's cacheCreation1hTokens) cost CwR × 1.6 instead of CwR.
 *
 * Server-side tools the upstream charges per call (web and file search, Google Search grounding) add
 * calls × USD per 1000 calls ÷ 1000 × QuotaPerUnit × GR, in either mode.
 */
export function computeQuota(price: BillablePrice, usage: BillingUsage, quotaPerUnit: number): number {
  const tools = pricedToolCalls(price, usage);
  if (price.mode === 'price') return fixedPriceQuota(price, quotaPerUnit, tools);
  const prompt = tokens(usage.promptTokens);
  const completion = tokens(usage.completionTokens);
  const cached = tokens(usage.cachedTokens);
  const cacheWrite = tokens(usage.cacheCreationTokens);
  const anthropic = usage.semantic === 'anthropic';
  const totalTokens = prompt + completion + (anthropic ? cached + cacheWrite : 0);
  if (totalTokens === 0 && tools.length === 0) return 0;

  const base = anthropic ? prompt : Math.max(0, prompt - cached - cacheWrite);
  const audioRatio = price.audioRatio;
  const audioIn = audioRatio === undefined ? 0 : Math.min(tokens(usage.audioInputTokens ?? 0), base);
  const audioOut = audioRatio === undefined ? 0 : Math.min(tokens(usage.audioOutputTokens ?? 0), completion);
  const imageRatio = price.imageRatio;
  const imageIn = imageRatio === undefined ? 0 : Math.min(tokens(usage.imageInputTokens ?? 0), base - audioIn);
  const cacheWrite1h = Math.min(tokens(usage.cacheCreation1hTokens ?? 0), cacheWrite);
  const long = price.longContext && prompt + (anthropic ? cached + cacheWrite : 0) > price.longContext.threshold ? price.longContext : undefined;
  const quota = exactly((a) => {
    const input = a.add(
      a.of(base - audioIn - imageIn),
      a.multiply(a.of(cached), a.of(price.cacheRatio)),
      a.multiply(a.of(cacheWrite - cacheWrite1h), a.of(price.cacheCreationRatio)),
      a.multiply(a.of(cacheWrite1h), a.of(price.cacheCreationRatio), a.of(ONE_HOUR_CACHE_WRITE_MULTIPLIER)),
      a.multiply(a.of(audioIn), a.of(audioRatio ?? 0)),
      a.multiply(a.of(imageIn), a.of(imageRatio ?? 0)),
    );
    const output = a.add(
      a.multiply(a.of(completion - audioOut), a.of(price.completionRatio)),
      a.multiply(a.of(audioOut), a.of(audioRatio ?? 0), a.of(price.audioCompletionRatio ?? 0)),
    );
    const weighted = long ? a.add(a.multiply(input, a.of(long.input)), a.multiply(output, a.of(long.output))) : a.add(input, output);
    const forTokens = a.multiply(weighted, a.of(price.modelRatio), a.of(price.groupRatio));
    return a.round(tools.length === 0 ? forTokens : a.add(forTokens, toolSurcharge(a, tools, quotaPerUnit, price.groupRatio)));
  });
  const priced = price.modelRatio * price.groupRatio !== 0;
  return priced && quota <= 0 ? 1 : safeQuota(quota);
}

export interface PreConsumeEstimateInput {
  promptTokens: number;
  /** max_tokens / max_completion_tokens of the request (the larger one), 0 when absent. */
  maxTokens?: number;
}

/**
 * Quota to hold before calling upstream (§3.2). Ratio mode:
 * (max(estimated prompt, PreConsumedQuota) + max_tokens) × MR × GR, truncated — PreConsumedQuota acts as
 * a minimum token count, not an amount. Per-call mode: the full price.
 */
export function estimatePreConsume(
  price: BillablePrice,
  input: PreConsumeEstimateInput,
  preConsumedQuota: number,
  quotaPerUnit: number,
): number {
  if (price.mode === 'price') return fixedPriceQuota(price, quotaPerUnit);
  const promptTokens = Math.max(tokens(input.promptTokens), tokens(preConsumedQuota));
  const count = promptTokens + tokens(input.maxTokens ?? 0);
  return safeQuota(exactly((a) => a.truncate(a.multiply(a.of(count), a.of(price.modelRatio), a.of(price.groupRatio)))));
}
