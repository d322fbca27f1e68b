import { RelayError, invalidRequest } from '../relay-error.js';
import type { RelayBody } from '../providers/provider-adapter.js';
import { assertModelAllowed, type ApiKeyPrincipal } from './authenticate-api-key.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import type { RelayDeps } from './relay-deps.js';
import { withRoutingGroup } from './auto-group.js';

/**
 * A prompt's token count answered locally, with no upstream call and no charge (Anthropic and Google do
 * not charge for theirs either): the prompt estimate — the same count the relay holds quota for. The
 * key must be allowed the model, and some channel of the key's group must serve it, so the answer never
 * suggests a model the key cannot use.
 */
function countPromptTokens(deps: RelayDeps, principal: ApiKeyPrincipal, model: string, body: RelayBody, endpoint: 'claude.messages' | 'gemini.generate'): number {
  if (!model) throw invalidRequest('model is required', 'model_required');
  if (body.kind !== 'json') throw invalidRequest('send the request as JSON');
  assertModelAllowed(principal, model);
  const { group } = withRoutingGroup(deps, principal, model);
  if (principal.pinnedChannelId === null && !deps.routing.table.candidates(group, model)) {
    throw new RelayError(404, 'model_not_found', `no available channel for model ${model} under group ${group}`, 'client', 'invalid_request_error');
  }
  return estimatePromptTokens(endpoint, body);
}

/** Anthropic's `POST /v1/messages/count_tokens` (Claude Code and the SDK's `messages.countTokens` plan context windows with it). */
export function countMessageTokens(deps: RelayDeps, principal: ApiKeyPrincipal, model: string, body: RelayBody): { input_tokens: number } {
  return { input_tokens: countPromptTokens(deps, principal, model, body, 'claude.messages') };
}

/** Gemini's `POST /v1beta/models/{model}:countTokens`, for `contents` or a whole `generateContentRequest`. */
export function countGeminiTokens(deps: RelayDeps, principal: ApiKeyPrincipal, model: string, body: RelayBody): { totalTokens: number } {
  return { totalTokens: countPromptTokens(deps, principal, model, body, 'gemini.generate') };
}
