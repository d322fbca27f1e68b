import { reasoningOf } from '../openai/reasoning.js';
import type { ChatCompletion, ChatResponseMessage } from '../openai/types.js';
import { parseToolArguments } from '../tool-arguments.js';
import { fromOpenAIUsage, toGeminiUsageMetadata } from '../usage.js';
import { toolCallSignature } from './content-from-openai.js';
import { openAIFinishToGemini } from './finish-reason.js';
import type { GeminiPart, GeminiResponse } from './types.js';

/** An OpenAI assistant message as Gemini parts: thoughts, text, then function calls (with their ids). */
export function messageToGeminiParts(message: Partial<ChatResponseMessage> | undefined): GeminiPart[] {
  const parts: GeminiPart[] = [];
  const reasoning = reasoningOf(message);
  if (reasoning) parts.push({ text: reasoning, thought: true });
  if (typeof message?.content === 'string' && message.content) parts.push({ text: message.content });
  for (const call of message?.tool_calls ?? []) {
    const part: GeminiPart = { functionCall: { id: call.id, name: call.function.name, args: parseToolArguments(call.function.arguments) } };
    const signature = toolCallSignature(call);
    if (signature) part.thoughtSignature = signature;
    parts.push(part);
  }
  return parts;
}

export const geminiResponseId = (openAIId: string | undefined): string | undefined => openAIId?.replace(/^chatcmpl-/, '') || undefined;

/** OpenAI chat completion → Gemini generateContent response. */
export function openAIToGeminiResponse(completion: ChatCompletion): GeminiResponse {
  const out: GeminiResponse = {
    candidates: (completion.choices ?? []).map((choice) => ({
      content: { role: 'model', parts: messageToGeminiParts(choice.message) },
      finishReason: openAIFinishToGemini(choice.finish_reason),
      index: choice.index,
    })),
    modelVersion: completion.model,
  };
  if (completion.usage) out.usageMetadata = toGeminiUsageMetadata(fromOpenAIUsage(completion.usage));
  const id = geminiResponseId(completion.id);
  if (id) out.responseId = id;
  return out;
}
