/** Cohere v2 chat stream events → hub chat.completion.chunk objects. */
import { nowSeconds, randomId } from '../../formats/ids.js';
import { TextStreamTranslator } from '../text-stream-translator.js';
import { ChunkFactory } from '../../formats/openai/chunks.js';
import { toOpenAIUsage } from '../../formats/usage.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent } from '../provider-adapter.js';
import { cohereFinishReason, fromCohereUsage } from './chat-response.js';
import type { CohereStreamEvent } from './types.js';

/**
 * message-start opens the answer; content-delta carries text (or a reasoning model's thinking);
 * tool-plan-delta is the model's plan before tool calls, sent as reasoning; tool-call-start/-delta
 * stream one tool call each; message-end carries the finish reason and usage. Other events
 * (content-start/-end, citations, tool-call-end) have nothing to add.
 */
export class CohereStreamTranslator extends TextStreamTranslator {
  private readonly chunks: ChunkFactory;
  private toolCalls = -1;
  private finished = false;

  constructor(model: string, private readonly includeUsage: boolean) {
    super();
    this.chunks = new ChunkFactory(randomId('chatcmpl-'), model, nowSeconds(), includeUsage);
  }

  push(sse: ParsedSseEvent): OutboundEvent[] {
    let event: CohereStreamEvent;
    try {
      event = JSON.parse(sse.data) as CohereStreamEvent;
    } catch {
      return [];
    }
    if (this.finished || typeof event !== 'object' || event === null) return [];
    const message = event.delta?.message;
    switch (event.type ?? sse.event) {
      case 'message-start':
        if (event.id) this.chunks.id = `chatcmpl-${event.id}`;
        return [{ data: this.chunks.delta({ role: 'assistant', content: '' }) }];
      case 'content-delta': {
        const content = message?.content;
        if (content?.thinking) return this.delta({ reasoning_content: content.thinking }, content.thinking);
        return content?.text ? this.delta({ content: content.text }, content.text) : [];
      }
      case 'tool-plan-delta':
        return message?.tool_plan ? this.delta({ reasoning_content: message.tool_plan }, message.tool_plan) : [];
      case 'tool-call-start': {
        const call = message?.tool_calls;
        this.toolCalls++;
        const name = call?.function?.name ?? '';
        const args = call?.function?.arguments ?? '';
        return this.delta({ tool_calls: [{ index: this.toolCalls, id: call?.id ?? randomId('call_'), type: 'function', function: { name, arguments: args } }] }, name + args);
      }
      case 'tool-call-delta': {
        const args = message?.tool_calls?.function?.arguments;
        return args ? this.delta({ tool_calls: [{ index: Math.max(this.toolCalls, 0), function: { arguments: args } }] }, args) : [];
      }
      case 'message-end':
        return this.finish(event);
      default:
        return [];
    }
  }

  private delta(delta: Parameters<ChunkFactory['delta']>[0], produced: string): OutboundEvent[] {
    this.text += produced;
    return [{ data: this.chunks.delta(delta) }];
  }

  private finish(event: CohereStreamEvent): OutboundEvent[] {
    this.finished = true;
    this.lastUsage = fromCohereUsage(event.delta?.usage) ?? this.lastUsage;
    const out: OutboundEvent[] = [{ data: this.chunks.delta({}, cohereFinishReason(event.delta?.finish_reason)) }];
    if (this.includeUsage && this.lastUsage) out.push({ data: this.chunks.usage(toOpenAIUsage(this.lastUsage)) });
    return out;
  }
}
