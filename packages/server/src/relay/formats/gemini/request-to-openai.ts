import { toDataUrl } from '../data-url.js';
import type { ChatCompletionRequest, ChatContentPart, ChatFunctionTool, ChatMessage, ChatToolCall, ChatToolChoice, ReasoningEffort } from '../openai/types.js';
import { geminiSchemaToJsonSchema } from './schema.js';
import { geminiToolCallId } from './tool-call-ids.js';
import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest, GeminiThinkingConfig, GeminiToolConfig } from './types.js';

export interface GeminiToOpenAIOptions {
  /** From the URL path (/v1beta/models/{model}:generateContent). */
  model: string;
  /** true for :streamGenerateContent. */
  stream?: boolean;
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
}

function mediaPart(mimeType: string, url: string, data?: string): ChatContentPart {
  if (data && mimeType.startsWith('audio/')) return { type: 'input_audio', input_audio: { data, format: mimeType.slice(6).replace('mpeg', 'mp3') } };
  if (data && !mimeType.startsWith('image/')) return { type: 'file', file: { file_data: url } };
  return { type: 'image_url', image_url: { url } };
}

function userPart(part: GeminiPart): ChatContentPart | undefined {
  if (typeof part.text === 'string' && !part.thought) return part.text ? { type: 'text', text: part.text } : undefined;
  if (part.inlineData) return mediaPart(part.inlineData.mimeType, toDataUrl(part.inlineData.mimeType, part.inlineData.data), part.inlineData.data);
  if (part.fileData) return mediaPart(part.fileData.mimeType ?? 'image/*', part.fileData.fileUri);
  return undefined;
}

/** Turns Gemini contents into OpenAI messages; calls get ids, results find them again by name. */
function convertContents(contents: GeminiContent[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  const pending = new Map<string, string[]>();
  contents.forEach((content, turn) => {
    if (content.role === 'model') {
      const texts: string[] = [];
      const calls: ChatToolCall[] = [];
      for (const part of content.parts ?? []) {
        if (part.functionCall) {
          const id = part.functionCall.id ?? geminiToolCallId(`t${turn}`, calls.length);
          calls.push({ id, type: 'function', function: { name: part.functionCall.name, arguments: JSON.stringify(part.functionCall.args ?? {}) } });
          pending.set(part.functionCall.name, [...(pending.get(part.functionCall.name) ?? []), id]);
        } else if (typeof part.text === 'string' && !part.thought) texts.push(part.text);
      }
      const message: ChatMessage = { role: 'assistant', content: texts.length ? texts.join('') : null };
      if (calls.length) message.tool_calls = calls;
      if (texts.length || calls.length) messages.push(message);
      return;
    }
    const parts: ChatContentPart[] = [];
    for (const part of content.parts ?? []) {
      if (part.functionResponse) {
        const { name, response } = part.functionResponse;
        const id = part.functionResponse.id ?? pending.get(name)?.shift() ?? geminiToolCallId(name, 0);
        const keys = Object.keys(response ?? {});
        const text = keys.length === 1 && keys[0] === 'result' && typeof response.result === 'string' ? response.result : JSON.stringify(response ?? {});
        messages.push({ role: 'tool', tool_call_id: id, content: text });
      } else {
        const converted = userPart(part);
        if (converted) parts.push(converted);
      }
    }
    if (parts.length) {
      const textOnly = parts.every((p) => p.type === 'text');
      messages.push({ role: 'user', content: textOnly ? parts.map((p) => (p as { text: string }).text).join('\n') : parts });
    }
  });
  return messages;
}

function effortFor(config: GeminiThinkingConfig): ReasoningEffort | undefined {
  if (config.thinkingLevel) return (['minimal', 'low', 'medium', 'high'] as const).find((e) => e === config.thinkingLevel?.toLowerCase());
  const budget = config.thinkingBudget;
  if (budget === undefined || budget === 0) return undefined;
  if (budget < 0) return 'medium';
  if (budget <= 1024) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}

function applyGenerationConfig(out: ChatCompletionRequest, config: GeminiGenerationConfig, maxField: 'max_tokens' | 'max_completion_tokens') {
  if (typeof config.temperature === 'number') out.temperature = config.temperature;
  if (typeof config.topP === 'number') out.top_p = config.topP;
  if (typeof config.maxOutputTokens === 'number') out[maxField] = config.maxOutputTokens;
  if (config.stopSequences?.length) out.stop = config.stopSequences;
  if (typeof config.candidateCount === 'number' && config.candidateCount > 1) out.n = config.candidateCount;
  if (typeof config.seed === 'number') out.seed = config.seed;
  if (typeof config.presencePenalty === 'number') out.presence_penalty = config.presencePenalty;
  if (typeof config.frequencyPenalty === 'number') out.frequency_penalty = config.frequencyPenalty;
  if (config.responseMimeType === 'application/json') {
    const schema = config.responseJsonSchema ?? config.responseSchema;
    out.response_format = schema
      ? { type: 'json_schema', json_schema: { name: 'response', schema: geminiSchemaToJsonSchema(schema) as Record<string, unknown> } }
      : { type: 'json_object' };
  }
  const effort = config.thinkingConfig ? effortFor(config.thinkingConfig) : undefined;
  if (effort) out.reasoning_effort = effort;
}

function convertToolConfig(config: GeminiToolConfig): ChatToolChoice | undefined {
  const fc = config.functionCallingConfig;
  if (fc?.mode === 'NONE') return 'none';
  if (fc?.mode === 'ANY' || fc?.mode === 'VALIDATED') {
    const names = fc.allowedFunctionNames ?? [];
    return names.length === 1 ? { type: 'function', function: { name: names[0] } } : 'required';
  }
  return fc?.mode === 'AUTO' ? 'auto' : undefined;
}

/** Gemini generateContent request → OpenAI chat request (a /v1beta call served by an OpenAI-style channel). */
export function geminiToOpenAIRequest(req: GeminiRequest, options: GeminiToOpenAIOptions): ChatCompletionRequest {
  const messages: ChatMessage[] = [];
  const system = (req.systemInstruction?.parts ?? []).map((p) => p.text ?? '').filter(Boolean);
  if (system.length) messages.push({ role: 'system', content: system.join('\n') });
  messages.push(...convertContents(req.contents ?? []));
  const out: ChatCompletionRequest = { model: options.model, messages };
  if (req.generationConfig) applyGenerationConfig(out, req.generationConfig, options.maxTokensField ?? 'max_tokens');
  const tools: ChatFunctionTool[] = [];
  for (const tool of req.tools ?? []) {
    for (const fn of tool.functionDeclarations ?? []) {
      const schema = fn.parametersJsonSchema ?? fn.parameters ?? { type: 'object', properties: {} };
      const f: ChatFunctionTool['function'] = { name: fn.name, parameters: geminiSchemaToJsonSchema(schema) as Record<string, unknown> };
      if (fn.description) f.description = fn.description;
      tools.push({ type: 'function', function: f });
    }
  }
  if (tools.length) {
    out.tools = tools;
    const choice = req.toolConfig ? convertToolConfig(req.toolConfig) : undefined;
    if (choice) out.tool_choice = choice;
  }
  if (options.stream) {
    out.stream = true;
    out.stream_options = { include_usage: true };
  }
  return out;
}
