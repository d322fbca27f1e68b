/** Reads a non-streamed Claude Messages answer (Anthropic, Vertex rawPredict, Bedrock invoke). */
import { claudeToOpenAIResponse } from '../../formats/anthropic/response-to-openai.js';
import type { ClaudeMessage, ClaudeUsage } from '../../formats/anthropic/types.js';
import { fromAnthropicUsage } from '../../formats/usage.js';
import { badResponseBody, parseJsonBody } from '../openai-compatible/index.js';
import type { ProviderResponse } from '../provider-adapter.js';
import { isJsonObject } from '../../formats/json-object.js';

/** `hub`: converted to an OpenAI chat completion; `native`: the Claude answer as the client gets it. */
export type ClaudeOutput = 'hub' | 'native';

export function parseClaudeResponse(raw: Uint8Array, output: ClaudeOutput): ProviderResponse {
  const body = parseJsonBody(raw);
  if (output === 'native') return { body, usage: isJsonObject(body.usage) ? fromAnthropicUsage(body.usage as ClaudeUsage) : undefined };
  if (!Array.isArray(body.content)) throw badResponseBody('no content in the Claude answer');
  const { response, usage } = claudeToOpenAIResponse(body as ClaudeMessage);
  return { body: response, usage };
}
