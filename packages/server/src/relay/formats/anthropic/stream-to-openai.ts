import { nowSeconds, randomId } from '../ids.js';
import { ChunkFactory } from '../openai/chunks.js';
import type { ChatDelta, OpenAIStreamItem } from '../openai/types.js';
import { sseJson, type SseEvent } from '../sse-event.js';
import { fromAnthropicUsage, mergeAnthropicUsage, toOpenAIUsage, type Usage } from '../usage.js';
import { claudeErrorToOpenAI, statusForClaudeErrorType } from './errors.js';
import { claudeStopToFinishReason } from './stop-reason.js';
import type { ClaudeDeltaUsage, ClaudeResponseBlock, ClaudeStopReason, ClaudeStreamEvent, ClaudeUsage } from './types.js';

export interface StreamToOpenAIOptions {
  /** The client asked for stream_options.include_usage: send the usage chunk at the end. */
  includeUsage?: boolean;
  /** Model name to report when the upstream does not say (and `created` for tests). */
  model?: string;
  created?: number;
}

/**
 * Claude Messages SSE events → OpenAI chat.completion.chunk objects. Feed events in order with
 * `push`; each call returns what to send to the client now. Memory stays constant per stream.
 */
export class ClaudeToOpenAIStream {
  private factory: ChunkFactory | undefined;
  private raw: ClaudeUsage = { input_tokens: 0, output_tokens: 0 };
  private readonly toolIndexByBlock = new Map<number, number>();
  private stopReason: ClaudeStopReason | null = null;
  private finished = false;

  constructor(private readonly options: StreamToOpenAIOptions = {}) {}

  /** Usage seen so far (complete once the stream has finished). */
  get usage(): Usage {
    return fromAnthropicUsage(this.raw);
  }

  /** True after message_stop or an error event. */
  get done(): boolean {
    return this.finished;
  }

  push(sse: SseEvent): OpenAIStreamItem[] {
    const data = sseJson(sse) as ClaudeStreamEvent | undefined;
    if (!data || typeof data !== 'object') return [];
    return this.pushEvent(data);
  }

  pushEvent(event: ClaudeStreamEvent): OpenAIStreamItem[] {
    if (this.finished) return [];
    switch (event.type) {
      case 'message_start':
        return this.start(event.message?.id, event.message?.model, event.message?.usage);
      case 'content_block_start':
        return this.blockStart(event.index, event.content_block);
      case 'content_block_delta':
        return this.blockDelta(event);
      case 'message_delta':
        if (event.delta?.stop_reason) this.stopReason = event.delta.stop_reason;
        if (event.usage) this.mergeUsage(event.usage);
        return [];
      case 'message_stop':
        return this.end();
      case 'error': {
        this.finished = true;
        const type = event.error?.type ?? 'api_error';
        return [claudeErrorToOpenAI(event, statusForClaudeErrorType(type))];
      }
      default:
        // ping, content_block_stop and event types added later carry nothing for OpenAI clients.
        return [];
    }
  }

  /** Call when the upstream closed: completes a stream that stopped after its final message_delta. */
  finish(): OpenAIStreamItem[] {
    if (this.finished || !this.stopReason) return [];
    return this.end();
  }

  private chunks(): ChunkFactory {
    this.factory ??= new ChunkFactory(randomId('msg_'), this.options.model ?? '', this.options.created ?? nowSeconds(), !!this.options.includeUsage);
    return this.factory;
  }

  private start(id: string | undefined, model: string | undefined, usage: ClaudeUsage | undefined): OpenAIStreamItem[] {
    const chunks = this.chunks();
    if (id) chunks.id = id;
    if (model) chunks.model = model;
    if (usage) this.mergeUsage(usage);
    return [chunks.delta({ role: 'assistant', content: '' })];
  }

  private mergeUsage(u: ClaudeDeltaUsage | ClaudeUsage) {
    mergeAnthropicUsage(this.raw, u);
  }

  private blockStart(index: number, block: ClaudeResponseBlock | undefined): OpenAIStreamItem[] {
    if (block?.type === 'tool_use') {
      const toolIndex = this.toolIndexByBlock.size;
      this.toolIndexByBlock.set(index, toolIndex);
      return [this.chunks().delta({ tool_calls: [{ index: toolIndex, id: block.id, type: 'function', function: { name: block.name, arguments: '' } }] })];
    }
    if (block?.type === 'text' && block.text) return [this.chunks().delta({ content: block.text })];
    if (block?.type === 'thinking' && block.thinking) return [this.chunks().delta({ reasoning_content: block.thinking })];
    return [];
  }

  private blockDelta(event: Extract<ClaudeStreamEvent, { type: 'content_block_delta' }>): OpenAIStreamItem[] {
    const delta = event.delta;
    let out: ChatDelta | undefined;
    if (delta?.type === 'text_delta' && delta.text) out = { content: delta.text };
    else if (delta?.type === 'thinking_delta' && delta.thinking) out = { reasoning_content: delta.thinking };
    else if (delta?.type === 'input_json_delta' && delta.partial_json) {
      const index = this.toolIndexByBlock.get(event.index);
      if (index !== undefined) out = { tool_calls: [{ index, function: { arguments: delta.partial_json } }] };
    }
    return out ? [this.chunks().delta(out)] : [];
  }

  private end(): OpenAIStreamItem[] {
    this.finished = true;
    const chunks = this.chunks();
    const items: OpenAIStreamItem[] = [chunks.delta({}, claudeStopToFinishReason(this.stopReason))];
    if (this.options.includeUsage) items.push(chunks.usage(toOpenAIUsage(this.usage)));
    return items;
  }
}
