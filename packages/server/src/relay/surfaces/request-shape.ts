import { invalidRequest } from '../relay-error.js';
import type { RelayEndpoint } from '../providers/provider-adapter.js';
import { isJsonObject } from '../formats/json-object.js';

function fail(message: string): never {
  throw invalidRequest(message);
}

/** `field` is absent, or an array whose every item is an object. */
function objectsOrAbsent(value: unknown, field: string): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) fail(`${field} must be an array`);
  for (let i = 0; i < value.length; i++) if (!isJsonObject(value[i])) fail(`${field}[${i}] must be an object`);
}

function requiredObjects(value: unknown, field: string): unknown[] {
  if (value === undefined || value === null) fail(`${field} is required`);
  objectsOrAbsent(value, field);
  return value as unknown[];
}

/** A message's content: text, or an array of content parts (objects); absent or null where allowed. */
function content(value: unknown, field: string, nullable: boolean): void {
  if (typeof value === 'string') return;
  if ((value === undefined || value === null) && nullable) return;
  if (!Array.isArray(value)) fail(`${field} must be a string or an array of content parts`);
  objectsOrAbsent(value, field);
}

function roleOf(message: Record<string, unknown>, field: string): void {
  if (typeof message.role !== 'string') fail(`${field}.role must be a string`);
}

/** A non-empty string. */
function requiredText(value: unknown, field: string): void {
  if (value === undefined || value === null || value === '') fail(`${field} is required`);
  if (typeof value !== 'string') fail(`${field} must be a string`);
}

/** A non-empty string, or a non-empty array whose items each pass `item` (which returns false to refuse). */
function textOrList(value: unknown, field: string, item: (v: unknown) => boolean, itemKind: string): void {
  if (value === undefined || value === null || value === '') fail(`${field} is required`);
  if (typeof value === 'string') return;
  if (!Array.isArray(value)) fail(`${field} must be a string or an array`);
  if (value.length === 0) fail(`${field} must not be empty`);
  for (let i = 0; i < value.length; i++) if (!item(value[i])) fail(`${field}[${i}] must be ${itemKind}`);
}

const isTokenIds = (v: unknown) => Array.isArray(v) && v.every((t) => Number.isInteger(t));
const isTextOrObject = (v: unknown) => typeof v === 'string' || isJsonObject(v);
// Objects too: multimodal embedding inputs (Jina's `{ text }` / `{ image }` items).
const isEmbeddingItem = (v: unknown) => isTextOrObject(v) || Number.isInteger(v) || isTokenIds(v);

/** The longest response id taken: ours have 29 characters, OpenAI's about 53. */
const MAX_RESPONSE_ID_LENGTH = 128;

/** Absent, or a response id. */
function responseId(value: unknown, field: string): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'string' || value === '' || value.length > MAX_RESPONSE_ID_LENGTH) fail(`${field} must be a response id (a string of 1 to ${MAX_RESPONSE_ID_LENGTH} characters)`);
}

function streamFlag(body: Record<string, unknown>): void {
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') fail('stream must be true or false');
}

/**
 * Checks the parts of a conversation request that the relay and its format converters walk (messages,
 * their roles and contents, system prompts, tools), and the inputs the other JSON endpoints require
 * (embedding and moderation input, image prompt, speech input, rerank query and documents), so a
 * malformed request is the caller's 400 with the field named, never a converter's crash (a 500), a
 * half-converted upstream call or an upstream call at all. Values are left to the upstream; only presence
 * and types are checked, in one pass over the messages.
 */
export function assertRequestShape(endpoint: RelayEndpoint, body: Record<string, unknown>): void {
  switch (endpoint) {
    case 'chat': {
      streamFlag(body);
      const messages = requiredObjects(body.messages, 'messages') as Record<string, unknown>[];
      for (let i = 0; i < messages.length; i++) {
        roleOf(messages[i], `messages[${i}]`);
        content(messages[i].content, `messages[${i}].content`, true);
        objectsOrAbsent(messages[i].tool_calls, `messages[${i}].tool_calls`);
      }
      objectsOrAbsent(body.tools, 'tools');
      return;
    }
    case 'claude.messages': {
      streamFlag(body);
      const messages = requiredObjects(body.messages, 'messages') as Record<string, unknown>[];
      for (let i = 0; i < messages.length; i++) {
        roleOf(messages[i], `messages[${i}]`);
        content(messages[i].content, `messages[${i}].content`, false);
      }
      if (body.system !== undefined && body.system !== null && typeof body.system !== 'string') objectsOrAbsent(body.system, 'system');
      objectsOrAbsent(body.tools, 'tools');
      return;
    }
    case 'gemini.generate': {
      const contents = requiredObjects(body.contents, 'contents') as Record<string, unknown>[];
      for (let i = 0; i < contents.length; i++) objectsOrAbsent(contents[i].parts, `contents[${i}].parts`);
      if (body.systemInstruction !== undefined && body.systemInstruction !== null) {
        if (!isJsonObject(body.systemInstruction)) fail('systemInstruction must be an object');
        objectsOrAbsent(body.systemInstruction.parts, 'systemInstruction.parts');
      }
      objectsOrAbsent(body.tools, 'tools');
      return;
    }
    case 'gemini.embed': {
      if (Array.isArray(body.requests) && body.requests.length === 0) fail('requests must not be empty');
      const requests = Array.isArray(body.requests) ? (requiredObjects(body.requests, 'requests') as Record<string, unknown>[]) : [body];
      for (let i = 0; i < requests.length; i++) {
        const at = Array.isArray(body.requests) ? `requests[${i}].content` : 'content';
        const item = requests[i].content;
        if (item === undefined || item === null) fail(`${at} is required`);
        if (!isJsonObject(item)) fail(`${at} must be an object`);
        requiredObjects(item.parts, `${at}.parts`);
      }
      return;
    }
    case 'completions':
      streamFlag(body);
      return;
    case 'responses':
      streamFlag(body);
      responseId(body.previous_response_id, 'previous_response_id');
      return;
    case 'responses.compact':
      responseId(body.previous_response_id, 'previous_response_id');
      if (body.input === undefined || body.input === null) {
        if (body.previous_response_id === undefined || body.previous_response_id === null) fail('input or previous_response_id is required');
      } else if (typeof body.input !== 'string') {
        if (!Array.isArray(body.input)) fail('input must be a string or an array of input items');
        objectsOrAbsent(body.input, 'input');
      }
      if (body.instructions !== undefined && body.instructions !== null && typeof body.instructions !== 'string') fail('instructions must be a string');
      return;
    // The other endpoints' required inputs, so a request missing them is refused before any upstream call.
    case 'embeddings':
      textOrList(body.input, 'input', isEmbeddingItem, 'a string, an object, a token id or an array of token ids');
      return;
    case 'moderations':
      textOrList(body.input, 'input', isTextOrObject, 'a string or an object');
      return;
    case 'images.generations':
      requiredText(body.prompt, 'prompt');
      return;
    case 'audio.speech':
      requiredText(body.input, 'input');
      return;
    case 'rerank':
      requiredText(body.query, 'query');
      if (!Array.isArray(body.documents) || body.documents.length === 0) fail(body.documents === undefined || body.documents === null ? 'documents is required' : 'documents must be a non-empty array');
      for (let i = 0; i < body.documents.length; i++) if (!isTextOrObject(body.documents[i])) fail(`documents[${i}] must be a string or an object`);
      return;
    default:
      return;
  }
}
