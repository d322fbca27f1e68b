/** The plain text of a hub chat message, for upstreams that take text only (knowledge bases, PaLM). */
import type { ChatMessage } from '../formats/openai/types.js';

/** String content as it is, the text parts of a part list joined by newlines, '' for anything else. */
export function chatMessageText(message: ChatMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) if (part?.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  return texts.join('\n');
}
