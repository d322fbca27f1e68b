/**
 * What a consume log's `other` JSON records of its price (spec 3 §3 "Log entry"), as the gateway writes
 * it, and the calculation it makes of the logged tokens: the console writes this calculation out beside
 * the quota charged, so it has to be the gateway's own formula (server billing/price-calculator.ts
 * `computeQuota`; a server test checks the two agree).
 */
export interface LogOther {
  model_ratio?: number;
  group_ratio?: number;
  completion_ratio?: number;
  /** USD per call; -1 when the call was billed by ratios. */
  model_price?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  /** The part of the cache writes kept for one hour (Claude), priced at 1.6 × the cache-write ratio. */
  cache_creation_1h_tokens?: number;
  reasoning_tokens?: number;
  audio_input_tokens?: number;
  audio_output_tokens?: number;
  /** Present only for models that price audio apart. */
  audio_ratio?: number;
  audio_completion_ratio?: number;
  image_input_tokens?: number;
  /** Present only for models that price image input apart. */
  image_ratio?: number;
  /** Seconds of audio a transcription reported instead of tokens. */
  audio_seconds?: number;
  /** Present when the prompt passed the model's long-context threshold. */
  long_context_tier?: { threshold: number; input: number; output: number };
  web_search_calls?: number;
  web_search_price?: number;
  file_search_calls?: number;
  file_search_price?: number;
  google_search_calls?: number;
  google_search_price?: number;
  /** Per-call image models: the images in the request and their size and quality multiple. */
  image_count?: number;
  image_size_ratio?: number;
  /** Milliseconds until the first token (streams). */
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  /** The model the client asked for, when a fallback model served the request. */
  fallback_from?: string;
  /** Set for an answer from the response cache: the share of the cost charged and when it was cached. */
  response_cache?: { hit: boolean; billing_ratio: number; cached_at: number };
  reasoning_effort?: string;
  /** 'subscription' when a subscription paid the request (absent: the wallet). */
  billing_source?: string;
  subscription_plan_title?: string;
  request_path?: string;
  stream_status?: string;
  /** Answered through the caller's own supplier key: nothing was charged. */
  own_key?: boolean;
  admin_info?: { use_channel?: number[]; route_trace?: string[]; local_count_tokens?: boolean };
  /** A failed relay call's error log (type 5): the status and code the caller got, and whose fault it was (client, quota, upstream, policy, gateway). */
  status_code?: number;
  error_code?: string;
  error_kind?: string;
}

/** Cache writes kept for one hour cost this multiple of the cache-write ratio. */
export const ONE_HOUR_CACHE_WRITE_MULTIPLIER = 1.6;

export type LogPriceTermKind = 'input' | 'cached' | 'cacheWrite' | 'cacheWrite1h' | 'audioIn' | 'imageIn' | 'completion' | 'audioOut';

/** Tokens of one kind and the ratios they are multiplied by (none for plain prompt tokens). */
export interface LogPriceTerm {
  kind: LogPriceTermKind;
  tokens: number;
  factors: number[];
}

export type LogPricedTool = 'web_search' | 'file_search' | 'google_search';

/** Calls of a server-side tool charged on top (USD per 1000 calls, times the group ratio). */
export interface LogToolCharge {
  tool: LogPricedTool;
  calls: number;
  pricePerThousand: number;
}

export type LogPriceBreakdown =
  | {
      kind: 'ratio';
      groupRatio: number;
      modelRatio: number;
      /** Prompt terms, then completion terms; plain prompt and completion are always there. */
      input: LogPriceTerm[];
      output: LogPriceTerm[];
      longContext?: { threshold: number; input: number; output: number };
      tools: LogToolCharge[];
      /** The quota charged, and in USD. */
      quota: number;
      usd: number;
    }
  | {
      kind: 'price';
      groupRatio: number;
      modelPrice: number;
      images?: { count: number; sizeRatio: number };
      tools: LogToolCharge[];
      quota: number;
      usd: number;
    };

const TOOLS: readonly [LogPricedTool, (o: LogOther) => number | undefined, (o: LogOther) => number | undefined][] = [
  ['web_search', (o) => o.web_search_calls, (o) => o.web_search_price],
  ['file_search', (o) => o.file_search_calls, (o) => o.file_search_price],
  ['google_search', (o) => o.google_search_calls, (o) => o.google_search_price],
];

const finite = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const count = (v: unknown) => Math.max(0, Math.floor(finite(v, 0)));

