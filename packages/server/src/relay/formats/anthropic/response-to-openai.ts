import { nowSeconds } from '../ids.js';
import type { ChatCompletion, ChatResponseMessage } from '../openai/types.js';
import { stringifyToolInput } from '../tool-arguments.js';
import { fromAnthropicUsage, toOpenAIUsage, type ConvertedResponse } from '../usage.js';
import { claudeStopToFinishReason } from './stop-reason.js';
import type { ClaudeMessage } from './types.js';

/** Claude Messages response → OpenAI chat completion, with the normalised usage for billing. */
export function claudeToOpenAIResponse(message: ClaudeMessage, options: { created?: number } = {}): ConvertedResponse<ChatCompletion> {
  const texts: string[] = [];
  const thoughts: string[] = [];
  const out: ChatResponseMessage = { role: 'assistant', content: null };
  for (const block of message.content ?? []) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'thinking') thoughts.push(block.thinking);
    else if (block.type === 'tool_use') {
      (out.tool_calls ??= []).push({ id: block.id, type: 'function', function: { name: block.name, arguments: stringifyToolInput(block.input) } });
    }
  }
  if (texts.length || !out.tool_calls) out.content = texts.join('');
  if (thoughts.length) out.reasoning_content = thoughts.join('');
  const usage = fromAnthropicUsage(message.usage ?? { input_tokens: 0, output_tokens: 0 });
  return {
    response: {
      id: message.id,
      object: 'chat.completion',
      created: options.created ?? nowSeconds(),
      model: message.model,
      choices: [{ index: 0, message: out, logprobs: null, finish_reason: claudeStopToFinishReason(message.stop_reason) }],
      usage: toOpenAIUsage(usage),
    },
    usage,
  };
}
