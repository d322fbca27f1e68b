/**
 * A Responses API answer (or its typed stream) as a chat completion (or chat chunks): the other half of
 * chat-request-to-responses.ts.
 */
import { nowSeconds, randomId } from '../ids.js';
import type { ChatCompletion, ChatCompletionChunk, ChatToolCall, FinishReason, OpenAIUsage } from './types.js';
import { isJsonObject } from '../json-object.js';

type Json = Record<string, any>;

/** Chat usage from Responses usage. */
export function chatUsageOf(usage: unknown): OpenAIUsage | undefined {
  if (!isJsonObject(usage)) return undefined;
  const prompt = Number(usage.input_tokens) || 0;
  const completion = Number(usage.output_tokens) || 0;
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: Number(usage.total_tokens) || prompt + completion,
    prompt_tokens_details: { cached_tokens: Number(usage.input_tokens_details?.cached_tokens) || 0 },
    completion_tokens_details: { reasoning_tokens: Number(usage.output_tokens_details?.reasoning_tokens) || 0 },
  };
}

function finishReasonOf(response: Json, calledTools: boolean): FinishReason {
  if (response.status === 'incomplete') return response.incomplete_details?.reason === 'content_filter' ? 'content_filter' : 'length';
  return calledTools ? 'tool_calls' : 'stop';
}

const summaryText = (item: Json): string => (Array.isArray(item.summary) ? item.summary.map((s: Json) => (typeof s?.text === 'string' ? s.text : '')).join('') : '');

/** A complete `response` object as a chat completion. */
export function responsesToChatCompletion(response: Json): ChatCompletion {
  let text = '';
  let reasoning = '';
  const calls: ChatToolCall[] = [];
  for (const item of Array.isArray(response.output) ? response.output : []) {
    if (!isJsonObject(item)) continue;
    if (item.type === 'message') {
      for (const part of Array.isArray(item.content) ? item.content : []) {
        if (part?.type === 'output_text') text += String(part.text ?? '');
        else if (part?.type === 'refusal') text += String(part.refusal ?? '');
      }
    } else if (item.type === 'reasoning') {
      reasoning += summaryText(item);
    } else if (item.type === 'function_call') {
      calls.push({ id: String(item.call_id ?? item.id), type: 'function', function: { name: String(item.name ?? ''), arguments: String(item.arguments ?? '') } });
    }
  }
  const message: Json = { role: 'assistant', content: calls.length > 0 && !text ? null : text };
  if (reasoning) message.reasoning_content = reasoning;
  if (calls.length > 0) message.tool_calls = calls;
  const usage = chatUsageOf(response.usage);
  return {
    id: String(response.id ?? randomId('chatcmpl-')),
    object: 'chat.completion',
    created: Number(response.created_at) || nowSeconds(),
    model: String(response.model ?? ''),
    choices: [{ index: 0, message: message as ChatCompletion['choices'][number]['message'], finish_reason: finishReasonOf(response, calls.length > 0), logprobs: null }],
    ...(usage ? { usage } : {}),
  };
}

/**
 * Typed Responses stream events → chat chunks: text and reasoning deltas as content and
 * reasoning_content, each function call as a tool call (its index in order of appearance), and at
 * `response.completed` the finish chunk and, when the client wants it, the usage chunk.
 */
export class ResponsesToChatStream {
  private readonly id = randomId('chatcmpl-');
  private readonly created = nowSeconds();
  private started = false;
  /** Function-call output items by item id → tool call index. */
  private readonly callIndex = new Map<string, number>();

  constructor(
    private model: string,
    private readonly withUsage: boolean,
  ) {}

  push(event: Json): Json[] {
    switch (event.type) {
      case 'response.created':
        if (typeof event.response?.model === 'string') this.model = event.response.model;
        return [];
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return this.delta({ content: String(event.delta ?? '') });
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        return this.delta({ reasoning_content: String(event.delta ?? '') });
      case 'response.output_item.added': {
        const item = event.item;
        if (!isJsonObject(item) || item.type !== 'function_call') return [];
        const index = this.callIndex.size;
        this.callIndex.set(String(item.id), index);
        return this.delta({ tool_calls: [{ index, id: String(item.call_id ?? item.id), type: 'function', function: { name: String(item.name ?? ''), arguments: String(item.arguments ?? '') } }] });
      }
      case 'response.function_call_arguments.delta': {
        const index = this.callIndex.get(String(event.item_id));
        return index === undefined ? [] : this.delta({ tool_calls: [{ index, function: { arguments: String(event.delta ?? '') } }] });
      }
      case 'response.completed':
      case 'response.incomplete':
      case 'response.failed': {
        const response = isJsonObject(event.response) ? event.response : {};
        if (event.type === 'response.failed') return [{ error: { message: String(response.error?.message ?? 'the response failed'), type: 'upstream_error', param: null, code: response.error?.code ?? null } }];
        const out = [...this.start(), this.chunk([{ index: 0, delta: {}, finish_reason: finishReasonOf(response, this.callIndex.size > 0) }])];
        const usage = chatUsageOf(response.usage);
        if (this.withUsage && usage) out.push({ ...this.chunk([]), usage });
        return out;
      }
      case 'error':
        return [{ error: { message: String(event.message ?? 'the upstream stream failed'), type: 'upstream_error', param: event.param ?? null, code: event.code ?? null } }];
      default:
        return [];
    }
  }

  private chunk(choices: unknown[]): ChatCompletionChunk {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices } as ChatCompletionChunk;
  }

  private start(): Json[] {
    if (this.started) return [];
    this.started = true;
    return [this.chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }])];
  }

  private delta(delta: Json): Json[] {
    return [...this.start(), this.chunk([{ index: 0, delta, finish_reason: null }])];
  }
}
