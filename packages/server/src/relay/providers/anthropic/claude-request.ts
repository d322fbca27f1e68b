/** The Claude Messages body of one attempt; shared by the Anthropic, Vertex (Claude) and Bedrock adapters. */
import { openAIToClaudeRequest } from '../../formats/anthropic/request-from-openai.js';
import { fitThinkingBudget } from '../../formats/anthropic/thinking.js';
import type { ChatCompletionRequest } from '../../formats/openai/types.js';
import { invalidRequest } from '../../relay-error.js';
import type { AdapterContext, RelayBody } from '../provider-adapter.js';

export interface ClaudeRequestNote {
  /**
   * Chat only: the client wants the final usage chunk. An absent stream_options.include_usage counts
   * as yes, as in the OpenAI-compatible adapter.
   */
  clientWantsUsage: boolean;
}

export interface ClaudeRequestBody {
  json: Record<string, unknown>;
  note: ClaudeRequestNote;
}

function jsonOf(body: RelayBody): Record<string, unknown> {
  if (body.kind !== 'json') throw invalidRequest('Claude channels take a JSON body');
  return body.json;
}

/**
 * A client's own Messages body, with the upstream model, a max_tokens when it sent none (Claude
 * requires one) and, for a `-thinking` model, extended thinking unless the client configured it.
 * Every other field, known or not, is forwarded untouched.
 */
function nativeBody(source: Record<string, unknown>, ctx: AdapterContext): Record<string, unknown> {
  const json: Record<string, unknown> = { ...source, model: ctx.upstreamModel };
  let maxTokens = typeof json.max_tokens === 'number' && json.max_tokens > 0 ? json.max_tokens : ctx.settings.claudeDefaultMaxTokens;
  const budget = ctx.settings.claudeThinkingBudget;
  if (budget && json.thinking === undefined) {
    const fitted = fitThinkingBudget(maxTokens, budget);
    maxTokens = fitted.maxTokens;
    json.thinking = { type: 'enabled', budget_tokens: fitted.budgetTokens };
    // Claude refuses sampling changes while thinking.
    delete json.temperature;
    delete json.top_p;
    delete json.top_k;
  }
  json.max_tokens = maxTokens;
  if (ctx.stream) json.stream = true;
  return json;
}

/**
 * `chat`: the hub request converted to Claude (max_tokens default and thinking budget from the model
 * settings). `claude.messages`: the client's body passed through (see nativeBody). The `model` field
 * is set; Vertex and Bedrock move it into the URL themselves.
 */
export function claudeRequestBody(body: RelayBody, ctx: AdapterContext): ClaudeRequestBody {
  const source = jsonOf(body);
  if (ctx.endpoint !== 'chat') return { json: nativeBody(source, ctx), note: { clientWantsUsage: true } };
  const hub = { ...source, model: ctx.upstreamModel, stream: ctx.stream } as unknown as ChatCompletionRequest;
  const budget = ctx.settings.claudeThinkingBudget;
  const json = openAIToClaudeRequest(hub, { defaultMaxTokens: ctx.settings.claudeDefaultMaxTokens, ...(budget ? { thinking: { budgetTokens: budget } } : {}) });
  const streamOptions = source.stream_options as { include_usage?: unknown } | null | undefined;
  return { json: json as Record<string, unknown>, note: { clientWantsUsage: streamOptions?.include_usage !== false } };
}
