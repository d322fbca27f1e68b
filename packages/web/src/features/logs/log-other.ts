/** The parts of a log row's `other` JSON the console shows (spec 3 §3 "Log entry"). */
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
  reasoning_tokens?: number;
  /** Milliseconds until the first token (streams). */
  frt?: number;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  reasoning_effort?: string;
  request_path?: string;
  admin_info?: { use_channel?: number[] };
}

export function parseOther(text: string | null | undefined): LogOther {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as LogOther) : {};
  } catch {
    return {};
  }
}

/** Use-time colour (spec 3 §9): under 101 s green, under 300 s orange, else red. */
export function durationColor(seconds: number): 'green' | 'orange' | 'red' {
  if (seconds < 101) return 'green';
  return seconds < 300 ? 'orange' : 'red';
}

/** First-token colour (spec 3 §9): under 3 s green, under 10 s orange, else red. */
export function firstTokenColor(ms: number): 'green' | 'orange' | 'red' {
  if (ms < 3000) return 'green';
  return ms < 10_000 ? 'orange' : 'red';
}

const num = (v: number | undefined, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The inputs of the price formula, with the defaults the gateway applies to missing ratios. */
export interface PriceFormula {
  kind: 'ratio' | 'price';
  groupRatio: number;
  modelRatio: number;
  completionRatio: number;
  modelPrice: number;
  cacheTokens: number;
  cacheRatio: number;
  prompt: number;
  completion: number;
  /** The result in USD. */
  usd: number;
}

/**
 * Per token: group ratio × model ratio × (prompt − cached + cached × cache ratio + completion × completion ratio)
 * / quota per unit; per call: model price × group ratio (reference §3.4).
 */
export function priceFormulaOf(other: LogOther, prompt: number, completion: number, quotaPerUnit: number): PriceFormula | null {
  const groupRatio = num(other.group_ratio, 1);
  const modelPrice = num(other.model_price, -1);
  const base = { groupRatio, prompt, completion, modelPrice, cacheTokens: num(other.cache_tokens, 0), cacheRatio: num(other.cache_ratio, 1) };
  if (modelPrice >= 0) {
    return { ...base, kind: 'price', modelRatio: 0, completionRatio: 0, usd: modelPrice * groupRatio };
  }
  if (other.model_ratio === undefined) return null;
  const modelRatio = num(other.model_ratio, 0);
  const completionRatio = num(other.completion_ratio, 1);
  const tokens = prompt - base.cacheTokens + base.cacheTokens * base.cacheRatio + completion * completionRatio;
  return { ...base, kind: 'ratio', modelRatio, completionRatio, usd: (groupRatio * modelRatio * tokens) / (quotaPerUnit || 500000) };
}
