import { invalidRequest } from '../relay-error.js';
import type { ResponseStorage } from '../formats/openai/responses-from-chat.js';
import type { RelayInput } from '../pipeline/run-relay.js';
import { carriedOutputItems, inputItemsOf } from './conversation-items.js';
import type { ResponsesStore } from './responses-store.service.js';

type Json = Record<string, any>;

/**
 * A Responses request with its stored-conversation link. A `previous_response_id` this gateway stored for
 * the same user is replaced by the stored items in front of the request's own `input` (so whichever channel
 * serves it, it gets the whole conversation; the client's bytes no longer match and are dropped). An id
 * the gateway does not know stays: an OpenAI channel may know it, the chat bridge refuses it.
 */
export async function withStoredConversation(store: ResponsesStore, input: RelayInput): Promise<RelayInput> {
  if (input.body.kind !== 'json') return input;
  const json = input.body.json;
  const previousId = typeof json.previous_response_id === 'string' ? json.previous_response_id : null;
  const stored = previousId ? await store.findItems(input.principal.userId, previousId) : undefined;
  if (!stored) return { ...input, responsesStorage: storageFor(store, input, json, null) };
  if (json.input !== undefined && json.input !== null && typeof json.input !== 'string' && !Array.isArray(json.input)) {
    throw invalidRequest('input must be a string or an array of input items');
  }
  const { previous_response_id: _previous, ...rest } = json;
  const expanded = { ...rest, input: [...stored, ...inputItemsOf(json.input)] };
  return { ...input, body: { kind: 'json', json: expanded }, responsesStorage: storageFor(store, input, expanded, previousId) };
}

/**
 * Stores a finished answer (unless the request said `store: false`) with the conversation for a next
 * turn: the request's input items and the answer's output items. Instructions are not kept: a new
 * request's instructions replace the old ones, as at OpenAI.
 */
function storageFor(store: ResponsesStore, input: RelayInput, json: Json, previousId: string | null): ResponseStorage {
  const keep = json.store !== false;
  return {
    echo: { store: keep, previous_response_id: previousId },
    finished(response) {
      if (!keep || typeof response.id !== 'string') return;
      const items = [...inputItemsOf(json.input), ...carriedOutputItems(response.output)];
      if (!store.save({ id: response.id, userId: input.principal.userId, model: input.model, items, response })) response.store = false;
    },
  };
}
