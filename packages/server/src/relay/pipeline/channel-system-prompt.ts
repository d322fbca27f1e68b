import type { ChannelSettings } from '@gw/contracts';
import type { RelayBody, RelayEndpoint } from '../providers/provider-adapter.js';
import { isJsonObject } from '../formats/json-object.js';

type Json = Record<string, unknown>;

/** `prompt` in front of a text or a list of text parts, joined by a newline as new-api does. */
function prefixed(prompt: string, content: unknown, part: (text: string) => Json): unknown {
  if (typeof content === 'string') return `${prompt}\n${content}`;
  if (Array.isArray(content)) return [part(prompt), ...content];
  return prompt;
}

function chatMessages(json: Json, prompt: string, override: boolean): Json | undefined {
  const messages = Array.isArray(json.messages) ? json.messages : [];
  const at = messages.findIndex((m) => isJsonObject(m) && (m.role === 'system' || m.role === 'developer'));
  if (at < 0) return { ...json, messages: [{ role: 'system', content: prompt }, ...messages] };
  if (!override) return undefined;
  const own = messages[at] as Json;
  const next = [...messages];
  next[at] = { ...own, content: prefixed(prompt, own.content, (text) => ({ type: 'text', text })) };
  return { ...json, messages: next };
}

function claudeSystem(json: Json, prompt: string, override: boolean): Json | undefined {
  const own = json.system;
  const empty = own === undefined || own === null || own === '' || (Array.isArray(own) && own.length === 0);
  if (empty) return { ...json, system: prompt };
  if (!override) return undefined;
  return { ...json, system: prefixed(prompt, own, (text) => ({ type: 'text', text })) };
}

function geminiSystem(json: Json, prompt: string, override: boolean): Json | undefined {
  const key = json.system_instruction !== undefined ? 'system_instruction' : 'systemInstruction';
  const own = json[key];
  const parts = isJsonObject(own) && Array.isArray(own.parts) ? own.parts : [];
  if (parts.length === 0) return { ...json, [key]: { parts: [{ text: prompt }] } };
  if (!override) return undefined;
  return { ...json, [key]: { ...(own as Json), parts: [{ text: prompt }, ...parts] } };
}

function responsesInstructions(json: Json, prompt: string, override: boolean): Json | undefined {
  const own = json.instructions;
  if (typeof own !== 'string' || own === '') return { ...json, instructions: prompt };
  return override ? { ...json, instructions: `${prompt}\n${own}` } : undefined;
}

const BY_ENDPOINT: Partial<Record<RelayEndpoint, (json: Json, prompt: string, override: boolean) => Json | undefined>> = {
  chat: chatMessages,
  'claude.messages': claudeSystem,
  'gemini.generate': geminiSystem,
  responses: responsesInstructions,
};

/**
 * The request with the channel's system prompt (new-api's `system_prompt` channel setting): added when
 * the request has none; put in front of the request's own first system prompt only with
 * `system_prompt_override`. Chat, Claude Messages, Gemini and Responses requests; others as they came.
 * A changed body drops the client's bytes, so it is the one sent.
 */
export function withChannelSystemPrompt(body: RelayBody, endpoint: RelayEndpoint, settings: ChannelSettings): RelayBody {
  const prompt = settings.system_prompt;
  const apply = BY_ENDPOINT[endpoint];
  if (!prompt || !apply || body.kind !== 'json') return body;
  const json = apply(body.json, prompt, settings.system_prompt_override === true);
  return json ? { kind: 'json', json } : body;
}
