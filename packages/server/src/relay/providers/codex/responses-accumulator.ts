/**
 * Collects a Codex Responses event stream into the final `response` object. The backend always
 * streams, so a client that did not ask for a stream gets this object instead; and its terminal
 * `response.completed` often carries `output: []` (with store off it keeps nothing to echo back), the
 * items having come one by one in `response.output_item.done` events: they are put back in order.
 */
import { isJsonObject } from '../../formats/json-object.js';
import { RelayError } from '../../relay-error.js';
import { SseParser, type ParsedSseEvent } from '../../streaming/sse-parser.js';

type Json = Record<string, any>;

const TERMINAL = new Set(['response.completed', 'response.incomplete']);

export class ResponsesAccumulator {
  private started: Json | undefined;
  private final: Json | undefined;
  private failure: RelayError | undefined;
  /** Finished items by output_index. */
  private readonly done = new Map<number, Json>();
  /** Items announced but not (yet) finished, by output_index: a message's text is rebuilt from its deltas. */
  private readonly open = new Map<number, Json>();
  private readonly texts = new Map<string, string>();

  /**
   * Records one event (its parsed data). For a terminal event whose response came without output while
   * items were streamed, answers the event with the output filled in; otherwise undefined.
   */
  observe(value: Json, eventName?: string): Json | undefined {
    const type = typeof value.type === 'string' ? value.type : eventName;
    switch (type) {
      case 'response.created':
      case 'response.in_progress':
        if (isJsonObject(value.response)) this.started = value.response;
        return undefined;
      case 'response.output_item.added':
        if (isJsonObject(value.item) && typeof value.output_index === 'number') this.open.set(value.output_index, value.item);
        return undefined;
      case 'response.output_item.done':
        if (isJsonObject(value.item) && typeof value.output_index === 'number') this.done.set(value.output_index, value.item);
        return undefined;
      case 'response.output_text.delta':
        if (typeof value.item_id === 'string' && typeof value.delta === 'string') this.texts.set(value.item_id, (this.texts.get(value.item_id) ?? '') + value.delta);
        return undefined;
      case 'response.failed': {
        const error = isJsonObject(value.response?.error) ? value.response.error : {};
        this.failure = new RelayError(502, String(error.code ?? 'response_failed'), `the upstream response failed: ${String(error.message ?? 'no reason given')}`, 'upstream');
        return undefined;
      }
      case 'error': {
        const error = isJsonObject(value.error) ? value.error : value;
        this.failure = new RelayError(502, String(error.code ?? error.type ?? 'upstream_error'), `the upstream stream failed: ${String(error.message ?? 'no reason given')}`, 'upstream');
        return undefined;
      }
      default:
        if (!type || !TERMINAL.has(type) || !isJsonObject(value.response)) return undefined;
        this.final = this.withOutput(value.response);
        return this.final === value.response ? undefined : { ...value, response: this.final };
    }
  }

  /** The whole response; the stream's failure, or its end before the response completed, is an upstream error. */
  result(): Json {
    if (this.failure) throw this.failure;
    if (!this.final) {
      const what = this.started ? 'ended before the response completed' : 'held no response';
      throw new RelayError(502, 'bad_response_body', `the upstream stream ${what}`, 'upstream');
    }
    return this.final;
  }

  private withOutput(response: Json): Json {
    if (Array.isArray(response.output) && response.output.length > 0) return response;
    const items = this.streamedItems();
    return items.length > 0 ? { ...response, output: items } : response;
  }

  private streamedItems(): Json[] {
    const indices = [...new Set([...this.done.keys(), ...this.open.keys()])].sort((a, b) => a - b);
    const items: Json[] = [];
    for (const index of indices) {
      const item = this.done.get(index) ?? this.rebuilt(this.open.get(index)!);
      if (item) items.push(item);
    }
    return items;
  }

  /** An item that was announced but never finished: a message keeps the text its deltas brought. */
  private rebuilt(item: Json): Json | undefined {
    if (item.type !== 'message') return undefined;
    const text = typeof item.id === 'string' ? this.texts.get(item.id) : undefined;
    if (!text) return undefined;
    return { ...item, status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] };
  }
}

/** The response object of a whole Codex event stream (the non-streamed answer). */
export function collectResponsesStream(raw: Uint8Array): Json {
  const parser = new SseParser();
  const accumulator = new ResponsesAccumulator();
  const events: ParsedSseEvent[] = [...parser.push(raw), ...parser.end()];
  for (const event of events) {
    const data = event.data.trim();
    if (!data || data === '[DONE]') continue;
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      continue;
    }
    if (isJsonObject(value)) accumulator.observe(value, event.event);
  }
  return accumulator.result();
}
