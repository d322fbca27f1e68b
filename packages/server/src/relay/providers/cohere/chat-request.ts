/** Hub chat request (OpenAI format) → Cohere v2 chat request. */
import type { ChatCompletionRequest, ChatContentPart, ChatMessage } from '../../formats/openai/types.js';
import type { CohereChatRequest, CohereContentPart, CohereMessage } from './types.js';

const textOf = (content: ChatMessage['content']): string =>
  typeof content === 'string'
    ? content
    : (content ?? [])
        .filter((p): p is Extract<ChatContentPart, { type: 'text' }> => p.type === 'text')
        .map((p) => p.text)
        .join('\n');

/** Text and images pass; audio and files have no Cohere equivalent and are left out. */
function userContent(content: ChatMessage['content']): string | CohereContentPart[] {
  if (typeof content === 'string' || !content) return content ?? '';
  const parts: CohereContentPart[] = [];
  for (const part of content) {
    if (part.type === 'text') parts.push({ type: 'text', text: part.text });
    else if (part.type === 'image_url') parts.push({ type: 'image_url', image_url: { url: part.image_url.url } });
  }
  return parts.every((p) => p.type === 'text') ? parts.map((p) => (p as { text: string }).text).join('\n') : parts;
}

function toCohereMessage(message: ChatMessage): CohereMessage {
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(message.content) };
    case 'assistant': {
      const text = textOf(message.content);
      if (!message.tool_calls?.length) return { role: 'assistant', content: text };
      // Cohere calls the text that accompanies tool calls the tool plan.
      const calls = message.tool_calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.function.name, arguments: c.function.arguments || '{}' } }));
      return text ? { role: 'assistant', tool_plan: text, tool_calls: calls } : { role: 'assistant', tool_calls: calls };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.tool_call_id ?? '', content: textOf(message.content) };
    case 'function':
      return { role: 'tool', tool_call_id: message.name ?? '', content: textOf(message.content) };
    default:
      return { role: 'user', content: userContent(message.content) };
  }
}

export function toCohereChatRequest(request: ChatCompletionRequest, model: string, stream: boolean): CohereChatRequest {
  const out: CohereChatRequest = { model, messages: (request.messages ?? []).map(toCohereMessage), stream };
  const maxTokens = request.max_completion_tokens ?? request.max_tokens;
  if (maxTokens != null) out.max_tokens = maxTokens;
  if (request.temperature != null) out.temperature = request.temperature;
  if (request.top_p != null) out.p = request.top_p;
  if (typeof request.top_k === 'number') out.k = request.top_k;
  if (request.seed != null) out.seed = request.seed;
  if (request.frequency_penalty != null) out.frequency_penalty = request.frequency_penalty;
  if (request.presence_penalty != null) out.presence_penalty = request.presence_penalty;
  if (request.stop != null) out.stop_sequences = Array.isArray(request.stop) ? request.stop : [request.stop];

  let tools = request.tools?.filter((t) => t.type === 'function');
  const choice = request.tool_choice;
  if (choice === 'none') out.tool_choice = 'NONE';
  else if (choice === 'required') out.tool_choice = 'REQUIRED';
  else if (typeof choice === 'object' && choice?.function?.name) {
    // Cohere cannot name one tool: offer only that tool and require a call.
    tools = tools?.filter((t) => t.function.name === choice.function.name);
    out.tool_choice = 'REQUIRED';
  }
  if (tools?.length) {
    out.tools = tools.map((t) => ({ type: 'function', function: { name: t.function.name, description: t.function.description, parameters: t.function.parameters } }));
  }

  const format = request.response_format;
  if (format?.type === 'json_object') out.response_format = { type: 'json_object' };
  else if (format?.type === 'json_schema') out.response_format = { type: 'json_object', json_schema: format.json_schema.schema };

  if (request.reasoning_effort) out.thinking = { type: request.reasoning_effort === 'none' || request.reasoning_effort === 'minimal' ? 'disabled' : 'enabled' };
  return out;
}
