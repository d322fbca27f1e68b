import { nowSeconds, randomId } from '../ids.js';
import type { ChatChoice, ChatCompletion, ChatResponseMessage, ChatToolCall } from '../openai/types.js';
import { emptyUsage, fromGeminiUsageMetadata, toOpenAIUsage, type ConvertedResponse } from '../usage.js';
import { geminiFinishToOpenAI } from './finish-reason.js';
import { geminiToolCallId } from './tool-call-ids.js';
import type { GeminiPart, GeminiResponse } from './types.js';

export interface GeminiToOpenAIResponseOptions {
  /** The model the client asked for; Gemini reports its own modelVersion. */
  model?: string;
  created?: number;
}

/** A functionCall part as an OpenAI tool call, keeping its thought signature the way Google's compatible API does. */
export function functionCallToToolCall(part: GeminiPart, id: string): ChatToolCall {
  const call: ChatToolCall = {
    id: part.functionCall?.id ?? id,
    type: 'function',
    function: { name: part.functionCall?.name ?? '', arguments: JSON.stringify(part.functionCall?.args ?? {}) },
  };
  if (part.thoughtSignature) call.extra_content = { google: { thought_signature: part.thoughtSignature } };
  return call;
}

/** The scope used to derive tool call ids for one response. */
export const callScope = (resp: GeminiResponse, candidate = 0): string => `${resp.responseId ?? 'gemini'}${candidate ? `_${candidate}` : ''}`;

export function geminiToOpenAIResponse(resp: GeminiResponse, options: GeminiToOpenAIResponseOptions = {}): ConvertedResponse<ChatCompletion> {
  const choices: ChatChoice[] = (resp.candidates ?? []).map((candidate, i) => {
    const index = candidate.index ?? i;
    const texts: string[] = [];
    const thoughts: string[] = [];
    const calls: ChatToolCall[] = [];
    for (const part of candidate.content?.parts ?? []) {
      if (part.functionCall) calls.push(functionCallToToolCall(part, geminiToolCallId(callScope(resp, index), calls.length)));
      else if (typeof part.text === 'string') (part.thought ? thoughts : texts).push(part.text);
    }
    const message: ChatResponseMessage = { role: 'assistant', content: texts.length || !calls.length ? texts.join('') : null };
    if (calls.length) message.tool_calls = calls;
    if (thoughts.length) message.reasoning_content = thoughts.join('');
    return { index, message, logprobs: null, finish_reason: geminiFinishToOpenAI(candidate.finishReason, calls.length > 0) };
  });
  if (!choices.length) {
    // The prompt itself was blocked (promptFeedback.blockReason): no candidates at all.
    const reason = resp.promptFeedback?.blockReason ? 'content_filter' : 'stop';
    choices.push({ index: 0, message: { role: 'assistant', content: '' }, logprobs: null, finish_reason: reason });
  }
  const usage = resp.usageMetadata ? fromGeminiUsageMetadata(resp.usageMetadata) : emptyUsage();
  return {
    response: {
      id: resp.responseId ? `chatcmpl-${resp.responseId}` : randomId('chatcmpl-'),
      object: 'chat.completion',
      created: options.created ?? nowSeconds(),
      model: options.model ?? resp.modelVersion ?? '',
      choices,
      usage: toOpenAIUsage(usage),
    },
    usage,
  };
}
