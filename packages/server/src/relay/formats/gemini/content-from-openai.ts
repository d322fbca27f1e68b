import { invalidRequest } from '../../relay-error.js';
import { isHttpUrl, mimeTypeFromUrl, parseDataUrl } from '../data-url.js';
import type { ChatContentPart, ChatMessage, ChatToolCall } from '../openai/types.js';
import { parseToolArguments } from '../tool-arguments.js';
import type { GeminiContent, GeminiPart } from './types.js';

/** Google's documented placeholder for a function call whose thought signature was lost. */
export const SKIP_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

function mediaPart(url: string, fallbackMime: string): GeminiPart {
  const inline = parseDataUrl(url);
  if (inline) return { inlineData: { mimeType: inline.mimeType, data: inline.data } };
  if (isHttpUrl(url) || url.startsWith('gs://')) return { fileData: { mimeType: mimeTypeFromUrl(url) ?? fallbackMime, fileUri: url } };
  throw invalidRequest('media URLs must be http(s) URLs or base64 data: URLs');
}

function partToGemini(part: ChatContentPart): GeminiPart | undefined {
  switch (part.type) {
    case 'text':
      return part.text ? { text: part.text } : undefined;
    case 'refusal':
      return part.refusal ? { text: part.refusal } : undefined;
    case 'image_url':
      return mediaPart(part.image_url?.url ?? '', 'image/jpeg');
    case 'input_audio':
      return { inlineData: { mimeType: `audio/${part.input_audio.format || 'wav'}`, data: part.input_audio.data } };
    case 'file':
      if (part.file?.file_data) return mediaPart(part.file.file_data, 'application/pdf');
      throw invalidRequest('file parts must carry file_data; uploaded file ids cannot be sent to this model');
    default:
      throw invalidRequest(`unsupported content part type: ${(part as { type?: string }).type}`);
  }
}

export function contentToGeminiParts(content: ChatMessage['content']): GeminiPart[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return content.map(partToGemini).filter((p): p is GeminiPart => p !== undefined);
}

/** The signature Google's OpenAI-compatible surface carries on tool calls, if any. */
export function toolCallSignature(call: ChatToolCall): string | undefined {
  const extra = call.extra_content as { google?: { thought_signature?: unknown } } | undefined;
  const signature = extra?.google?.thought_signature;
  return typeof signature === 'string' ? signature : undefined;
}

export function functionCallParts(calls: ChatToolCall[], fillMissingSignature: boolean): GeminiPart[] {
  return calls.map((call, i) => {
    const part: GeminiPart = { functionCall: { name: call.function.name, args: parseToolArguments(call.function.arguments) } };
    const signature = toolCallSignature(call) ?? (fillMissingSignature && i === 0 ? SKIP_THOUGHT_SIGNATURE : undefined);
    if (signature) part.thoughtSignature = signature;
    return part;
  });
}

/** A tool result as a functionResponse; Gemini wants an object, so other JSON is wrapped. */
export function functionResponsePart(name: string, content: ChatMessage['content']): GeminiPart {
  const text = typeof content === 'string' ? content : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');
  let response: Record<string, unknown>;
  try {
    const value = JSON.parse(text) as unknown;
    response = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { result: value };
  } catch {
    response = { result: text };
  }
  return { functionResponse: { name, response } };
}

/** Appends parts, merging into the previous content when the role repeats. */
export function pushContent(contents: GeminiContent[], role: 'user' | 'model', parts: GeminiPart[]): void {
  if (!parts.length) return;
  const last = contents[contents.length - 1];
  if (last?.role === role) last.parts.push(...parts);
  else contents.push({ role, parts });
}
