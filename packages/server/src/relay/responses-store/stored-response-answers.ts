import { RelayError, invalidRequest } from '../relay-error.js';
import { carriedOutputItems } from './conversation-items.js';
import type { ResponsesStore } from './responses-store.service.js';

type Json = Record<string, any>;

const notFound = (id: string) => new RelayError(404, 'response_not_found', `Response with id '${id}' not found.`, 'client', 'invalid_request_error');

/** GET /v1/responses/{id}: the stored response object. */
export async function retrieveStoredResponse(store: ResponsesStore | undefined, userId: number, id: string): Promise<Json> {
  const response = await store?.findResponse(userId, id);
  if (!response) throw notFound(id);
  return response;
}

/** DELETE /v1/responses/{id}, answered as OpenAI does. */
export async function deleteStoredResponse(store: ResponsesStore | undefined, userId: number, id: string): Promise<Json> {
  if (!(await store?.delete(userId, id))) throw notFound(id);
  return { id, object: 'response', deleted: true };
}

/**
 * GET /v1/responses/{id}/input_items: the items the response was given (the stored conversation without
 * its own output), in one page, newest first unless `order=asc` (OpenAI's default order is desc).
 */
export async function listStoredInputItems(store: ResponsesStore | undefined, userId: number, id: string, order: unknown): Promise<Json> {
  if (order !== undefined && order !== 'asc' && order !== 'desc') throw invalidRequest('order must be asc or desc');
  const [response, items] = await Promise.all([store?.findResponse(userId, id), store?.findItems(userId, id)]);
  if (!response || !items) throw notFound(id);
  const inputs = items.slice(0, items.length - carriedOutputItems(response.output).length);
  const data = order === 'asc' ? inputs : inputs.reverse();
  const idOf = (item: Json | undefined) => (typeof item?.id === 'string' ? item.id : null);
  return { object: 'list', data, first_id: idOf(data[0]), last_id: idOf(data.at(-1)), has_more: false };
}
