import { RATIO_SYNC_FIELDS, RATIO_SYNC_OPTION_KEYS, type RatioConfig, type RatioSyncField } from '@gw/contracts';
import type { OptionsService } from '../../options/options.service.js';

/** Per-model prices by field (new-api's names): field → model → value. */
export type RatioData = RatioConfig;

const RATIO_FIELDS = RATIO_SYNC_FIELDS.filter((f) => f !== 'model_price');

export function emptyRatioData(): RatioData {
  return Object.fromEntries(RATIO_SYNC_FIELDS.map((field) => [field, {}])) as RatioData;
}

/** A value worth comparing: a finite, non-negative number. */
export function isPriceValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** The site's own price maps, as GET /api/ratio_config publishes them. */
export function localRatioData(options: OptionsService): RatioData {
  const data = emptyRatioData();
  for (const field of RATIO_SYNC_FIELDS) data[field] = { ...options.get(RATIO_SYNC_OPTION_KEYS[field]) };
  return data;
}

/**
 * What actually prices each model, as billing reads it: a fixed price wins over every ratio, ratios count
 * only for a model that has a model ratio, and a model with neither is not priced at all. Values that
 * are not prices (negative, not numbers) are dropped.
 */
export function effectiveRatioData(data: RatioData): RatioData {
  const result = emptyRatioData();
  const models = new Set(RATIO_SYNC_FIELDS.flatMap((field) => Object.keys(data[field])));
  for (const model of models) {
    const price = data.model_price[model];
    if (isPriceValue(price)) {
      result.model_price[model] = price;
      continue;
    }
    if (!isPriceValue(data.model_ratio[model])) continue;
    for (const field of RATIO_FIELDS) {
      const value = data[field][model];
      if (isPriceValue(value)) result[field][model] = value;
    }
  }
  return result;
}

export function setRatio(data: RatioData, field: RatioSyncField, model: string, value: unknown): void {
  if (isPriceValue(value)) data[field][model] = value;
}
