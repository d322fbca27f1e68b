import { isJsonObject } from '../formats/json-object.js';

type Json = Record<string, any>;

/** A Responses request's `input` as an item list: a string is one user message. */
export function inputItemsOf(input: unknown): Json[] {
  if (typeof input === 'string') return [{ type: 'message', role: 'user', content: input }];
  return Array.isArray(input) ? input.filter(isJsonObject) : [];
}

/**
 * A response's output items as input items of the next turn: without their `id`s (ours are not OpenAI's
 * item ids) and without reasoning items, which are only summaries of a chat model's reasoning text here
 * and which OpenAI would refuse as input.
 */
export function carriedOutputItems(output: unknown): Json[] {
  if (!Array.isArray(output)) return [];
  return output.filter((item) => isJsonObject(item) && item.type !== 'reasoning').map(({ id: _id, ...item }: Json) => item);
}
