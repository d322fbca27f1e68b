/**
 * xAI's chat usage counts reasoning tokens apart from completion_tokens but within total_tokens (prompt
 * 26 + completion 168 + reasoning 304 = total 498), and bills them at the completion price. Restated in
 * OpenAI's meaning, as new-api does, completion_tokens is total_tokens minus prompt_tokens: the reasoning
 * is then counted once, whether xAI reports it apart or (as its Responses API does) within.
 *
 * Web searches (the Responses API's server-side web_search tool; chat's Live Search and the sources it
 * billed, num_sources_used, are gone) are billed as xAI bills them: its answer's output lists every
 * web_search_call attempted, failed ones and page reads included, while
 * `usage.server_side_tool_usage_details.web_search_calls` counts the successful calls it charges for.
 */
import type { Usage } from '../../formats/usage.js';
import { isJsonObject } from '../../formats/json-object.js';
import { responsesUsage } from '../openai-compatible/usage.js';
import type { OutboundEvent, StreamTranslator } from '../provider-adapter.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** The usage with reasoning inside completion_tokens; the object itself when it is already so. */
export function restateXaiUsage(u: Record<string, unknown>): Record<string, unknown> {
  const completion = count(u.completion_tokens);
  const total = count(u.total_tokens);
  const reasoning = isJsonObject(u.completion_tokens_details) ? count(u.completion_tokens_details.reasoning_tokens) : 0;
  // Without a total (xAI always sends one), its documented rule: reasoning comes on top.
  const withReasoning = total > 0 ? total - count(u.prompt_tokens) : completion + reasoning;
  return withReasoning > completion ? { ...u, completion_tokens: withReasoning } : u;
}

/**
 * The billing usage of an xAI Responses answer (a `response` object): tokens as OpenAI's, web searches
 * from xAI's billed count when the answer has one, else (older answers) its web_search_call items.
 */
export function xaiResponsesUsage(response: Record<string, unknown>): Usage | undefined {
  const usage = responsesUsage(response);
  const details = isJsonObject(response.usage) ? response.usage.server_side_tool_usage_details : undefined;
  if (!usage || !isJsonObject(details)) return usage;
  const searches = count(details.web_search_calls);
  if (searches) usage.webSearchCalls = searches;
  else delete usage.webSearchCalls;
  return usage;
}

/** Response API events that carry the final response with its usage (tested on the text before parsing it). */
const FINAL_EVENT = /"type"\s*:\s*"(response\.(?:completed|incomplete|failed))"/;

/**
 * An xAI Responses stream: the events pass through the shared translator unchanged; the usage is read
 * from the final `response` by xaiResponsesUsage.
 */
export class XaiResponsesStreamTranslator implements StreamTranslator {
  private finalUsage: Usage | undefined;

  constructor(private readonly inner: StreamTranslator) {}

  push(event: ParsedSseEvent): OutboundEvent[] {
    const out = this.inner.push(event);
    const final = FINAL_EVENT.exec(event.data);
    if (final) {
      try {
        const value: unknown = JSON.parse(event.data);
        if (isJsonObject(value) && value.type === final[1] && isJsonObject(value.response)) this.finalUsage = xaiResponsesUsage(value.response) ?? this.finalUsage;
      } catch {
        // the shared translator passed it on as it came; it carries no usage to read
      }
    }
    return out;
  }

  end(): OutboundEvent[] {
    return this.inner.end();
  }

  usage(): Usage | undefined {
    return this.finalUsage ?? this.inner.usage();
  }

  drainText(all?: boolean): string {
    return this.inner.drainText?.(all) ?? '';
  }

  complete(): boolean {
    return this.inner.complete?.() ?? false;
  }
}
