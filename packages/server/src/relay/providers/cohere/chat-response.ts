/** Cohere v2 chat answer → hub chat completion, with Cohere's finish reasons and usage. */
import { nowSeconds, randomId } from '../../formats/ids.js';
import type { ChatCompletion, ChatResponseMessage, FinishReason } from '../../formats/openai/types.js';
import { emptyUsage, toOpenAIUsage, type Usage } from '../../formats/usage.js';
import type { CohereChatResponse, CohereFinishReason, CohereUsage } from './types.js';

export function cohereFinishReason(reason: CohereFinishReason | string | undefined): FinishReason {
  switch (reason) {
    case 'MAX_TOKENS':
      return 'length';
    case 'TOOL_CALL':
      return 'tool_calls';
    default:
      return 'stop';
  }
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * Billed units are what Cohere charges for (the raw `tokens` count also includes Cohere's own
 * preamble), so they are preferred; raw tokens are the fallback.
 */
export function fromCohereUsage(usage: CohereUsage | undefined): Usage | undefined {
  const source = usage?.billed_units?.input_tokens !== undefined || usage?.billed_units?.output_tokens !== undefined ? usage.billed_units : usage?.tokens;
  if (!source) return undefined;
  return { ...emptyUsage('openai'), promptTokens: num(source.input_tokens), completionTokens: num(source.output_tokens) };
}

export function fromCohereChatResponse(response: CohereChatResponse, model: string): { completion: ChatCompletion; usage: Usage | undefined } {
  const parts = response.message?.content ?? [];
  const text = parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  const thinking = parts.map((p) => (p.type === 'thinking' ? p.thinking : '')).join('');
  const message: ChatResponseMessage = { role: 'assistant', content: text || null };
  const reasoning = [thinking, response.message?.tool_plan ?? ''].filter(Boolean).join('\n');
  if (reasoning) message.reasoning_content = reasoning;
  if (response.message?.tool_calls?.length) {
    message.tool_calls = response.message.tool_calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.function.name, arguments: c.function.arguments ?? '{}' } }));
  }
  const usage = fromCohereUsage(response.usage);
  const completion: ChatCompletion = {
    id: response.id ? `chatcmpl-${response.id}` : randomId('chatcmpl-'),
    object: 'chat.completion',
    created: nowSeconds(),
    model,
    choices: [{ index: 0, message, finish_reason: cohereFinishReason(response.finish_reason), logprobs: null }],
  };
  if (usage) completion.usage = toOpenAIUsage(usage);
  return { completion, usage };
}
