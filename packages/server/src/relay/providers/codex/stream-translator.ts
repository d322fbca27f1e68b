/**
 * A streamed Codex answer goes to the client as the backend sent it (Responses API events), with one
 * repair: a terminal `response.completed` whose `output` came empty gets the items streamed before it,
 * as the public API's final event carries them (SDKs read the final response from it).
 */
import { isJsonObject } from '../../formats/json-object.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import { OpenAIStreamTranslator } from '../openai-compatible/stream-translator.js';
import type { OutboundEvent, StreamTranslator } from '../provider-adapter.js';
import { ResponsesAccumulator } from './responses-accumulator.js';

export class CodexStreamTranslator implements StreamTranslator {
  /** Usage and text counting, as for any Responses stream. */
  private readonly inner = new OpenAIStreamTranslator('responses', true);
  private readonly accumulator = new ResponsesAccumulator();

  push(event: ParsedSseEvent): OutboundEvent[] {
    const out = this.inner.push(event);
    if (out.length !== 1) return out;
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      return out;
    }
    if (!isJsonObject(value)) return out;
    const repaired = this.accumulator.observe(value, event.event);
    return repaired ? [{ ...out[0], data: repaired }] : out;
  }

  end(): OutboundEvent[] {
    return this.inner.end();
  }

  usage() {
    return this.inner.usage();
  }

  drainText(all?: boolean): string {
    return this.inner.drainText(all);
  }
}
