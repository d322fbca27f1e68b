/**
 * A chat completions request as a Responses API request, for OpenAI models served only through
 * `/v1/responses` (o1-pro, o3-pro, the codex and pro GPT-5 models…): chat clients can still call them.
 */
import type { ChatContentPart, ChatMessage } from './types.js';
import { isJsonObject } from '../json-object.js';

type Json = Record<string, any>;

/** Chat content as Responses content parts: user parts as input_*, an assistant's text as output_text. */
function contentParts(content: ChatMessage['content'], role: string): Json[] | string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const textType = role === 'assistant' ? 'output_text' : 'input_text';
  return content.flatMap((chatPart: ChatContentPart): Json[] => {
    const part = chatPart as Json;
    if (part.type === 'text') return [{ type: textType, text: part.text }];
    if (part.type === 'refusal') return [{ type: textType, text: part.refusal }];
    if (part.type === 'image_url') {
      const image = part.image_url;
      const url = typeof image === 'string' ? image : image?.url;
      return [{ type: 'input_image', image_url: url, detail: (isJsonObject(image) && image.detail) || 'auto' }];
    }
    if (part.type === 'file') {
      const file = part.file ?? {};
      return [{ type: 'input_file', ...(file.file_id ? { file_id: file.file_id } : { filename: file.filename ?? 'file', file_data: file.file_data }) }];
    }
    return [];
  });
}

const textOf = (content: ChatMessage['content']): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p) => (p.type === 'text' ? p.text : '')).join('') : '';

function inputItems(messages: ChatMessage[]): Json[] {
  const items: Json[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      items.push({ type: 'function_call_output', call_id: message.tool_call_id ?? '', output: textOf(message.content) });
      continue;
    }
    const role = message.role === 'system' ? 'developer' : message.role === 'function' ? 'user' : message.role;
    const content = contentParts(message.content, role);
    if (content.length > 0) items.push({ type: 'message', role, content });
    for (const call of message.tool_calls ?? []) {
      items.push({ type: 'function_call', call_id: call.id, name: call.function.name, arguments: call.function.arguments });
    }
  }
  return items;
}

function responsesTools(tools: unknown): Json[] | undefined {
  if (!Array.isArray(tools)) return undefined;
  return tools
    .filter((tool): tool is Json => isJsonObject(tool) && tool.type === 'function' && isJsonObject(tool.function))
    .map((tool) => ({ type: 'function', name: tool.function.name, description: tool.function.description, parameters: tool.function.parameters ?? { type: 'object', properties: {} }, strict: tool.function.strict ?? false }));
}

function responsesToolChoice(choice: unknown): unknown {
  if (isJsonObject(choice) && choice.type === 'function') return { type: 'function', name: choice.function?.name };
  return choice;
}

function textFormat(format: unknown): Json | undefined {
  if (!isJsonObject(format)) return undefined;
  if (format.type === 'json_object') return { format: { type: 'json_object' } };
  if (format.type === 'json_schema' && isJsonObject(format.json_schema)) {
    const schema = format.json_schema;
    return { format: { type: 'json_schema', name: schema.name, schema: schema.schema, ...(schema.description ? { description: schema.description } : {}), ...(schema.strict !== undefined ? { strict: schema.strict } : {}) } };
  }
  return undefined;
}

/** The Responses request saying what a chat request asks (store off: the gateway keeps no conversation). */
export function chatToResponsesRequest(chat: Json): Json {
  const req: Json = { model: chat.model, input: inputItems(Array.isArray(chat.messages) ? chat.messages : []), store: false };
  const tools = responsesTools(chat.tools);
  if (tools?.length) {
    req.tools = tools;
    if (chat.tool_choice !== undefined) req.tool_choice = responsesToolChoice(chat.tool_choice);
    if (typeof chat.parallel_tool_calls === 'boolean') req.parallel_tool_calls = chat.parallel_tool_calls;
  }
  const maxTokens = chat.max_completion_tokens ?? chat.max_tokens;
  if (typeof maxTokens === 'number') req.max_output_tokens = maxTokens;
  for (const key of ['temperature', 'top_p', 'user', 'service_tier', 'safety_identifier', 'metadata'] as const) if (chat[key] !== undefined && chat[key] !== null) req[key] = chat[key];
  if (typeof chat.reasoning_effort === 'string') req.reasoning = { effort: chat.reasoning_effort };
  const text = textFormat(chat.response_format);
  if (text) req.text = text;
  if (chat.stream === true) req.stream = true;
  return req;
}
