import type { Usage } from '../formats/usage.js';
import type { OutboundEvent, StreamTranslator } from './provider-adapter.js';
import type { ParsedSseEvent } from '../streaming/sse-parser.js';

/**
 * The bookkeeping every event translator shares: the last usage the upstream reported and the text
 * produced since the pipeline last drained it (for local token counting when no usage arrives).
 */
export abstract class TextStreamTranslator implements StreamTranslator {
  protected lastUsage: Usage | undefined;
  protected text = '';

  abstract push(event: ParsedSseEvent): OutboundEvent[];

  end(): OutboundEvent[] {
    return [];
  }

  usage(): Usage | undefined {
    return this.lastUsage;
  }

  drainText(): string {
    const text = this.text;
    this.text = '';
    return text;
  }
}
