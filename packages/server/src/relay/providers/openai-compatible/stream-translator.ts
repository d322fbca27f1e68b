/** Passes an OpenAI-style SSE stream through as parsed events, capturing usage and the text produced. */
import { TextStreamTranslator } from '../text-stream-translator.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent, RelayEndpoint } from '../provider-adapter.js';
import { usageFromAnswer } from './usage.js';

const isObject = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Response API events whose `delta` is generated text (counted when no usage arrives). */
const RESPONSES_TEXT_EVENTS = new Set([
  'response.output_text.delta',
  'response.reasoning_text.delta',
  'response.reasoning_summary_text.delta',
  'response.function_call_arguments.delta',
  'response.refusal.delta',
]);

/** Response API events that carry the final response with its usage. */
const RESPONSES_FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * Chat and completions chunks are passed on as their original JSON text (the pipeline frames them and writes its own
 * `[DONE]`, so the upstream's is swallowed). Usage is taken from whichever chunk carries it — the
 * usage-only last chunk, or a choice (Moonshot puts it there). When the client explicitly refused
 * usage, the usage-only chunk is dropped and `usage` removed from the others. Responses API and
 * other streams keep their event names and are passed on unchanged.
 */
export class OpenAIStreamTranslator extends TextStreamTranslator {

  constructor(
    private readonly endpoint: RelayEndpoint,
    private readonly clientWantsUsage: boolean,
  ) {
    super();
  }

  push(event: ParsedSseEvent): OutboundEvent[] {
    const data = event.data.trim();
    if (!data || data === '[DONE]') return [];
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return [];
    }
    if (!isObject(value)) return [];
    if (this.endpoint === 'chat' || this.endpoint === 'completions') return this.chunk(value, data, event.event);
    if (this.endpoint === 'responses') this.responsesEvent(value, event.event);
    else if (isObject(value.usage)) this.lastUsage = usageFromAnswer(value.usage) ?? this.lastUsage;
    return [event.event ? { event: event.event, data } : { data }];
  }

  /** An unchanged chunk goes on as its original text (no re-serialising); a changed one as an object. */
  private chunk(chunk: Record<string, any>, raw: string, eventName: string | undefined): OutboundEvent[] {
    const choices: unknown[] = Array.isArray(chunk.choices) ? chunk.choices : [];
    for (const choice of choices) {
      if (!isObject(choice)) continue;
      this.collectText(choice);
      if (isObject(choice.usage)) this.lastUsage = usageFromAnswer(choice.usage) ?? this.lastUsage;
    }
    if (isObject(chunk.usage)) this.lastUsage = usageFromAnswer(chunk.usage) ?? this.lastUsage;
    let out: Record<string, any> | string = raw;
    if (!this.clientWantsUsage && 'usage' in chunk) {
      if (choices.length === 0 && isObject(chunk.usage)) return [];
      out = { ...chunk };
      delete out.usage;
    }
    return [eventName ? { event: eventName, data: out } : { data: out }];
  }

  private collectText(choice: Record<string, any>) {
    if (typeof choice.text === 'string') this.text += choice.text;
    const delta = choice.delta;
    if (!isObject(delta)) return;
    for (const field of ['content', 'reasoning_content', 'reasoning', 'refusal']) {
      if (typeof delta[field] === 'string') this.text += delta[field];
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const call of delta.tool_calls) {
        if (typeof call?.function?.name === 'string') this.text += call.function.name;
        if (typeof call?.function?.arguments === 'string') this.text += call.function.arguments;
      }
    }
  }

  private responsesEvent(value: Record<string, any>, eventName: string | undefined) {
    const type = typeof value.type === 'string' ? value.type : eventName;
    if (type && RESPONSES_TEXT_EVENTS.has(type) && typeof value.delta === 'string') this.text += value.delta;
    if (type && RESPONSES_FINAL_EVENTS.has(type) && isObject(value.response)) {
      this.lastUsage = usageFromAnswer(value.response.usage) ?? this.lastUsage;
    }
  }
}
