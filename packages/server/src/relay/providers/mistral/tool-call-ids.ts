import { createHash } from 'node:crypto';
import { isJsonObject } from '../../formats/json-object.js';

/** Mistral's only accepted shape of a tool call id (422 "Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9"). */
const MISTRAL_ID = /^[A-Za-z0-9]{9}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The 9-character id an OpenAI-style tool call id (`call_…`, or `toolu_…` from a Claude client) is sent to
 * Mistral as. Derived from the id itself, so a call and its result keep matching ids, and so do they in
 * every later turn that resends the conversation; ids Mistral made itself are valid and kept.
 */
export function mistralToolCallId(id: string): string {
  if (MISTRAL_ID.test(id)) return id;
  const digest = createHash('sha256').update(id).digest();
  let out = '';
  for (let i = 0; i < 9; i++) out += ALPHABET[digest[i] % ALPHABET.length];
  return out;
}

/** The chat messages with every tool call id (assistant `tool_calls[].id`, tool `tool_call_id`) in Mistral's shape. */
export function withMistralToolCallIds(messages: unknown): unknown {
  if (!Array.isArray(messages)) return messages;
  let changed = false;
  const out = messages.map((message: unknown) => {
    if (!isJsonObject(message)) return message;
    let next = message;
    if (typeof message.tool_call_id === 'string' && !MISTRAL_ID.test(message.tool_call_id)) {
      next = { ...next, tool_call_id: mistralToolCallId(message.tool_call_id) };
    }
    if (Array.isArray(message.tool_calls) && message.tool_calls.some((call) => isJsonObject(call) && typeof call.id === 'string' && !MISTRAL_ID.test(call.id))) {
      next = { ...next, tool_calls: message.tool_calls.map((call: unknown) => (isJsonObject(call) && typeof call.id === 'string' ? { ...call, id: mistralToolCallId(call.id) } : call)) };
    }
    if (next !== message) changed = true;
    return next;
  });
  return changed ? out : messages;
}
