import type { LogOther, LogPriceBreakdown, LogPriceTerm } from '@gw/contracts';

export type { LogOther } from '@gw/contracts';

/** A log row's `other` JSON as an object; anything unreadable is empty. */
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

/** A failed call's answer as its error log recorded it, e.g. `502 · do_request_failed`; undefined for other rows. */
export function errorSummary(other: LogOther): string | undefined {
  if (other.status_code === undefined && !other.error_code) return undefined;
  return [other.status_code, other.error_code].filter((part) => part !== undefined && part !== '').join(' · ');
}

/** The translations the price calculation is written with (the logs namespace's `detail.*`). */
export type DetailText = (key: string, values?: Record<string, unknown>) => string;

/** A USD amount as the log detail writes it: up to 6 decimals, no trailing zeros. */
export const usd = (value: number) => `$${Number(value.toFixed(6))}`;

function termText(term: LogPriceTerm, t: DetailText): string {
  return t(`detail.term.${term.kind}`, { tokens: term.tokens, f0: term.factors[0], f1: term.factors[1] });
}

function toolsText(b: LogPriceBreakdown, t: DetailText): string {
  return b.tools
    .map((tool) => t('detail.tool', { name: t(`detail.toolName.${tool.tool}`), calls: tool.calls, price: usd(tool.pricePerThousand), group: b.groupRatio }))
    .join('');
}

/** Who paid the request, in the reader's words, when it was not the wallet (a subscription); undefined otherwise. */
export function paidFromText(other: LogOther, t: DetailText): string | undefined {
  if (other.billing_source !== 'subscription') return undefined;
  return t('detail.billedToSubscription', { plan: other.subscription_plan_title ?? '' });
}

/**
 * A log row's price calculation written out, term by term (the gateway's formula, contracts
 * logPriceBreakdown): per token, group ratio × model ratio × (prompt and completion terms, each with its
 * ratios) / quota per unit, plus priced tool calls; per call, price × group ratio (× images × size ratio).
 */
export function priceCalculationText(b: LogPriceBreakdown, unit: number, t: DetailText): string {
  if (b.kind === 'price') {
    const images = b.images ? t('detail.images', { count: b.images.count, ratio: b.images.sizeRatio }) : '';
    return t('detail.formulaPerCall', { price: usd(b.modelPrice), group: b.groupRatio, images, tools: toolsText(b, t), total: usd(b.usd) });
  }
  const input = b.input.map((term) => termText(term, t)).join(' + ');
  const output = b.output.map((term) => termText(term, t)).join(' + ');
  const tokens = b.longContext
    ? t('detail.longContext', { input, output, inputFactor: b.longContext.input, outputFactor: b.longContext.output })
    : `${input} + ${output}`;
  return t('detail.formula', { group: b.groupRatio, model: b.modelRatio, tokens, unit, tools: toolsText(b, t), total: usd(b.usd) });
}
