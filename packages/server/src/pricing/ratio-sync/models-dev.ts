import { emptyRatioData, isPriceValue, type RatioData } from './ratio-data.js';
import { UpstreamAnswerError } from './upstream-answer.js';

/** USD per 1M input tokens at model ratio 1. */
const USD_PER_MILLION_AT_RATIO_1 = 2;

interface Candidate {
  provider: string;
  input: number;
  output?: number;
  cacheRead?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** True for models.dev's catalogue address (https://models.dev/api.json), which has its own format. */
export function isModelsDevUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.hostname.toLowerCase() === 'models.dev' && u.pathname.replace(/\/$/, '') === '/api.json';
  } catch {
    return false;
  }
}

function candidateOf(provider: string, cost: unknown): Candidate | null {
  if (!isObject(cost) || !isPriceValue(cost.input)) return null;
  if (cost.output !== undefined && !isPriceValue(cost.output)) return null;
  const output = cost.output as number | undefined;
  // A free input with a paid output has no ratio to express it.
  if (cost.input === 0 && output !== undefined && output > 0) return null;
  return { provider, input: cost.input, output, cacheRead: isPriceValue(cost.cache_read) ? cost.cache_read : undefined };
}

/** Several providers list the same model: the cheapest non-zero input price wins, then the provider name. */
function preferred(current: Candidate, next: Candidate): Candidate {
  if (current.input > 0 !== next.input > 0) return next.input > 0 ? next : current;
  if (next.input !== current.input && next.input > 0) return next.input < current.input ? next : current;
  return next.provider < current.provider ? next : current;
}

/**
 * models.dev's catalogue (provider → models → cost in USD per 1M tokens) as ratios: model ratio = input ÷ 2,
 * completion ratio = output ÷ input, cache ratio = cached input ÷ input, rounded to 6 decimals.
 */
export function ratiosFromModelsDev(body: unknown): RatioData {
  if (!isObject(body)) throw new UpstreamAnswerError('the answer is not a models.dev catalogue');
  const chosen = new Map<string, Candidate>();
  for (const provider of Object.keys(body).sort()) {
    const entry = body[provider];
    if (!isObject(entry) || !isObject(entry.models)) continue;
    for (const [model, info] of Object.entries(entry.models)) {
      const candidate = candidateOf(provider, isObject(info) ? info.cost : undefined);
      if (!candidate) continue;
      const current = chosen.get(model);
      chosen.set(model, current ? preferred(current, candidate) : candidate);
    }
  }
  if (chosen.size === 0) throw new UpstreamAnswerError('the models.dev catalogue lists no prices');
  const data = emptyRatioData();
  for (const [model, c] of chosen) {
    data.model_ratio[model] = round6(c.input / USD_PER_MILLION_AT_RATIO_1);
    if (c.input === 0) continue;
    if (c.output !== undefined) data.completion_ratio[model] = round6(c.output / c.input);
    if (c.cacheRead !== undefined) data.cache_ratio[model] = round6(c.cacheRead / c.input);
  }
  return data;
}
