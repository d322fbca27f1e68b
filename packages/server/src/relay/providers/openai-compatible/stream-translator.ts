/** Passes an OpenAI-style SSE stream through as parsed events, capturing usage and the text produced. */
import { TextStreamTranslator } from '../text-stream-translator.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent, RelayEndpoint } from '../provider-adapter.js';
import { readChatUsage, responsesUsage, usageFromAnswer, type ChatUsageDialect } from './usage.js';
import { isJsonObject } from '../../formats/json-object.js';

/** Response API events whose `delta` is generated text (counted when no usage arrives). */
const RESPONSES_TEXT_EVENTS = new Set([
  'response.output_text.delta',
  'response.reasoning_text.delta',
  'response.reasoning_summary_text.delta',
  'response.function_call_arguments.delta',
  'response.refusal.delta',
]);

/** Most chunk text held back unparsed per stream (64 KiB): beyond it the held chunks are parsed for their text. */
const MAX_DEFERRED_CHARS = 64 * 1024;

const isJsonSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Where the next `"usage"` starts in a chunk's text, at or after `from` (-1 when there is none). Searched by
 * `usage"` with the quote before it checked: a search that starts with the quote stops at every quote of
 * the JSON, which made it 8 times slower on the benchmark's chunks (150 against 19 ns per chunk).
 */
function indexOfUsageKey(data: string, from: number): number {
  for (let at = data.indexOf('usage"', from + 1); at >= 0; at = data.indexOf('usage"', at + 6)) {
    if (data.charCodeAt(at - 1) === 34) return at - 1;
  }
  return -1;
}

/** Whether a "usage" key in a chunk's text, the first at `from`, has anything but null after it. */
function hasUsageValue(data: string, from: number): boolean {
  for (let at = from; at >= 0; at = indexOfUsageKey(data, at + 7)) {
    let i = at + 7;
    while (isJsonSpace(data.charCodeAt(i))) i++;
    if (data.charCodeAt(i) !== 58) continue; // ':' — the word inside some text, not a key
    i++;
    while (isJsonSpace(data.charCodeAt(i))) i++;
    if (!data.startsWith('null', i) || isWordChar(data.charCodeAt(i + 4))) return true;
  }
  return false;
}

/** Response API events that carry the final response with its usage. */
const RESPONSES_FINAL_EVENTS = new Set(['response.completed', 'response.incomplete', 'response.failed']);

/**
 * Chat and completions chunks are passed on as their original JSON text (the pipeline frames them and writes its own
 * `[DONE]`, so the upstream's is swallowed). Usage is taken from whichever chunk carries it — the
 * usage-only last chunk, or a choice (Moonshot puts it there), read by the upstream's usage dialect (a
 * chunk whose usage it restates goes on with the restated one). When the client explicitly refused
 * usage, the usage-only chunk is dropped and `usage` removed from the others. Responses API and
 * other streams keep their event names and are passed on unchanged.
 *
 * Parsing every chunk only to count its text is wasted when the upstream reports usage at the end (the
 * usual case, since the pipeline asks for it): a chat chunk that cannot hold usage is passed on unparsed
 * and kept as text, and only parsed for its text if the count is needed or the kept text grows too large.
 */
export class OpenAIStreamTranslator extends TextStreamTranslator {
  /** Held-back chunk texts, in order with the text of chunks parsed meanwhile (`{ text }`). */
  private deferred: (string | { text: string })[] = [];
  private deferredChars = 0;
  private sawDone = false;

  constructor(
    private readonly endpoint: RelayEndpoint,
    private readonly clientWantsUsage: boolean,
    private readonly dialect?: ChatUsageDialect,
  ) {
    super();
  }

