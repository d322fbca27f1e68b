/**
 * A Responses API request (`POST /v1/responses`) as a chat completions request, for channels that only
 * speak chat (Claude, Gemini, DeepSeek…): Codex CLI and other Responses clients can then use any model.
 * What only OpenAI's servers can do (built-in tools, their stored items) is refused with a clear 400.
 */
import { invalidRequest } from '../../relay-error.js';
import type { ChatContentPart, ChatMessage, ChatToolCall } from './types.js';
import { isJsonObject } from '../json-object.js';

type Json = Record<string, any>;

const unsupported = (what: string) =>
  invalidRequest(`${what} needs OpenAI's own Responses API, which this model's channel does not offer; send the whole conversation in \`input\` instead`);

const unknownPreviousResponse = (id: unknown) =>
  invalidRequest(
    `previous_response_id ${JSON.stringify(String(id))} is unknown to this gateway: it expired, was deleted, was created with store: false, or was issued elsewhere; send the whole conversation in \`input\` instead`,
    'previous_response_not_found',
  );

/** A content part of an input message as a chat content part (undefined: nothing to send). */
function chatPart(part: unknown): ChatContentPart | undefined {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isJsonObject(part)) return undefined;
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: String(part.text ?? '') };
    case 'refusal':
      return { type: 'text', text: String(part.refusal ?? '') };
    case 'input_image':
      if (typeof part.image_url !== 'string') throw unsupported('an input_image by file_id');
      return { type: 'image_url', image_url: { url: part.image_url, ...(part.detail ? { detail: part.detail } : {}) } };
    case 'input_file':
      if (typeof part.file_data !== 'string') throw unsupported('an input_file by file_id or URL');
      return { type: 'file', file: { filename: part.filename ?? 'file', file_data: part.file_data } } as ChatContentPart;
    default:
      throw invalidRequest(`input content of type ${String(part.type)} is not supported for this model`);
  }
}

function messageContent(content: unknown, role: string): ChatMessage['content'] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts = content.map(chatPart).filter((p): p is ChatContentPart => p !== undefined);
  // Assistant turns and system text go as plain strings, which every chat API takes.
  if (role !== 'user' || parts.every((p) => p.type === 'text')) return parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  return parts;
}

const toolOutputText = (output: unknown): string =>
  typeof output === 'string' ? output : Array.isArray(output) ? output.map((p) => (isJsonObject(p) && typeof p.text === 'string' ? p.text : '')).join('') : JSON.stringify(output ?? '');

/** The `input` items as chat messages: consecutive function calls become one assistant turn with tool calls. */
function inputMessages(input: unknown): ChatMessage[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input)) return [];
  const messages: ChatMessage[] = [];
  for (const item of input) {
    if (!isJsonObject(item)) continue;
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = item.role === 'developer' ? 'system' : item.role;
      if (!['system', 'user', 'assistant'].includes(role)) throw invalidRequest(`an input message has the unknown role ${String(item.role)}`);
      messages.push({ role, content: messageContent(item.content, role) });
    } else if (type === 'function_call' || type === 'custom_tool_call') {
      // A custom tool's free-form input travels as the one string argument of its function (see chatTools).
      const args = type === 'custom_tool_call' ? JSON.stringify({ input: String(item.input ?? '') }) : String(item.arguments ?? '');
      const call: ChatToolCall = { id: String(item.call_id ?? item.id ?? ''), type: 'function', function: { name: String(item.name ?? ''), arguments: args } };
      const last = messages.at(-1);
      if (last?.role === 'assistant' && (last.tool_calls || !last.content)) last.tool_calls = [...(last.tool_calls ?? []), call];
      else messages.push({ role: 'assistant', content: null, tool_calls: [call] });
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      messages.push({ role: 'tool', tool_call_id: String(item.call_id ?? ''), content: toolOutputText(item.output) });
    } else if (type === 'reasoning') {
      // The model's earlier reasoning: chat APIs take none back.
    } else if (type === 'item_reference') {
      throw unsupported('item_reference');
    } else {
      throw unsupported(`an input item of type ${String(type)}`);
    }
  }
  return messages;
}

