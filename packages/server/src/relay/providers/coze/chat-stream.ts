/**
 * Coze v3 chat stream → hub chat chunks. The event name is in the SSE `event:` line, the object in
 * `data:`. `conversation.message.delta` of type answer carries the answer text (and reasoning_content
 * for reasoning models); `conversation.message.completed` repeats a whole message, and is used only for
 * an answer that came without deltas; `conversation.chat.completed` ends the answer with the usage.
 * `conversation.chat.failed` (its `last_error`), `error` (`{code, msg}`) and
 * `conversation.chat.requires_action` (the bot waits for tool outputs no gateway client can submit)
 * are failures: what came before still reaches the client, and the failure is raised when the stream
 * ends, so the pipeline closes the answer with an error in the client's format.
 */
import { nowSeconds, randomId } from '../../formats/ids.js';
import { ChunkFactory } from '../../formats/openai/chunks.js';
import type { ChatDelta } from '../../formats/openai/types.js';
import { emptyUsage, toOpenAIUsage, type Usage } from '../../formats/usage.js';
import { RelayError } from '../../relay-error.js';
import type { ParsedSseEvent } from '../../streaming/sse-parser.js';
import type { OutboundEvent } from '../provider-adapter.js';
import { TextStreamTranslator } from '../text-stream-translator.js';
import { cozeFailureOf } from './coze-error.js';
import type { CozeChat, CozeMessage, CozeUsage } from './types.js';

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** Coze's usage (input_count, output_count, token_count) as billing usage; undefined when it counts nothing. */
export function fromCozeUsage(usage: CozeUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  const prompt = count(usage.input_count);
  const completion = count(usage.output_count);
  if (prompt === 0 && completion === 0) return undefined;
  return { ...emptyUsage('openai'), promptTokens: prompt, completionTokens: completion };
}

const isAnswer = (m: CozeMessage): boolean => (m.type ?? 'answer') === 'answer';

export class CozeStreamTranslator extends TextStreamTranslator {
  private readonly chunks: ChunkFactory;
  private started = false;
  private finished = false;
  private failure: RelayError | undefined;
  /** Answer messages whose text came as deltas (their `completed` event repeats it). */
  private readonly streamed = new Set<string>();

  constructor(model: string, private readonly includeUsage: boolean) {
    super();
    this.chunks = new ChunkFactory(randomId('chatcmpl-'), model, nowSeconds(), includeUsage);
  }

  push(sse: ParsedSseEvent): OutboundEvent[] {
    if (this.finished || this.failure) return [];
    const data = this.parse(sse.data);
    if (!data) return [];
    switch (sse.event) {
      case 'conversation.message.delta':
        return this.delta(data as CozeMessage);
      case 'conversation.message.completed':
        return this.completed(data as CozeMessage);
      case 'conversation.chat.completed':
        return this.finish(data as CozeChat);
      case 'conversation.chat.failed':
        return this.fail(cozeFailureOf((data as CozeChat).last_error, 'the chat failed without an error code'), data as CozeChat);
      case 'conversation.chat.requires_action':
        return this.fail(new RelayError(502, 'upstream_error', 'the Coze bot asked for tool outputs (requires_action), which the gateway cannot submit', 'upstream'), data as CozeChat);
      case 'error':
        return this.fail(cozeFailureOf(data, 'the stream reported an error without a code'));
      default:
        // conversation.chat.created / in_progress, audio events, done.
        return [];
    }
  }

  /** Raises a failure the stream reported; a stream that ended before the chat completed is one too. */
  override end(): OutboundEvent[] {
    if (this.failure) throw this.failure;
    if (!this.finished) throw new RelayError(502, 'stream_interrupted', 'the Coze stream ended before the chat completed', 'upstream');
    return [];
  }

  /** The answer is complete once the chat completed: the `done` event that follows carries nothing. */
  complete(): boolean {
    return this.finished;
  }

  private parse(data: string): Record<string, unknown> | undefined {
    try {
      const value = JSON.parse(data) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }

  private delta(message: CozeMessage): OutboundEvent[] {
    if (!isAnswer(message)) return [];
    if (message.id) this.streamed.add(message.id);
    const out = this.start(message);
    if (typeof message.reasoning_content === 'string' && message.reasoning_content) out.push(this.emit({ reasoning_content: message.reasoning_content }, message.reasoning_content));
    if (typeof message.content === 'string' && message.content) out.push(this.emit({ content: message.content }, message.content));
    return out;
  }

  private completed(message: CozeMessage): OutboundEvent[] {
    if (!isAnswer(message) || (message.id && this.streamed.has(message.id))) return [];
    if ((message.content_type ?? 'text') !== 'text' || typeof message.content !== 'string' || !message.content) return [];
    return [...this.start(message), this.emit({ content: message.content }, message.content)];
  }

  private emit(delta: ChatDelta, text: string): OutboundEvent {
    this.text += text;
    return { data: this.chunks.delta(delta) };
  }

  private start(from: { chat_id?: string; id?: string }): OutboundEvent[] {
    if (this.started) return [];
    this.started = true;
    if (from.chat_id) this.chunks.id = `chatcmpl-${from.chat_id}`;
    return [{ data: this.chunks.delta({ role: 'assistant', content: '' }) }];
  }

  private finish(chat: CozeChat): OutboundEvent[] {
    this.finished = true;
    this.lastUsage = fromCozeUsage(chat.usage);
    const out = [...this.start({ chat_id: chat.id }), { data: this.chunks.delta({}, 'stop') }];
    if (this.includeUsage && this.lastUsage) out.push({ data: this.chunks.usage(toOpenAIUsage(this.lastUsage)) });
    return out;
  }

  /** Keeps the failure for `end`; the usage a failed chat reports is what Coze charged for it. */
  private fail(error: RelayError, chat?: CozeChat): OutboundEvent[] {
    this.failure = error;
    this.lastUsage = fromCozeUsage(chat?.usage) ?? this.lastUsage;
    return [];
  }
}
