import { invalidRequest } from '../../relay-error.js';
import { toDataUrl } from '../data-url.js';
import type { ChatCompletionRequest, ChatContentPart, ChatFunctionTool, ChatMessage, ChatToolChoice } from '../openai/types.js';
import { stringifyToolInput } from '../tool-arguments.js';
import { effortForBudget } from './thinking.js';
import type { ClaudeContentBlock, ClaudeMessageParam, ClaudeRequest, ClaudeTool, ClaudeToolChoice, ClaudeToolResultBlock } from './types.js';

export interface OpenAIRequestOptions {
  /** OpenAI's reasoning models accept only max_completion_tokens; most compatible upstreams only max_tokens. */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}

function blockToPart(block: ClaudeContentBlock): ChatContentPart | undefined {
  switch (block.type) {
    case 'text':
      return block.text ? { type: 'text', text: block.text } : undefined;
    case 'image': {
      const s = block.source;
      return { type: 'image_url', image_url: { url: s.type === 'base64' ? toDataUrl(s.media_type, s.data) : s.url } };
    }
    case 'document': {
      const s = block.source;
      if (s.type === 'text') return { type: 'text', text: s.data };
      if (s.type === 'base64') return { type: 'file', file: { filename: block.title ?? 'document.pdf', file_data: toDataUrl(s.media_type, s.data) } };
      throw invalidRequest('documents given by URL cannot be sent to this model; send them as base64');
    }
    default:
      return undefined;
  }
}

/** A lone text part is sent as a plain string, which every OpenAI-compatible upstream accepts. */
function partsToContent(parts: ChatContentPart[]): string | ChatContentPart[] {
  if (parts.every((p) => p.type === 'text')) return parts.map((p) => (p as { text: string }).text).join('\n');
  return parts;
}

function toolMessage(block: ClaudeToolResultBlock, extraParts: ChatContentPart[]): ChatMessage {
  let content = '';
  if (typeof block.content === 'string') content = block.content;
  else if (Array.isArray(block.content)) {
    const texts: string[] = [];
    for (const inner of block.content) {
      if (inner.type === 'text') texts.push(inner.text);
      else {
        // OpenAI tool messages carry text only; images move to the user turn that follows.
        const part = blockToPart(inner);
        if (part) extraParts.push(part);
      }
    }
    content = texts.join('\n');
  }
  return { role: 'tool', tool_call_id: block.tool_use_id, content };
}

function userMessages(blocks: ClaudeContentBlock[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const parts: ChatContentPart[] = [];
  for (const block of blocks) {
    if (block.type === 'tool_result') out.push(toolMessage(block, parts));
    else {
      const part = blockToPart(block);
      if (part) parts.push(part);
    }
  }
  if (parts.length) out.push({ role: 'user', content: partsToContent(parts) });
  return out;
}

function assistantMessage(blocks: ClaudeContentBlock[]): ChatMessage | undefined {
  const texts: string[] = [];
  const message: ChatMessage = { role: 'assistant', content: null };
  for (const block of blocks) {
    if (block.type === 'text') texts.push(block.text);
    else if (block.type === 'tool_use') {
      (message.tool_calls ??= []).push({ id: block.id, type: 'function', function: { name: block.name, arguments: stringifyToolInput(block.input) } });
    }
    // thinking blocks are Claude-only state; OpenAI-style upstreams reject or ignore them.
  }
  if (texts.length) message.content = texts.join('');
  if (message.content === null && !message.tool_calls) return undefined;
  return message;
}

function convertMessage(message: ClaudeMessageParam): ChatMessage[] {
  if (typeof message.content === 'string') return [{ role: message.role, content: message.content }];
  if (message.role === 'user') return userMessages(message.content);
  const assistant = assistantMessage(message.content);
  return assistant ? [assistant] : [];
}

function convertTools(tools: ClaudeTool[]): ChatFunctionTool[] {
  return tools
    .filter((t) => !t.type || t.type === 'custom')
    .map((t) => {
      const fn: ChatFunctionTool['function'] = { name: t.name, parameters: t.input_schema };
      if (t.description) fn.description = t.description;
      return { type: 'function', function: fn };
    });
}

function convertToolChoice(choice: ClaudeToolChoice): ChatToolChoice {
  switch (choice.type) {
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool':
      return { type: 'function', function: { name: choice.name } };
    default:
      return 'auto';
  }
}

/** Claude Messages request → OpenAI chat request (a /v1/messages call served by an OpenAI-style channel). */
export function claudeToOpenAIRequest(req: ClaudeRequest, options: OpenAIRequestOptions = {}): ChatCompletionRequest {
  const messages: ChatMessage[] = [];
  if (typeof req.system === 'string' && req.system) messages.push({ role: 'system', content: req.system });
  else if (Array.isArray(req.system) && req.system.length) messages.push({ role: 'system', content: req.system.map((b) => b.text).join('\n') });
  for (const message of req.messages ?? []) messages.push(...convertMessage(message));

  const out: ChatCompletionRequest = { model: req.model, messages };
  out[options.maxTokensField ?? 'max_tokens'] = req.max_tokens;
  if (typeof req.temperature === 'number') out.temperature = req.temperature;
  if (typeof req.top_p === 'number') out.top_p = req.top_p;
  if (req.stop_sequences?.length) out.stop = req.stop_sequences;
  if (req.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  if (req.metadata?.user_id) out.user = req.metadata.user_id;
  if (req.tools?.length) {
    const tools = convertTools(req.tools);
    if (tools.length) {
      out.tools = tools;
      if (req.tool_choice) {
        out.tool_choice = convertToolChoice(req.tool_choice);
        if ('disable_parallel_tool_use' in req.tool_choice && req.tool_choice.disable_parallel_tool_use) out.parallel_tool_calls = false;
      }
    }
  }
  if (req.thinking?.type === 'enabled') out.reasoning_effort = effortForBudget(req.thinking.budget_tokens);
  return out;
}
