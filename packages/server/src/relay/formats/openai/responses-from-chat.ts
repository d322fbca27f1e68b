/**
 * A chat completion (or its stream) as a Responses API answer, for a Responses client served by a
 * channel that only speaks chat: the `response` object with its output items (reasoning, message,
 * function calls) and usage, and the typed stream events in the order OpenAI sends them.
 */
import { nowSeconds, randomId } from '../ids.js';
import type { ChatCompletion, ChatCompletionChunk, ChatToolCall, ChatToolCallDelta, OpenAIUsage } from './types.js';
import { customToolNames } from './responses-request-to-chat.js';

type Json = Record<string, any>;

/** Responses usage from chat usage. */
export function responsesUsageOf(usage: OpenAIUsage | null | undefined): Json | null {
  if (!usage) return null;
  return {
    input_tokens: usage.prompt_tokens ?? 0,
    input_tokens_details: { cached_tokens: usage.prompt_tokens_details?.cached_tokens ?? 0 },
    output_tokens: usage.completion_tokens ?? 0,
    output_tokens_details: { reasoning_tokens: usage.completion_tokens_details?.reasoning_tokens ?? 0 },
    total_tokens: usage.total_tokens ?? (usage.prompt_tokens ?? 0) + (usage.completion_tokens ?? 0),
  };
}

/**
 * How the gateway keeps a response it built (relay/responses-store/): what the response says about its
 * storage, and the hook that gets the final response object.
 */
export interface ResponseStorage {
  readonly echo: { store: boolean; previous_response_id: string | null };
  /** Called once with the final response object (completed or incomplete); sets its `store` to false when it is not kept. */
  finished(response: Json): void;
}

const NOT_STORED: ResponseStorage['echo'] = { store: false, previous_response_id: null };

/** The fields of a `response` object that echo the request, as OpenAI fills them. */
function responseShell(id: string, model: string, request: Json, createdAt: number, storage: ResponseStorage['echo'] = NOT_STORED): Json {
  return {
    id,
    object: 'response',
    created_at: createdAt,
    status: 'in_progress',
    error: null,
    incomplete_details: null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    model,
    output: [],
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: storage.previous_response_id,
    reasoning: { effort: request.reasoning?.effort ?? null, summary: null },
    store: storage.store,
    temperature: request.temperature ?? null,
    text: request.text ?? { format: { type: 'text' } },
    tool_choice: request.tool_choice ?? 'auto',
    tools: Array.isArray(request.tools) ? request.tools : [],
    top_p: request.top_p ?? null,
    truncation: 'disabled',
    usage: null,
    user: request.user ?? null,
    metadata: request.metadata ?? {},
  };
}

/** `completed`, or `incomplete` when the model stopped at the token limit (or its content filter). */
function finalStatus(finishReason: string | null | undefined): { status: string; incomplete_details: Json | null } {
  if (finishReason === 'length') return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (finishReason === 'content_filter') return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

const reasoningItem = (id: string, text: string): Json => ({ type: 'reasoning', id, summary: text ? [{ type: 'summary_text', text }] : [] });
const textPart = (text: string): Json => ({ type: 'output_text', text, annotations: [], logprobs: [] });
const messageItem = (id: string, text: string, status: string): Json => ({ type: 'message', id, status, role: 'assistant', content: text || status === 'completed' ? [textPart(text)] : [] });
const functionCallItem = (id: string, call: ChatToolCall, status: string): Json => ({ type: 'function_call', id, call_id: call.id, name: call.function.name, arguments: call.function.arguments, status });

/** A custom tool's input from the one-string-argument function it was offered as (responses-request-to-chat.ts). */
function customInput(args: string): string {
  try {
    const parsed: unknown = JSON.parse(args);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Json).input === 'string') return (parsed as Json).input;
  } catch {
    // The model wrote the input bare: take it as it is.
  }
  return args;
}

const customCallItem = (id: string, call: ChatToolCall): Json => ({ type: 'custom_tool_call', id, call_id: call.id, name: call.function.name, input: customInput(call.function.arguments) });

/** A call of a custom tool of the request comes back as a custom tool call, any other as a function call. */
const toolCallItem = (call: ChatToolCall, custom: Set<string>): Json =>
  custom.has(call.function.name) ? customCallItem(randomId('ctc_'), call) : functionCallItem(randomId('fc_'), call, 'completed');