  push(event: ParsedSseEvent): OutboundEvent[] {
    const data = event.data.trim();
    if (data === '[DONE]') this.sawDone = true;
    if (!data || data === '[DONE]') return [];
    if ((this.endpoint === 'chat' || this.endpoint === 'completions') && this.canDefer(data)) {
      this.defer(data);
      return [event.event ? { event: event.event, data } : { data }];
    }
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return [];
    }
    if (!isJsonObject(value)) return [];
    if (this.endpoint === 'chat' || this.endpoint === 'completions') return this.chunk(value, data, event.event);
    if (this.endpoint === 'responses') this.responsesEvent(value, event.event);
    else if (isJsonObject(value.usage)) this.lastUsage = usageFromAnswer(value.usage) ?? this.lastUsage;
    return [event.event ? { event: event.event, data } : { data }];
  }

  complete(): boolean {
    return this.sawDone;
  }

  override drainText(all?: boolean): string {
    if (all) this.parseDeferred();
    return super.drainText();
  }

  /**
   * A chunk object that carries no usage needs no parsing now: no "usage" in its text, or only the
   * `"usage":null` OpenAI puts in every chunk when usage was asked for (kept as is unless the client
   * refused usage, when the field must be removed).
   */
  private canDefer(data: string): boolean {
    if (data.charCodeAt(0) !== 123 || data.charCodeAt(data.length - 1) !== 125) return false;
    const usageAt = indexOfUsageKey(data, 0);
    if (usageAt < 0) return true;
    return this.clientWantsUsage && !hasUsageValue(data, usageAt);
  }

  private defer(data: string) {
    this.deferred.push(data);
    this.deferredChars += data.length;
    if (this.deferredChars > MAX_DEFERRED_CHARS) this.parseDeferred();
  }

  private parseDeferred() {
    for (const data of this.deferred) {
      if (typeof data !== 'string') {
        this.text += data.text;
        continue;
      }
      try {
        const value: unknown = JSON.parse(data);
        if (isJsonObject(value) && Array.isArray(value.choices)) for (const choice of value.choices) if (isJsonObject(choice)) this.collectText(choice);
      } catch {
        // Passed on as it came; it just adds nothing to the count.
      }
    }
    this.deferred = [];
    this.deferredChars = 0;
  }

  /** An unchanged chunk goes on as its original text (no re-serialising); a changed one as an object. */
  private chunk(chunk: Record<string, any>, raw: string, eventName: string | undefined): OutboundEvent[] {
    const choices: unknown[] = Array.isArray(chunk.choices) ? chunk.choices : [];
    // While chunks are held back, this chunk's text queues behind them so the text keeps its order.
    const textBefore = this.text;
    if (this.deferred.length > 0) this.text = '';
    for (const choice of choices) {
      if (!isJsonObject(choice)) continue;
      this.collectText(choice);
      if (isJsonObject(choice.usage)) this.lastUsage = readChatUsage(choice.usage, this.dialect).usage ?? this.lastUsage;
    }
    if (this.deferred.length > 0) {
      if (this.text) this.deferred.push({ text: this.text });
      this.text = textBefore;
    }
    let restated: Record<string, unknown> | undefined;
    if (isJsonObject(chunk.usage)) {
      const read = readChatUsage(chunk.usage, this.dialect);
      this.lastUsage = read.usage ?? this.lastUsage;
      if (read.restated !== chunk.usage) restated = read.restated;
    }
    let out: Record<string, any> | string = raw;
    if (!this.clientWantsUsage && 'usage' in chunk) {
      if (choices.length === 0 && isJsonObject(chunk.usage)) return [];
      out = { ...chunk };
      delete out.usage;
    } else if (restated) {
      out = { ...chunk, usage: restated };
    }
    return [eventName ? { event: eventName, data: out } : { data: out }];
  }

  private collectText(choice: Record<string, any>) {
    if (typeof choice.text === 'string') this.text += choice.text;
    const delta = choice.delta;
    if (!isJsonObject(delta)) return;
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
    if (type && RESPONSES_FINAL_EVENTS.has(type) && isJsonObject(value.response)) {
      this.lastUsage = responsesUsage(value.response) ?? this.lastUsage;
    }
  }
}
