import type { ResolvedPrice } from '../../billing/price-calculator.js';
import type { ModelMetaRow } from '../../model-metadata/model-metadata.repository.js';

/** OpenRouter's model fields that clients read to size prompts and show prices (all optional). */
export interface ModelListDetails {
  description?: string;
  context_length?: number;
  architecture?: { input_modalities: string[]; output_modalities: string[] };
  top_provider?: { context_length: number | null; max_completion_tokens: number | null };
  /** USD per token (prompt, completion) or per call (request), as decimal text, for the key's group. */
  pricing?: { prompt: string; completion: string; request: string };
}

/** A decimal without exponent or float noise ("0.0000025", not "2.5e-6"). */
function decimal(value: number): string {
  if (value === 0) return '0';
  return value.toFixed(12).replace(/\.?0+$/, '');
}

const list = (text: string) => text.split(',').map((s) => s.trim()).filter(Boolean);

/**
 * What /v1/models adds to a model: its metadata (description, context length, output limit, modalities)
 * when it has an entry, and its price in the key's group, in the same dollars as usage accounting
 * (quota ÷ QuotaPerUnit).
 */
export function modelListDetails(entry: ModelMetaRow | undefined, price: ResolvedPrice | undefined, quotaPerUnit: number): ModelListDetails {
  const details: ModelListDetails = {};
  if (entry?.description) details.description = entry.description;
  if (entry && entry.context_length > 0) details.context_length = entry.context_length;
  if (entry && (entry.input_modalities || entry.output_modalities)) {
    details.architecture = { input_modalities: list(entry.input_modalities), output_modalities: list(entry.output_modalities) };
  }
  if (entry && (entry.context_length > 0 || entry.max_output_tokens > 0)) {
    details.top_provider = { context_length: entry.context_length || null, max_completion_tokens: entry.max_output_tokens || null };
  }
  if (price?.mode === 'ratio') {
    const prompt = (price.modelRatio * price.groupRatio) / quotaPerUnit;
    details.pricing = { prompt: decimal(prompt), completion: decimal(prompt * price.completionRatio), request: '0' };
  } else if (price?.mode === 'price') {
    details.pricing = { prompt: '0', completion: '0', request: decimal(price.modelPrice * price.groupRatio) };
  }
  return details;
}
