/** Reads a Claude Messages event stream: native events passed through, or converted to hub chunks. */
import { ClaudeToOpenAIStream } from '../../formats/anthropic/stream-to-openai.js';
import type { ClaudeDeltaUsage, ClaudeStreamEvent, ClaudeUsage } from '../../formats/anthropic/types.js';
import { fromAnthropicUsage, mergeAnthropicUsage, type Usage } from '../../formats/usage.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent, StreamTranslator } from '../provider-adapter.js';
import type { ClaudeOutput } from './claude-response.js';
import { isJsonObject } from '../../formats/json-object.js';

/**
 * `native`: every event goes out as it came (its name and raw JSON text), so fields this gateway does
 * not know survive. `hub`: events become OpenAI chat chunks. Either way usage is tracked from
 * message_start and the cumulative counts of message_delta, and the generated text (answer, thinking,
 * tool names and arguments) is collected for local counting.
 */
export class ClaudeStreamTranslator implements StreamTranslator {
  private readonly hub: ClaudeToOpenAIStream | undefined;
  private raw: ClaudeUsage | undefined;
  private text = '';
  private stopped = false;

  constructor(output: ClaudeOutput, includeUsage: boolean) {
    this.hub = output === 'hub' ? new ClaudeToOpenAIStream({ includeUsage }) : undefined;
  }

  push(event: ParsedSseEvent): OutboundEvent[] {
    return this.pushData(event.event, event.data);
  }

  /** One event as JSON text; the name defaults to its `type` (Bedrock frames carry no SSE name). */
  pushData(name: string | undefined, data: string): OutboundEvent[] {
    const text = data.trim();
    if (!text) return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return [];
    }
    if (!isJsonObject(value) || typeof value.type !== 'string') return [];
    return this.pushEvent(value as ClaudeStreamEvent, name || value.type, text);
  }

  /** An event already parsed; `raw` is its JSON text for pass-through (serialised when absent). */
  pushEvent(event: ClaudeStreamEvent, name: string = event.type, raw?: string): OutboundEvent[] {
    this.observe(event);
    if (this.hub) return this.hub.pushEvent(event).map((item) => ({ data: item }));
    return [{ event: name, data: raw ?? JSON.stringify(event) }];
  }

  end(): OutboundEvent[] {
    return this.hub ? this.hub.finish().map((item) => ({ data: item })) : [];
  }

  usage(): Usage | undefined {
    return this.raw ? fromAnthropicUsage(this.raw) : undefined;
  }

  /** Claude ends every answer with message_stop. */
  complete(): boolean {
    return this.stopped;
  }

  drainText(): string {
    const text = this.text;
    this.text = '';
    return text;
  }

  private observe(event: ClaudeStreamEvent) {
    if (event.type === 'message_stop') this.stopped = true;
    switch (event.type) {
      case 'message_start':
        if (isJsonObject(event.message?.usage)) this.mergeUsage(event.message.usage);
        break;
      case 'message_delta':
        if (isJsonObject(event.usage)) this.mergeUsage(event.usage);
        break;
      case 'content_block_start': {
        const block = event.content_block;
        if (block?.type === 'text' && typeof block.text === 'string') this.text += block.text;
        else if (block?.type === 'thinking' && typeof block.thinking === 'string') this.text += block.thinking;
        else if (block?.type === 'tool_use' && typeof block.name === 'string') this.text += block.name;
        break;
      }
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta?.type === 'text_delta' && typeof delta.text === 'string') this.text += delta.text;
        else if (delta?.type === 'thinking_delta' && typeof delta.thinking === 'string') this.text += delta.thinking;
        else if (delta?.type === 'input_json_delta' && typeof delta.partial_json === 'string') this.text += delta.partial_json;
        break;
      }
      default:
        break;
    }
  }

  private mergeUsage(u: ClaudeUsage | ClaudeDeltaUsage) {
    mergeAnthropicUsage((this.raw ??= { input_tokens: 0, output_tokens: 0 }), u);
  }
}
