/**
 * A client surface that Vertex serves with the other model family (a Claude-format request for a
 * Gemini model, or the reverse) is converted through the hub format inside the adapter: the
 * surface sees `supports('claude.messages')` / `supports('gemini.generate')` for the whole channel.
 */
import { openAIToClaudeResponse } from '../../formats/anthropic/response-from-openai.js';
import { OpenAIToClaudeStream } from '../../formats/anthropic/stream-from-openai.js';
import { openAIToGeminiResponse } from '../../formats/gemini/response-from-openai.js';
import { OpenAIToGeminiStream } from '../../formats/gemini/stream-from-openai.js';
import type { ChatCompletion, OpenAIStreamItem } from '../../formats/openai/types.js';
import type { Usage } from '../../formats/usage.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent, ProviderResponse, StreamTranslator } from '../provider-adapter.js';

/** The client format a hub answer is turned into. */
export type BridgeTarget = 'claude' | 'gemini';

export function bridgeResponse(response: ProviderResponse, target: BridgeTarget): ProviderResponse {
  const completion = response.body as ChatCompletion;
  return { ...response, body: target === 'claude' ? openAIToClaudeResponse(completion) : openAIToGeminiResponse(completion) };
}

interface HubConsumer {
  pushChunk(item: OpenAIStreamItem): unknown[];
  finish(): unknown[];
}

/** Wraps a translator that emits hub chunks and re-encodes them as Claude events or Gemini responses. */
export class HubBridgeTranslator implements StreamTranslator {
  private readonly consumer: HubConsumer;
  private readonly frame: (item: unknown) => OutboundEvent;

  constructor(
    private readonly inner: StreamTranslator,
    target: BridgeTarget,
  ) {
    if (target === 'claude') {
      this.consumer = new OpenAIToClaudeStream();
      this.frame = (event) => ({ event: (event as { type: string }).type, data: event });
    } else {
      this.consumer = new OpenAIToGeminiStream();
      this.frame = (item) => ({ data: item });
    }
  }

  push(event: ParsedSseEvent): OutboundEvent[] {
    return this.convert(this.inner.push(event));
  }

  end(): OutboundEvent[] {
    return [...this.convert(this.inner.end()), ...this.consumer.finish().map(this.frame)];
  }

  usage(): Usage | undefined {
    return this.inner.usage();
  }

  drainText(all?: boolean): string {
    return this.inner.drainText?.(all) ?? '';
  }

  private convert(events: OutboundEvent[]): OutboundEvent[] {
    return events.flatMap((e) => this.consumer.pushChunk(e.data as OpenAIStreamItem)).map(this.frame);
  }
}
