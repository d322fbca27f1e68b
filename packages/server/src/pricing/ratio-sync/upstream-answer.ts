import { RATIO_SYNC_FIELDS, QuotaType, type RatioSyncField } from '@gw/contracts';
import { emptyRatioData, setRatio, type RatioData } from './ratio-data.js';

/** An upstream answered, but not with prices that can be read; the message is fit to show an administrator. */
export class UpstreamAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamAnswerError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a /api/pricing entry other than the per-token/per-call pair; ours calls cache writes `cache_creation_ratio`. */
const PRICING_EXTRA_FIELDS: readonly [RatioSyncField, readonly string[]][] = [
  ['cache_ratio', ['cache_ratio']],
  ['create_cache_ratio', ['create_cache_ratio', 'cache_creation_ratio']],
  ['image_ratio', ['image_ratio']],
  ['audio_ratio', ['audio_ratio']],
  ['audio_completion_ratio', ['audio_completion_ratio']],
];

function fromRatioConfig(config: Record<string, unknown>): RatioData {
  const data = emptyRatioData();
  for (const field of RATIO_SYNC_FIELDS) {
    const map = config[field];
    if (!isObject(map)) continue;
    for (const [model, value] of Object.entries(map)) setRatio(data, field, model, value);
  }
  return data;
}

/** new-api's public price list: per-call entries give model_price, per-token ones their ratios. */
function fromPricingList(entries: unknown[]): RatioData {
  const data = emptyRatioData();
  for (const entry of entries) {
    if (!isObject(entry) || typeof entry.model_name !== 'string' || entry.model_name === '') continue;
    const model = entry.model_name;
    if (entry.quota_type === QuotaType.PerCall) setRatio(data, 'model_price', model, entry.model_price);
    else {
      setRatio(data, 'model_ratio', model, entry.model_ratio);
      setRatio(data, 'completion_ratio', model, entry.completion_ratio);
    }
    for (const [field, names] of PRICING_EXTRA_FIELDS) {
      const name = names.find((n) => entry[n] !== undefined);
      if (name) setRatio(data, field, model, entry[name]);
    }
  }
  return data;
}

/**
 * Reads an upstream's answer in either of new-api's shapes: GET /api/ratio_config (`data` holds the
 * price maps by field) or GET /api/pricing (`data` is the list of priced models).
 */
export function ratiosFromAnswer(body: unknown): RatioData {
  if (!isObject(body)) throw new UpstreamAnswerError('the answer is not a JSON object');
  if (body.success !== true) {
    const message = typeof body.message === 'string' && body.message.trim() ? body.message.trim() : 'success is not true';
    throw new UpstreamAnswerError(`the upstream refused: ${message}`);
  }
  const data = body.data;
  if (isObject(data) && RATIO_SYNC_FIELDS.some((field) => field in data)) return fromRatioConfig(data);
  if (Array.isArray(data)) return fromPricingList(data);
  throw new UpstreamAnswerError('the answer holds neither price maps (/api/ratio_config) nor a price list (/api/pricing)');
}