/** The one parameter a custom (free-form) tool becomes as a function: its whole input as a string. */
const CUSTOM_TOOL_PARAMETERS = { type: 'object', properties: { input: { type: 'string', description: 'The complete input for the tool, as free-form text.' } }, required: ['input'] };

/**
 * Function tools as chat tools; a custom tool (Codex's apply_patch, free-form input) as a function taking
 * its input as one string, whose calls come back as custom tool calls (responses-from-chat.ts).
 */
function chatTools(tools: unknown): Json[] | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  return tools.map((tool: unknown) => {
    if (isJsonObject(tool) && tool.type === 'custom') {
      const description = [tool.description, isJsonObject(tool.format) && tool.format.type === 'grammar' ? `The input must follow this ${String(tool.format.syntax ?? '')} grammar:\n${String(tool.format.definition ?? '')}` : '']
        .filter(Boolean)
        .join('\n\n');
      return { type: 'function', function: { name: tool.name, ...(description ? { description } : {}), parameters: CUSTOM_TOOL_PARAMETERS } };
    }
    if (!isJsonObject(tool) || tool.type !== 'function') throw unsupported(`the ${isJsonObject(tool) ? String(tool.type) : 'given'} tool`);
    const fn: Json = { name: tool.name };
    if (tool.description !== undefined) fn.description = tool.description;
    if (tool.parameters !== undefined) fn.parameters = tool.parameters;
    if (tool.strict !== undefined && tool.strict !== null) fn.strict = tool.strict;
    return { type: 'function', function: fn };
  });
}

function chatToolChoice(choice: unknown): unknown {
  if (typeof choice === 'string' || choice === undefined) return choice;
  if (isJsonObject(choice) && (choice.type === 'function' || choice.type === 'custom')) return { type: 'function', function: { name: choice.name } };
  throw unsupported('this tool_choice');
}

function responseFormat(text: unknown): Json | undefined {
  const format = isJsonObject(text) ? text.format : undefined;
  if (!isJsonObject(format) || format.type === 'text') return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    return { type: 'json_schema', json_schema: { name: format.name, schema: format.schema, ...(format.description ? { description: format.description } : {}), ...(format.strict !== undefined ? { strict: format.strict } : {}) } };
  }
  throw invalidRequest(`text.format of type ${String(format.type)} is not supported`);
}

/** The chat request saying what a Responses request asks. */
export function responsesToChatRequest(req: Json): Json {
  // A previous response this gateway stored was already expanded into `input` (relay/responses-store/).
  if (req.previous_response_id) throw unknownPreviousResponse(req.previous_response_id);
  if (req.conversation) throw unsupported('conversation');
  const messages = inputMessages(req.input);
  if (typeof req.instructions === 'string' && req.instructions) messages.unshift({ role: 'system', content: req.instructions });
  const chat: Json = { model: req.model, messages };
  const tools = chatTools(req.tools);
  if (tools) chat.tools = tools;
  const toolChoice = chatToolChoice(req.tool_choice);
  if (toolChoice !== undefined && tools) chat.tool_choice = toolChoice;
  if (typeof req.parallel_tool_calls === 'boolean' && tools) chat.parallel_tool_calls = req.parallel_tool_calls;
  if (typeof req.max_output_tokens === 'number') chat.max_tokens = req.max_output_tokens;
  for (const key of ['temperature', 'top_p', 'user', 'service_tier', 'safety_identifier'] as const) if (req[key] !== undefined && req[key] !== null) chat[key] = req[key];
  if (isJsonObject(req.reasoning) && typeof req.reasoning.effort === 'string') chat.reasoning_effort = req.reasoning.effort;
  const format = responseFormat(req.text);
  if (format) chat.response_format = format;
  if (req.stream === true) chat.stream = true;
  return chat;
}

/** Names of the custom (free-form) tools of a Responses request. */
export function customToolNames(req: Json): Set<string> {
  return new Set(Array.isArray(req.tools) ? req.tools.filter((t: unknown) => isJsonObject(t) && t.type === 'custom').map((t: Json) => String(t.name)) : []);
}
