/**
 * Hub chat request → Coze v3 chat request. Coze takes the conversation as `additional_messages` of
 * role user (type question) or assistant (type answer); it has no system role, so system, developer
 * and tool turns go as user messages, in order. A message with remote image URLs becomes an
 * `object_string` message: its content is the JSON text of `[{type: "text"}, {type: "image", file_url}]`.
 * Inline (data URL) images would need an upload through Coze's file API first, and are left out.
 * Coze keeps at most 100 additional messages: the latest 100 are sent.
 */
import type { ChatContentPart, ChatMessage } from '../../formats/openai/types.js';
import { isHttpUrl } from '../../formats/data-url.js';
import { invalidRequest } from '../../relay-error.js';
import { chatMessageText } from '../chat-message-text.js';
import type { CozeChatRequest, CozeEnterMessage, CozeObjectStringItem } from './types.js';

/** Coze requires a user id; requests whose `user` names none share this one. */
export const COZE_DEFAULT_USER = 'gateway-user';

export const MAX_ADDITIONAL_MESSAGES = 100;

function imageUrls(message: ChatMessage): string[] {
  if (!Array.isArray(message.content)) return [];
  return message.content
    .filter((p): p is Extract<ChatContentPart, { type: 'image_url' }> => p?.type === 'image_url' && typeof p.image_url?.url === 'string' && isHttpUrl(p.image_url.url))
    .map((p) => p.image_url.url);
}

function toEnterMessage(message: ChatMessage): CozeEnterMessage | undefined {
  const turn = message.role === 'assistant' ? ({ role: 'assistant', type: 'answer' } as const) : ({ role: 'user', type: 'question' } as const);
  const text = chatMessageText(message);
  const images = message.role === 'assistant' ? [] : imageUrls(message);
  if (images.length === 0) return text ? { ...turn, content: text, content_type: 'text' } : undefined;
  const items: CozeObjectStringItem[] = [...(text ? [{ type: 'text', text } as const] : []), ...images.map((url) => ({ type: 'image', file_url: url }) as const)];
  return { ...turn, content: JSON.stringify(items), content_type: 'object_string' };
}

export function toCozeChatRequest(body: Record<string, unknown>, botId: string): CozeChatRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
  const additional = messages.map(toEnterMessage).filter((m): m is CozeEnterMessage => m !== undefined);
  if (additional.length === 0) throw invalidRequest('a Coze channel needs at least one message with text or an image URL');
  return {
    bot_id: botId,
    user_id: typeof body.user === 'string' && body.user.trim() ? body.user : COZE_DEFAULT_USER,
    additional_messages: additional.slice(-MAX_ADDITIONAL_MESSAGES),
    // Always a stream: without one, Coze answers a chat to poll (see index.ts).
    stream: true,
  };
}
