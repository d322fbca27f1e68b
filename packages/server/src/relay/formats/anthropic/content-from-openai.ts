import { invalidRequest } from '../../relay-error.js';
import { isHttpUrl, parseDataUrl } from '../data-url.js';
import type { ChatContentPart, ChatMessage } from '../openai/types.js';
import type { ClaudeCacheControl, ClaudeContentBlock, ClaudeDocumentBlock, ClaudeImageBlock, ClaudeTextBlock, ClaudeToolResultBlock } from './types.js';

/** Keeps a client's `cache_control` hint (sent on OpenAI parts by prompt-caching aware clients). */
type WithCacheControl = { cache_control?: unknown; [key: string]: unknown };

const cacheControlOf = (part: WithCacheControl): { cache_control?: ClaudeCacheControl } =>
  part.cache_control && typeof part.cache_control === 'object' ? { cache_control: part.cache_control as ClaudeCacheControl } : {};

function textBlock(text: string, part: WithCacheControl = {}): ClaudeTextBlock {
  return { type: 'text', text, ...cacheControlOf(part) };
}

/** An image or PDF referenced by a data: URL or an http(s) URL. */
function mediaBlock(url: string, part: WithCacheControl): ClaudeImageBlock | ClaudeDocumentBlock {
  const inline = parseDataUrl(url);
  if (inline) {
    const source = { type: 'base64' as const, media_type: inline.mimeType, data: inline.data };
    if (inline.mimeType === 'application/pdf') return { type: 'document', source, ...cacheControlOf(part) };
    return { type: 'image', source, ...cacheControlOf(part) };
  }
  if (isHttpUrl(url)) {
    if (/\.pdf([?#]|$)/i.test(url)) return { type: 'document', source: { type: 'url', url }, ...cacheControlOf(part) };
    return { type: 'image', source: { type: 'url', url }, ...cacheControlOf(part) };
  }
  throw invalidRequest('image_url must be an http(s) URL or a base64 data: URL');
}

function partToBlock(part: ChatContentPart): ClaudeContentBlock | undefined {
  switch (part.type) {
    case 'text':
      return part.text ? textBlock(part.text, part) : undefined;
    case 'refusal':
      return part.refusal ? textBlock(part.refusal) : undefined;
    case 'image_url':
      return mediaBlock(part.image_url?.url ?? '', part);
    case 'file':
      if (part.file?.file_data) return mediaBlock(part.file.file_data, part);
      throw invalidRequest('file parts must carry file_data; uploaded file ids cannot be sent to this model');
    case 'input_audio':
      throw invalidRequest('audio input is not supported by this model');
    default:
      throw invalidRequest(`unsupported content part type: ${(part as { type?: string }).type}`);
  }
}

/** OpenAI message content → Claude blocks; empty text is dropped because Claude rejects it. */
export function contentToClaudeBlocks(content: ChatMessage['content']): ClaudeContentBlock[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [textBlock(content)] : [];
  const blocks: ClaudeContentBlock[] = [];
  for (const part of content) {
    const block = partToBlock(part);
    if (block) blocks.push(block);
  }
  return blocks;
}

/** Claude accepts tool ids made of letters, digits, '_' and '-' only. */
export const claudeToolId = (id: string): string => id.replace(/[^a-zA-Z0-9_-]/g, '_');

/** A role 'tool' message → a tool_result block (text and images are allowed inside). */
export function toolResultBlock(message: ChatMessage): ClaudeToolResultBlock {
  if (!message.tool_call_id) throw invalidRequest('tool messages must carry tool_call_id');
  const block: ClaudeToolResultBlock = { type: 'tool_result', tool_use_id: claudeToolId(message.tool_call_id) };
  if (typeof message.content === 'string') block.content = message.content;
  else if (Array.isArray(message.content)) {
    block.content = contentToClaudeBlocks(message.content).filter(
      (b): b is ClaudeTextBlock | ClaudeImageBlock => b.type === 'text' || b.type === 'image',
    );
  }
  return block;
}
