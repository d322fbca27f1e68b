import { randomId } from '../ids.js';
import { reasoningOf } from '../openai/reasoning.js';
import type { ChatCompletion } from '../openai/types.js';
import { parseToolArguments } from '../tool-arguments.js';
import { emptyUsage, fromOpenAIUsage, toAnthropicUsage } from '../usage.js';
import { claudeToolId } from './content-from-openai.js';
import { finishReasonToClaudeStop } from './stop-reason.js';
import type { ClaudeMessage, ClaudeResponseBlock } from './types.js';

/** `chatcmpl-abc` → `msg_abc` (a `msg_` id stays), so one upstream answer keeps one recognisable id. */
export function claudeMessageId(openAIId: string | undefined): string {
  if (openAIId?.startsWith('msg_')) return openAIId;
  const core = (openAIId ?? '').replace(/^chatcmpl-/, '');
  return core ? `msg_${core}` : randomId('msg_');
}

/** OpenAI chat completion → Claude Messages response (first choice). */
export function openAIToClaudeResponse(completion: ChatCompletion): ClaudeMessage {
  const choice = completion.choices?.[0];
  const message = choice?.message;
  const content: ClaudeResponseBlock[] = [];
  const reasoning = reasoningOf(message);
  if (reasoning) content.push({ type: 'thinking', thinking: reasoning, signature: '' });
  if (typeof message?.content === 'string' && message.content) content.push({ type: 'text', text: message.content });
  else if (message?.refusal) content.push({ type: 'text', text: message.refusal });
  for (const call of message?.tool_calls ?? []) {
    content.push({ type: 'tool_use', id: claudeToolId(call.id), name: call.function.name, input: parseToolArguments(call.function.arguments) });
  }
  const usage = completion.usage ? fromOpenAIUsage(completion.usage) : emptyUsage();
  return {
    id: claudeMessageId(completion.id),
    type: 'message',
    role: 'assistant',
    model: completion.model,
    content,
    stop_reason: finishReasonToClaudeStop(choice?.finish_reason),
    stop_sequence: null,
    usage: toAnthropicUsage(usage),
  };
}