/** A complete chat answer as a `response` object (handed to `storage` before it is returned). */
export function chatToResponsesResponse(completion: ChatCompletion, request: Json, storage?: ResponseStorage): Json {
  const choice = completion.choices?.[0];
  const message = choice?.message ?? { role: 'assistant', content: '' };
  const output: Json[] = [];
  const reasoning = typeof message.reasoning_content === 'string' ? message.reasoning_content : '';
  if (reasoning) output.push(reasoningItem(randomId('rs_'), reasoning));
  const text = typeof message.content === 'string' ? message.content : '';
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  if (text || calls.length === 0) output.push(messageItem(randomId('msg_'), text, 'completed'));
  const custom = customToolNames(request);
  for (const call of calls) output.push(toolCallItem(call, custom));
  const response = {
    ...responseShell(randomId('resp_'), completion.model || request.model, request, completion.created || nowSeconds(), storage?.echo),
    ...finalStatus(choice?.finish_reason),
    output,
    usage: responsesUsageOf(completion.usage),
  };
  storage?.finished(response);
  return response;
}

interface OpenItem {
  outputIndex: number;
  item: Json;
}

/**
 * Chat chunks → Responses stream events. Output items are opened as their first delta arrives (reasoning,
 * then the message text, then each tool call), and all are closed, in order, before `response.completed`.
 */
export class ChatToResponsesStream {
  private readonly response: Json;
  private sequence = 0;
  private started = false;
  private readonly output: Json[] = [];
  private reasoning: (OpenItem & { text: string }) | undefined;
  private message: (OpenItem & { text: string }) | undefined;
  private readonly calls = new Map<number, OpenItem & { call: ChatToolCall; custom: boolean }>();
  private readonly customTools: Set<string>;
  private finishReason: string | null = null;
  private usage: OpenAIUsage | null = null;

  constructor(model: string, private readonly request: Json, private readonly storage?: ResponseStorage) {
    this.response = responseShell(randomId('resp_'), model, request, nowSeconds(), storage?.echo);
    this.customTools = customToolNames(request);
  }

