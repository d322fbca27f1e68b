import { RelayError, invalidRequest } from '../relay-error.js';
import type { RelayBody } from '../providers/provider-adapter.js';
import { assertModelAllowed, type ApiKeyPrincipal } from './authenticate-api-key.js';
import { estimatePromptTokens } from './estimate-prompt-tokens.js';
import type { RelayDeps } from './relay-deps.js';

/**
 * Anthropic's token count (`POST /v1/messages/count_tokens`, which Claude Code and the SDK's
 * `messages.countTokens` call to plan a context window): the prompt estimate of a Messages request —
 * the same count the relay holds quota for — answered locally, with no upstream call and no charge
 * (Anthropic does not charge for it either). The key must be allowed the model, and some channel of
 * the key's group must serve it, so the answer never suggests a model the key cannot use.
 */
export function countMessageTokens(deps: RelayDeps, principal: ApiKeyPrincipal, model: string, body: RelayBody): { input_tokens: number } {
  if (!model) throw invalidRequest('model is required', 'model_required');
  if (body.kind !== 'json') throw invalidRequest('send the Messages request as JSON');
  assertModelAllowed(principal, model);
  if (principal.pinnedChannelId === null && !deps.routing.table.candidates(principal.group, model)) {
    throw new RelayError(404, 'model_not_found', `no available channel for model ${model} under group ${principal.group}`, 'client', 'invalid_request_error');
  }
  return { input_tokens: estimatePromptTokens('claude.messages', body) };
}
