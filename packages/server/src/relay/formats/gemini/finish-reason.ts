import type { FinishReason } from '../openai/types.js';
import type { GeminiFinishReason } from './types.js';

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);

/** Gemini finishReason → OpenAI finish_reason; a turn that called functions ends with tool_calls. */
export function geminiFinishToOpenAI(reason: GeminiFinishReason | undefined, hasFunctionCalls: boolean): FinishReason {
  if (reason === 'MAX_TOKENS') return 'length';
  if (reason && FILTERED.has(reason)) return 'content_filter';
  return hasFunctionCalls ? 'tool_calls' : 'stop';
}

export function openAIFinishToGemini(reason: FinishReason | string | null | undefined): GeminiFinishReason {
  if (reason === 'length') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return 'STOP';
}
