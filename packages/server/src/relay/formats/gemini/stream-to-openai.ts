import { nowSeconds, randomId } from '../ids.js';
import { ChunkFactory } from '../openai/chunks.js';
import type { ChatToolCallDelta, OpenAIStreamItem } from '../openai/types.js';
import { sseJson, type SseEvent } from '../sse-event.js';
import { emptyUsage, fromGeminiUsageMetadata, toOpenAIUsage, type Usage } from '../usage.js';
import { geminiErrorToOpenAI } from './errors.js';
import { geminiFinishToOpenAI } from './finish-reason.js';
import { callScope, functionCallToToolCall } from './response-to-openai.js';
import { geminiToolCallId } from './tool-call-ids.js';
import type { GeminiErrorBody, GeminiResponse } from './types.js';

export interface GeminiStreamToOpenAIOptions {
  includeUsage?: boolean;
  /** The model the client asked for. */
  model?: string;
  created?: number;
}

/**
 * Gemini streamGenerateContent (alt=sse) events → OpenAI chunks. Each Gemini event is a whole
 * GenerateContentResponse holding the next piece of the first candidate; function calls arrive
 * complete, so each becomes one tool_calls delta with its full arguments.
 */
export class GeminiToOpenAIStream {
  private factory: ChunkFactory | undefined;
  private latestUsage: Usage | undefined;
  private toolCalls = 0;
  private finished = false;

  constructor(private readonly options: GeminiStreamToOpenAIOptions = {}) {}

  get usage(): Usage {
    return this.latestUsage ?? emptyUsage();
  }

  get done(): boolean {
    return this.finished;
  }

  push(sse: SseEvent): OpenAIStreamItem[] {
    const data = sseJson(sse) as GeminiResponse | GeminiErrorBody | undefined;
    return data && typeof data === 'object' ? this.pushResponse(data) : [];
  }

  pushResponse(resp: GeminiResponse | GeminiErrorBody): OpenAIStreamItem[] {
    // usageMetadata is cumulative; keep the latest even after the finish chunk for billing.
    if ('usageMetadata' in resp && resp.usageMetadata) this.latestUsage = fromGeminiUsageMetadata(resp.usageMetadata);
    if (this.finished) return [];
    if ('error' in resp && resp.error) {
      this.finished = true;
      return [geminiErrorToOpenAI(resp as GeminiErrorBody, (resp as GeminiErrorBody).error.code || 500)];
    }
    const response = resp as GeminiResponse;
    const items: OpenAIStreamItem[] = [];
    if (!this.factory) {
      const id = response.responseId ? `chatcmpl-${response.responseId}` : randomId('chatcmpl-');
      this.factory = new ChunkFactory(id, this.options.model ?? response.modelVersion ?? '', this.options.created ?? nowSeconds(), !!this.options.includeUsage);
      items.push(this.factory.delta({ role: 'assistant', content: '' }));
    }
    const candidate = response.candidates?.[0];
    for (const part of candidate?.content?.parts ?? []) {
      if (part.functionCall) {
        const call = functionCallToToolCall(part, geminiToolCallId(callScope(response), this.toolCalls));
        const delta: ChatToolCallDelta = { index: this.toolCalls++, ...call };
        items.push(this.factory.delta({ tool_calls: [delta] }));
      } else if (typeof part.text === 'string' && part.text) {
        items.push(this.factory.delta(part.thought ? { reasoning_content: part.text } : { content: part.text }));
      }
    }
    const blocked = !response.candidates?.length && response.promptFeedback?.blockReason;
    if (candidate?.finishReason || blocked) {
      this.finished = true;
      const reason = blocked ? 'content_filter' : geminiFinishToOpenAI(candidate?.finishReason, this.toolCalls > 0);
      items.push(this.factory.delta({}, reason));
      if (this.options.includeUsage) items.push(this.factory.usage(toOpenAIUsage(this.usage)));
    }
    return items;
  }
}
