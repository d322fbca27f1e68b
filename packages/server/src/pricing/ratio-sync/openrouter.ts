import { emptyRatioData, type RatioData } from './ratio-data.js';
import { UpstreamAnswerError } from './upstream-answer.js';

const OPENROUTER_DEFAULT_BASE = 'https://openrouter.ai/api';
/** USD per 1M input tokens at model ratio 1. */
const USD_PER_MILLION_AT_RATIO_1 = 2;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The models list of an OpenRouter base URL (its own default when the upstream gives none). */
export function openRouterModelsUrl(baseUrl: string): string {
  const base = (baseUrl.trim() || OPENROUTER_DEFAULT_BASE).replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${base}/v1/models`;
}

/** OpenRouter writes prices as decimal strings in USD per token (or per request); "-1" means "varies". */
function priceOf(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * OpenRouter's model list (`data[].pricing`, USD per token) as ratios: model ratio = USD per 1M input tokens ÷ 2,
 * completion ratio = output ÷ input, cache ratio = cached input ÷ input; a model billed only per request
 * gets that as its fixed price. Models whose price varies (router models) are left out.
 */
export function ratiosFromOpenRouter(body: unknown): RatioData {
  const list = isObject(body) && Array.isArray(body.data) ? body.data : null;
  if (!list) throw new UpstreamAnswerError('the answer is not an OpenRouter model list');
  const data = emptyRatioData();
  let priced = 0;
  for (const entry of list) {
    if (!isObject(entry) || typeof entry.id !== 'string' || !entry.id || !isObject(entry.pricing)) continue;
    const input = priceOf(entry.pricing.prompt);
    const output = priceOf(entry.pricing.completion);
    const perRequest = priceOf(entry.pricing.request) ?? 0;
    if (input === undefined || output === undefined) continue;
    priced++;
    if (input === 0 && output === 0 && perRequest > 0) {
      data.model_price[entry.id] = round6(perRequest);
      continue;
    }
    // A free input with a paid output has no ratio to express it.
    if (input === 0 && output > 0) {
      priced--;
      continue;
    }
    data.model_ratio[entry.id] = round6((input * 1e6) / USD_PER_MILLION_AT_RATIO_1);
    if (input === 0) continue;
    data.completion_ratio[entry.id] = round6(output / input);
    const cached = priceOf(entry.pricing.input_cache_read);
    if (cached !== undefined) data.cache_ratio[entry.id] = round6(cached / input);
  }
  if (priced === 0) throw new UpstreamAnswerError('the OpenRouter model list holds no prices');
  return data;
}
