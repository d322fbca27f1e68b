import { randomId } from '../ids.js';
import { reasoningOf } from '../openai/reasoning.js';
import { isOpenAIErrorBody, type ChatCompletionChunk, type ChatToolCallDelta, type FinishReason, type OpenAIStreamItem } from '../openai/types.js';
import { isDoneEvent, sseJson, type SseEvent } from '../sse-event.js';
import { emptyUsage, fromOpenAIUsage, toAnthropicUsage, type Usage } from '../usage.js';
import { claudeToolId } from './content-from-openai.js';
import { claudeErrorTypeForOpenAIType } from './errors.js';
import { claudeMessageId } from './response-from-openai.js';
import { finishReasonToClaudeStop } from './stop-reason.js';
import type { ClaudeResponseBlock, ClaudeStreamEvent } from './types.js';

export interface StreamFromOpenAIOptions {
  /** Model name to report when the upstream does not say. */
  model?: string;
  /** Estimated prompt tokens for message_start (OpenAI streams report usage only at the end). */
  promptTokens?: number;
}

/** A Claude stream event framed for the wire: `event: <type>` plus its JSON. */
export const claudeSseEvent = (event: ClaudeStreamEvent): SseEvent => ({ event: event.type, data: JSON.stringify(event) });

type BlockKind = 'text' | 'thinking' | 'tool';

/**
 * OpenAI chat.completion.chunk objects → Claude Messages stream events, in the order Claude
 * clients expect: message_start, then one content block at a time (start, deltas, stop; a new
 * block whenever the kind of content changes), then message_delta and message_stop.
 */
export class OpenAIToClaudeStream {
  private started = false;
  private finished = false;
  private nextBlock = 0;
  private open: { kind: BlockKind; index: number; tool?: number } | undefined;
  private readonly toolBlocks = new Map<number, number>();
  private finishReason: FinishReason | null = null;
  private seenUsage: Usage | undefined;

  constructor(private readonly options: StreamFromOpenAIOptions = {}) {}

  /** Usage reported by the upstream (empty until its usage chunk arrives). */
  get usage(): Usage {
    return this.seenUsage ?? emptyUsage();
  }

  get done(): boolean {
    return this.finished;
  }

  push(sse: SseEvent): ClaudeStreamEvent[] {
    if (isDoneEvent(sse)) return this.finish();
    const data = sseJson(sse) as OpenAIStreamItem | undefined;
    return data && typeof data === 'object' ? this.pushChunk(data) : [];
  }

  pushChunk(item: OpenAIStreamItem): ClaudeStreamEvent[] {
    if (this.finished) return [];
    if (isOpenAIErrorBody(item)) {
      this.finished = true;
      return [{ type: 'error', error: { type: claudeErrorTypeForOpenAIType(item.error.type), message: item.error.message } }];
    }
    const events = this.start(item);
    if (item.usage) this.seenUsage = fromOpenAIUsage(item.usage);
    const choice = item.choices?.[0];
    const delta = choice?.delta;
    if (delta) {
      const reasoning = reasoningOf(delta);
      const text = delta.content || delta.refusal;
      if (reasoning) events.push(...this.ensure('thinking'), this.delta({ type: 'thinking_delta', thinking: reasoning }));
      if (text) events.push(...this.ensure('text'), this.delta({ type: 'text_delta', text }));
      for (const call of delta.tool_calls ?? []) events.push(...this.toolCall(call));
    }
    if (choice?.finish_reason) {
      this.finishReason = choice.finish_reason;
      events.push(...this.closeBlock());
    }
    if (this.finishReason && this.seenUsage) events.push(...this.end());
    return events;
  }

  /** Ends the message (on `[DONE]` or when the upstream closed): closes the open block and sends the stop events. */
  finish(): ClaudeStreamEvent[] {
    if (this.finished) return [];
    return [...this.start(undefined), ...this.closeBlock(), ...this.end()];
  }

  private start(chunk: ChatCompletionChunk | undefined): ClaudeStreamEvent[] {
    if (this.started) return [];
    this.started = true;
    const usage = chunk?.usage ? fromOpenAIUsage(chunk.usage) : { ...emptyUsage(), promptTokens: this.options.promptTokens ?? 0 };
    return [
      {
        type: 'message_start',
        message: {
          id: claudeMessageId(chunk?.id),
          type: 'message',
          role: 'assistant',
          model: chunk?.model || this.options.model || '',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...toAnthropicUsage(usage), output_tokens: 0 },
        },
      },
    ];
  }

  private delta(delta: Extract<ClaudeStreamEvent, { type: 'content_block_delta' }>['delta'], index = this.open?.index ?? 0): ClaudeStreamEvent {
    return { type: 'content_block_delta', index, delta };
  }

  private closeBlock(): ClaudeStreamEvent[] {
    if (!this.open) return [];
    const index = this.open.index;
    this.open = undefined;
    return [{ type: 'content_block_stop', index }];
  }

  private openBlock(kind: BlockKind, block: ClaudeResponseBlock, tool?: number): ClaudeStreamEvent[] {
    const events = this.closeBlock();
    const index = this.nextBlock++;
    this.open = { kind, index, tool };
    events.push({ type: 'content_block_start', index, content_block: block });
    return events;
  }

  /** Opens a text or thinking block unless one of that kind is already open. */
  private ensure(kind: 'text' | 'thinking'): ClaudeStreamEvent[] {
    if (this.open?.kind === kind) return [];
    return this.openBlock(kind, kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' });
  }

  private toolCall(call: ChatToolCallDelta): ClaudeStreamEvent[] {
    const events: ClaudeStreamEvent[] = [];
    const toolIndex = typeof call.index === 'number' ? call.index : 0;
    let blockIndex = this.toolBlocks.get(toolIndex);
    if (blockIndex === undefined) {
      const id = call.id ? claudeToolId(call.id) : randomId('toolu_');
      events.push(...this.openBlock('tool', { type: 'tool_use', id, name: call.function?.name ?? '', input: {} }, toolIndex));
      blockIndex = this.open!.index;
      this.toolBlocks.set(toolIndex, blockIndex);
    }
    const args = call.function?.arguments;
    if (args) events.push(this.delta({ type: 'input_json_delta', partial_json: args }, blockIndex));
    return events;
  }

  private end(): ClaudeStreamEvent[] {
    this.finished = true;
    const usage = toAnthropicUsage(this.usage);
    if (!this.seenUsage && this.options.promptTokens) usage.input_tokens = this.options.promptTokens;
    return [
      {
        type: 'message_delta',
        delta: { stop_reason: finishReasonToClaudeStop(this.finishReason), stop_sequence: null },
        usage: {
          input_tokens: usage.input_tokens,
          output_tokens: usage.output_tokens,
          cache_creation_input_tokens: usage.cache_creation_input_tokens,
          cache_read_input_tokens: usage.cache_read_input_tokens,
        },
      },
      { type: 'message_stop' },
    ];
  }
}
