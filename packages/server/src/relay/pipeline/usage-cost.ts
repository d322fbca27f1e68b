import { computeQuota, type BillablePrice } from '../../billing/price-calculator.js';
import { isJsonObject } from '../formats/json-object.js';
import type { Usage } from '../formats/usage.js';
import type { ByteStreamTranslator, OutboundEvent } from '../providers/provider-adapter.js';
import { invalidRequest } from '../relay-error.js';
import { mappedTranslator } from './mapped-translator.js';

type Json = Record<string, unknown>;

/** What an answer of this usage costs, in currency units (USD: QuotaPerUnit quota each). */
export type UsageCost = (usage: Usage) => number;

/**
 * OpenRouter's usage accounting on the chat and completions surfaces: a body's `usage` (`{"include": true}`) is the gateway's,
 * taken out so no upstream sees it. Answers whether the client asked for the cost.
 */
export function takeUsageAccounting(body: Json): { body: Json; reportCost: boolean } {
  if (body.usage === undefined) return { body, reportCost: false };
  const { usage, ...rest } = body;
  if (!isJsonObject(usage)) throw invalidRequest('usage must be an object, such as {"include": true}', 'invalid_usage');
  if (usage.include !== undefined && typeof usage.include !== 'boolean') throw invalidRequest('usage.include must be true or false', 'invalid_usage');
  if (usage.include !== true) return { body: rest, reportCost: false };
  // The cost goes in the stream's usage chunk: the stream has one whatever stream_options says.
  const options = rest.stream_options;
  if (rest.stream === true && isJsonObject(options) && options.include_usage === false) rest.stream_options = { ...options, include_usage: true };
  return { body: rest, reportCost: true };
}

/** The cost of a usage at `price`: the quota it is charged, in currency units. */
export function usageCostAt(price: BillablePrice, quotaPerUnit: number): UsageCost {
  return (usage) => Math.round((computeQuota(price, usage, quotaPerUnit) / quotaPerUnit) * 1e10) / 1e10;
}

/** A chat completion (or chunk) whose `usage` object also says what it cost; anything else unchanged. */
export function withUsageCost<T>(body: T, cost: number): T {
  if (!isJsonObject(body) || !isJsonObject(body.usage)) return body;
  return { ...body, usage: { ...body.usage, cost } };
}

/**
 * A chat stream whose usage chunk also says what the answer cost (priced from the usage the stream reported
 * up to that chunk). Only chunks that carry a usage object are parsed and re-encoded; the others pass as they are.
 */
export function streamWithUsageCost(inner: ByteStreamTranslator, costOf: UsageCost): ByteStreamTranslator {
  const map = (events: OutboundEvent[]): OutboundEvent[] => {
    if (!events.some(carriesUsage)) return events;
    const usage = inner.usage();
    if (!usage) return events;
    return events.map((e) => {
      if (!carriesUsage(e)) return e;
      const chunk: unknown = typeof e.data === 'string' ? JSON.parse(e.data) : e.data;
      return { ...e, data: withUsageCost(chunk, costOf(usage)) };
    });
  };
  return mappedTranslator(inner, map);
}

/** Whether an outbound chat chunk has a usage object (a string is read only when it could). */
function carriesUsage(e: OutboundEvent): boolean {
  if (typeof e.data === 'string') {
    if (!e.data.includes('"usage"')) return false;
    try {
      const chunk: unknown = JSON.parse(e.data);
      return isJsonObject(chunk) && isJsonObject(chunk.usage);
    } catch {
      return false;
    }
  }
  return isJsonObject(e.data) && isJsonObject(e.data.usage);
}
