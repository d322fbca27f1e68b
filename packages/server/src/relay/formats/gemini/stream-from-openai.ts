import { reasoningOf } from '../openai/reasoning.js';
import { isOpenAIErrorBody, type ChatToolCall, type FinishReason, type OpenAIStreamItem } from '../openai/types.js';
import { isDoneEvent, sseJson, type SseEvent } from '../sse-event.js';
import { emptyUsage, fromOpenAIUsage, toGeminiUsageMetadata, type Usage } from '../usage.js';
import { geminiError } from './errors.js';
import { openAIFinishToGemini } from './finish-reason.js';
import { geminiResponseId, messageToGeminiParts } from './response-from-openai.js';
import type { GeminiErrorBody, GeminiPart, GeminiResponse } from './types.js';

export type GeminiStreamItem = GeminiResponse | GeminiErrorBody;

/** A Gemini stream item framed for the wire (`data:` only; Gemini names no events). */
export const geminiSseEvent = (item: GeminiStreamItem): SseEvent => ({ data: JSON.stringify(item) });

/**
 * OpenAI chunks → Gemini streamGenerateContent responses. Text and thoughts are forwarded as they
 * come; tool call arguments arrive in fragments but Gemini sends whole function calls, so calls
 * are collected and sent with the last response, together with finishReason and usageMetadata.
 */
export class OpenAIToGeminiStream {
  private readonly calls: ChatToolCall[] = [];
  private finishReason: FinishReason | null = null;
  private seenUsage: Usage | undefined;
  private id: string | undefined;
  private model: string;
  private finished = false;

  constructor(options: { model?: string } = {}) {
    this.model = options.model ?? '';
  }

  get usage(): Usage {
    return this.seenUsage ?? emptyUsage();
  }

  get done(): boolean {
    return this.finished;
  }

  push(sse: SseEvent): GeminiStreamItem[] {
    if (isDoneEvent(sse)) return this.finish();
    const data = sseJson(sse) as OpenAIStreamItem | undefined;
    return data && typeof data === 'object' ? this.pushChunk(data) : [];
  }

  pushChunk(item: OpenAIStreamItem): GeminiStreamItem[] {
    if (this.finished) return [];
    if (isOpenAIErrorBody(item)) {
      this.finished = true;
      const status = typeof item.error.code === 'number' ? item.error.code : 500;
      return [geminiError(status, item.error.message)];
    }
    this.id ??= geminiResponseId(item.id);
    if (item.model) this.model = item.model;
    if (item.usage) this.seenUsage = fromOpenAIUsage(item.usage);
    const choice = item.choices?.[0];
    const delta = choice?.delta;
    const out: GeminiStreamItem[] = [];
    if (delta) {
      const parts = messageToGeminiParts({ reasoning_content: reasoningOf(delta), content: delta.content || delta.refusal || null });
      if (parts.length) out.push(this.response(parts));
      for (const fragment of delta.tool_calls ?? []) {
        const index = typeof fragment.index === 'number' ? fragment.index : 0;
        const call = (this.calls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
        if (fragment.id) call.id = fragment.id;
        if (fragment.function?.name) call.function.name = fragment.function.name;
        if (fragment.function?.arguments) call.function.arguments += fragment.function.arguments;
        if (fragment.extra_content) call.extra_content = fragment.extra_content;
      }
    }
    if (choice?.finish_reason) this.finishReason = choice.finish_reason;
    if (this.finishReason && this.seenUsage) out.push(...this.finish());
    return out;
  }

  /** Sends the last response (collected function calls, finishReason, usage); call on `[DONE]` or when the upstream closed. */
  finish(): GeminiStreamItem[] {
    if (this.finished) return [];
    this.finished = true;
    const parts = messageToGeminiParts({ content: null, tool_calls: this.calls.filter(Boolean) });
    const last = this.response(parts.length ? parts : [{ text: '' }]);
    last.candidates![0].finishReason = openAIFinishToGemini(this.finishReason);
    last.usageMetadata = toGeminiUsageMetadata(this.usage);
    return [last];
  }

  private response(parts: GeminiPart[]): GeminiResponse {
    const resp: GeminiResponse = { candidates: [{ content: { role: 'model', parts }, index: 0 }], modelVersion: this.model };
    if (this.id) resp.responseId = this.id;
    return resp;
  }
}