function toolCharges(o: LogOther): LogToolCharge[] {
  const charges: LogToolCharge[] = [];
  for (const [tool, calls, price] of TOOLS) {
    const n = count(calls(o));
    const perThousand = finite(price(o), 0);
    if (n > 0 && perThousand > 0) charges.push({ tool, calls: n, pricePerThousand: perThousand });
  }
  return charges;
}

/** A log row's price calculation from its `other` JSON and token counts; null for rows without one (top-ups, admin edits). */
export function logPriceBreakdown(o: LogOther, promptTokens: number, completionTokens: number, quotaPerUnit: number): LogPriceBreakdown | null {
  const unit = quotaPerUnit > 0 ? quotaPerUnit : 500_000;
  const groupRatio = finite(o.group_ratio, 1);
  const tools = toolCharges(o);
  const toolQuota = tools.reduce((sum, t) => sum + t.calls * t.pricePerThousand * 0.001 * unit * groupRatio, 0);
  const modelPrice = finite(o.model_price, -1);
  if (modelPrice >= 0) {
    const images = o.image_count !== undefined ? { count: count(o.image_count), sizeRatio: finite(o.image_size_ratio, 1) } : undefined;
    const raw = modelPrice * unit * groupRatio * (images ? images.count * images.sizeRatio : 1) + toolQuota;
    const quota = raw < 0.5 && modelPrice > 0 && groupRatio > 0 ? 1 : Math.round(raw);
    return { kind: 'price', groupRatio, modelPrice, images, tools, quota, usd: quota / unit };
  }
  if (o.model_ratio === undefined) return null;
  const modelRatio = finite(o.model_ratio, 0);
  const prompt = count(promptTokens);
  const completion = count(completionTokens);
  const cached = count(o.cache_tokens);
  const cacheWrite = count(o.cache_creation_tokens);
  // The logged prompt counts every prompt token once, cache reads and writes included.
  const base = Math.max(0, prompt - cached - cacheWrite);
  const audioRatio = o.audio_ratio;
  const audioIn = audioRatio === undefined ? 0 : Math.min(count(o.audio_input_tokens), base);
  const audioOut = audioRatio === undefined ? 0 : Math.min(count(o.audio_output_tokens), completion);
  const imageIn = o.image_ratio === undefined ? 0 : Math.min(count(o.image_input_tokens), base - audioIn);
  const cacheWrite1h = Math.min(count(o.cache_creation_1h_tokens), cacheWrite);
  const cacheRatio = finite(o.cache_ratio, 1);
  const cacheWriteRatio = finite(o.cache_creation_ratio, 1);
  const completionRatio = finite(o.completion_ratio, 1);
  const term = (kind: LogPriceTermKind, tokens: number, ...factors: number[]): LogPriceTerm => ({ kind, tokens, factors });
  const input = [
    term('input', base - audioIn - imageIn),
    cached > 0 && term('cached', cached, cacheRatio),
    cacheWrite - cacheWrite1h > 0 && term('cacheWrite', cacheWrite - cacheWrite1h, cacheWriteRatio),
    cacheWrite1h > 0 && term('cacheWrite1h', cacheWrite1h, cacheWriteRatio, ONE_HOUR_CACHE_WRITE_MULTIPLIER),
    audioIn > 0 && term('audioIn', audioIn, audioRatio ?? 0),
    imageIn > 0 && term('imageIn', imageIn, finite(o.image_ratio, 0)),
  ].filter((t): t is LogPriceTerm => t !== false);
  const output = [
    term('completion', completion - audioOut, completionRatio),
    audioOut > 0 && term('audioOut', audioOut, audioRatio ?? 0, finite(o.audio_completion_ratio, 0)),
  ].filter((t): t is LogPriceTerm => t !== false);
  const sum = (terms: LogPriceTerm[]) => terms.reduce((s, t) => s + t.factors.reduce((p, f) => p * f, t.tokens), 0);
  const long = o.long_context_tier;
  const longContext = long && { threshold: finite(long.threshold, 0), input: finite(long.input, 1), output: finite(long.output, 1) };
  const weighted = longContext ? sum(input) * longContext.input + sum(output) * longContext.output : sum(input) + sum(output);
  const raw = weighted * modelRatio * groupRatio + toolQuota;
  const used = prompt + completion > 0 || tools.length > 0;
  const quota = !used ? 0 : raw < 0.5 && modelRatio * groupRatio !== 0 ? 1 : Math.round(raw);
  return { kind: 'ratio', groupRatio, modelRatio, input, output, longContext, tools, quota, usd: quota / unit };
}