  pushChunk(chunk: ChatCompletionChunk): Json[] {
    const events = this.start();
    if (chunk.usage) this.usage = chunk.usage;
    for (const choice of chunk.choices ?? []) {
      const delta = choice.delta ?? {};
      const reasoning = typeof delta.reasoning_content === 'string' ? delta.reasoning_content : typeof delta.reasoning === 'string' ? (delta.reasoning as string) : '';
      if (reasoning) events.push(...this.reasoningDelta(reasoning));
      if (typeof delta.content === 'string' && delta.content) events.push(...this.textDelta(delta.content));
      for (const call of delta.tool_calls ?? []) events.push(...this.callDelta(call));
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return events;
  }

  /** Closes what is open and sends `response.completed` (or `incomplete`) with the usage. */
  finish(): Json[] {
    const events = this.start();
    if (this.reasoning) events.push(...this.closeReasoning(this.reasoning));
    if (this.message) events.push(...this.closeMessage(this.message));
    else if (this.calls.size === 0) events.push(...this.closeMessage(this.openMessage(events)));
    for (const open of this.calls.values()) {
      const base = { item_id: open.item.id, output_index: open.outputIndex };
      if (open.custom) {
        // The input is known only whole, once its JSON wrapping is complete.
        open.item = customCallItem(open.item.id, open.call);
        events.push(this.event('response.custom_tool_call_input.delta', { ...base, delta: open.item.input }));
        events.push(this.event('response.custom_tool_call_input.done', { ...base, input: open.item.input }));
      } else {
        open.item = { ...open.item, arguments: open.call.function.arguments, status: 'completed' };
        events.push(this.event('response.function_call_arguments.done', { ...base, arguments: open.call.function.arguments }));
      }
      this.output[open.outputIndex] = open.item;
      events.push(this.event('response.output_item.done', { output_index: open.outputIndex, item: open.item }));
    }
    const final = { ...this.response, ...finalStatus(this.finishReason), output: this.output, usage: responsesUsageOf(this.usage) };
    this.storage?.finished(final);
    events.push(this.event(final.status === 'completed' ? 'response.completed' : 'response.incomplete', { response: final }));
    return events;
  }

  private start(): Json[] {
    if (this.started) return [];
    this.started = true;
    return [this.event('response.created', { response: this.response }), this.event('response.in_progress', { response: this.response })];
  }

  private event(type: string, fields: Json): Json {
    return { type, sequence_number: this.sequence++, ...fields };
  }

  private addItem(item: Json, events: Json[]): number {
    const outputIndex = this.output.length;
    this.output.push(item);
    events.push(this.event('response.output_item.added', { output_index: outputIndex, item }));
    return outputIndex;
  }

  private reasoningDelta(delta: string): Json[] {
    const events: Json[] = [];
    if (!this.reasoning) {
      const item = { type: 'reasoning', id: randomId('rs_'), summary: [] };
      this.reasoning = { item, outputIndex: this.addItem(item, events), text: '' };
      events.push(this.event('response.reasoning_summary_part.added', { item_id: item.id, output_index: this.reasoning.outputIndex, summary_index: 0, part: { type: 'summary_text', text: '' } }));
    }
    this.reasoning.text += delta;
    events.push(this.event('response.reasoning_summary_text.delta', { item_id: this.reasoning.item.id, output_index: this.reasoning.outputIndex, summary_index: 0, delta }));
    return events;
  }

  private closeReasoning(open: OpenItem & { text: string }): Json[] {
    const base = { item_id: open.item.id, output_index: open.outputIndex, summary_index: 0 };
    open.item = reasoningItem(open.item.id, open.text);
    this.output[open.outputIndex] = open.item;
    return [
      this.event('response.reasoning_summary_text.done', { ...base, text: open.text }),
      this.event('response.reasoning_summary_part.done', { ...base, part: { type: 'summary_text', text: open.text } }),
      this.event('response.output_item.done', { output_index: open.outputIndex, item: open.item }),
    ];
  }

  private openMessage(events: Json[]): OpenItem & { text: string } {
    const item = messageItem(randomId('msg_'), '', 'in_progress');
    const open = { item, outputIndex: this.addItem(item, events), text: '' };
    events.push(this.event('response.content_part.added', { item_id: item.id, output_index: open.outputIndex, content_index: 0, part: textPart('') }));
    return open;
  }

  private textDelta(delta: string): Json[] {
    const events: Json[] = [];
    this.message ??= this.openMessage(events);
    this.message.text += delta;
    events.push(this.event('response.output_text.delta', { item_id: this.message.item.id, output_index: this.message.outputIndex, content_index: 0, delta, logprobs: [] }));
    return events;
  }

  private closeMessage(open: OpenItem & { text: string }): Json[] {
    const base = { item_id: open.item.id, output_index: open.outputIndex, content_index: 0 };
    open.item = messageItem(open.item.id, open.text, 'completed');
    this.output[open.outputIndex] = open.item;
    return [
      this.event('response.output_text.done', { ...base, text: open.text, logprobs: [] }),
      this.event('response.content_part.done', { ...base, part: textPart(open.text) }),
      this.event('response.output_item.done', { output_index: open.outputIndex, item: open.item }),
    ];
  }

  private callDelta(delta: ChatToolCallDelta): Json[] {
    const events: Json[] = [];
    let open = this.calls.get(delta.index);
    if (!open) {
      const call: ChatToolCall = { id: delta.id ?? randomId('call_'), type: 'function', function: { name: delta.function?.name ?? '', arguments: '' } };
      const custom = this.customTools.has(call.function.name);
      const item = custom ? { type: 'custom_tool_call', id: randomId('ctc_'), call_id: call.id, name: call.function.name, input: '' } : functionCallItem(randomId('fc_'), call, 'in_progress');
      open = { item, call, custom, outputIndex: this.addItem(item, events) };
      this.calls.set(delta.index, open);
    }
    const args = delta.function?.arguments ?? '';
    if (args) {
      open.call.function.arguments += args;
      if (open.custom) return events;
      events.push(this.event('response.function_call_arguments.delta', { item_id: open.item.id, output_index: open.outputIndex, delta: args }));
    }
    return events;
  }
}
