import { invalidRequest } from '../relay-error.js';
import type { RelayEndpoint } from '../providers/provider-adapter.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fail(message: string): never {
  throw invalidRequest(message);
}

/** `field` is absent, or an array whose every item is an object. */
function objectsOrAbsent(value: unknown, field: string): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) fail(`${field} must be an array`);
  for (let i = 0; i < value.length; i++) if (!isObject(value[i])) fail(`${field}[${i}] must be an object`);
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

function streamFlag(body: Record<string, unknown>): void {
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') fail('stream must be true or false');
}

/**
 * Checks the parts of a conversation request that the relay and its format converters walk (messages,
 * their roles and contents, system prompts, tools), so a malformed request is the caller's 400 with the
 * field named, never a converter's crash (a 500) or a half-converted upstream call. Values are left to
 * the upstream; only types are checked, in one pass over the messages.
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
        if (!isObject(body.systemInstruction)) fail('systemInstruction must be an object');
        objectsOrAbsent(body.systemInstruction.parts, 'systemInstruction.parts');
      }
      objectsOrAbsent(body.tools, 'tools');
      return;
    }
    case 'completions':
    case 'responses':
      streamFlag(body);
      return;
    default:
      return;
  }
}
