import {
  completionRatioOf,
  inputPriceToRatio,
  outputPriceOf,
  ratioToInputPrice,
  type ModelPricing,
  type PricingMode,
  type PricingRow,
} from './price-maps';

/**
 * The price editor's form model (add model, edit, batch set, quick pricing). Numbers are typed as text
 * so that "abc" gets "please enter a number" rather than being dropped. Per-token prices are entered
 * either as ratios or as USD per 1M tokens; both turn into ratios.
 */
export type PriceInputMode = 'ratio' | 'price';

export interface PricingFormValues {
  mode: PricingMode;
  inputMode: PriceInputMode;
  /** Fixed USD per call (per request). */
  price?: string;
  ratio?: string;
  completionRatio?: string;
  /** USD per 1M input / output tokens. */
  inputPrice?: string;
  outputPrice?: string;
}

export type PricingField = 'price' | 'ratio' | 'completionRatio' | 'inputPrice' | 'outputPrice';
export type PricingError = 'required' | 'notNumber' | 'zero' | 'negative';
export type PricingFormResult = { ok: true; pricing: ModelPricing } | { ok: false; errors: Partial<Record<PricingField, PricingError>> };

type NumberText = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'number'; value: number };

const NUMBER_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

export function parseNumberText(text: string | number | undefined | null): NumberText {
  if (typeof text === 'number') return Number.isFinite(text) ? { kind: 'number', value: text } : { kind: 'invalid' };
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!NUMBER_PATTERN.test(trimmed)) return { kind: 'invalid' };
  return { kind: 'number', value: Number(trimmed) };
}

/** A text field's error: blank (when required), not a number, negative, or zero where a price is needed. */
export function numberFieldError(text: string | undefined, opts: { required: boolean; positive: boolean }): PricingError | null {
  const parsed = parseNumberText(text);
  if (parsed.kind === 'empty') return opts.required ? 'required' : null;
  if (parsed.kind === 'invalid') return 'notNumber';
  if (parsed.value < 0) return 'negative';
  if (opts.positive && parsed.value === 0) return 'zero';
  return null;
}

function numberOf(text: string | undefined): number | undefined {
  const parsed = parseNumberText(text);
  return parsed.kind === 'number' ? parsed.value : undefined;
}

/**
 * Checks the form and answers the pricing it describes. `requireBoth` (batch set) makes the output side
 * (completion ratio or output price) required too.
 */
export function parsePricingForm(v: PricingFormValues, opts: { requireBoth?: boolean } = {}): PricingFormResult {
  const rules: [PricingField, { required: boolean; positive: boolean }][] =
    v.mode === 'per-request'
      ? [['price', { required: true, positive: true }]]
      : v.inputMode === 'ratio'
        ? [
            ['ratio', { required: true, positive: true }],
            ['completionRatio', { required: Boolean(opts.requireBoth), positive: false }],
          ]
        : [
            ['inputPrice', { required: true, positive: true }],
            ['outputPrice', { required: Boolean(opts.requireBoth), positive: false }],
          ];
  const errors: Partial<Record<PricingField, PricingError>> = {};
  for (const [field, rule] of rules) {
    const error = numberFieldError(v[field], rule);
    if (error) errors[field] = error;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  if (v.mode === 'per-request') return { ok: true, pricing: { mode: 'per-request', price: numberOf(v.price)! } };
  if (v.inputMode === 'ratio') return { ok: true, pricing: { mode: 'per-token', ratio: numberOf(v.ratio)!, completionRatio: numberOf(v.completionRatio) } };
  const inputPrice = numberOf(v.inputPrice)!;
  const outputPrice = numberOf(v.outputPrice);
  return {
    ok: true,
    pricing: {
      mode: 'per-token',
      ratio: inputPriceToRatio(inputPrice),
      completionRatio: outputPrice === undefined ? undefined : completionRatioOf(inputPrice, outputPrice),
    },
  };
}

const text = (n: number | undefined): string => (n === undefined ? '' : String(n));

/** The form for an existing row (both per-token spellings filled in), or a blank per-token form. */
export function pricingToForm(row?: Pick<PricingRow, 'mode' | 'price' | 'ratio' | 'completionRatio'>): PricingFormValues {
  if (!row) return { mode: 'per-token', inputMode: 'price', price: '', ratio: '', completionRatio: '', inputPrice: '', outputPrice: '' };
  const inputPrice = row.ratio === undefined ? undefined : ratioToInputPrice(row.ratio);
  const outputPrice = inputPrice !== undefined && row.completionRatio !== undefined ? outputPriceOf(inputPrice, row.completionRatio) : undefined;
  return {
    mode: row.mode,
    inputMode: 'price',
    price: text(row.price),
    ratio: text(row.ratio),
    completionRatio: text(row.completionRatio),
    inputPrice: text(inputPrice),
    outputPrice: text(outputPrice),
  };
}

/**
 * Keeps the two per-token spellings in step while typing: a ratio change recomputes the prices, a
 * price change recomputes the ratios. Fields that do not parse are left alone.
 */
export function syncPerTokenFields(changed: PricingField, v: PricingFormValues): Partial<PricingFormValues> {
  const ratio = numberOf(v.ratio);
  const completion = numberOf(v.completionRatio);
  const inputPrice = numberOf(v.inputPrice);
  const outputPrice = numberOf(v.outputPrice);
  if (changed === 'ratio' || changed === 'completionRatio') {
    if (ratio === undefined) return {};
    const input = ratioToInputPrice(ratio);
    return { inputPrice: String(input), outputPrice: completion === undefined ? '' : String(outputPriceOf(input, completion)) };
  }
  if (changed === 'inputPrice' || changed === 'outputPrice') {
    if (inputPrice === undefined) return {};
    return {
      ratio: String(inputPriceToRatio(inputPrice)),
      completionRatio: outputPrice === undefined || inputPrice === 0 ? '' : String(completionRatioOf(inputPrice, outputPrice)),
    };
  }
  return {};
}
