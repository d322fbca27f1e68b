/**
 * Hub chat request → AIProxy library question. The library answers one question with no memory of a
 * conversation, so only the last message's text is sent (as one-api does).
 */
import type { ChatMessage } from '../../formats/openai/types.js';
import { invalidRequest } from '../../relay-error.js';
import { channelConfigError } from '../channel-config-error.js';
import { chatMessageText } from '../chat-message-text.js';
import type { AdapterContext } from '../provider-adapter.js';
import type { LibraryAskRequest } from './types.js';

export function toLibraryAskRequest(body: Record<string, unknown>, ctx: AdapterContext): LibraryAskRequest {
  const libraryId = ctx.channel.other.trim();
  if (!libraryId) throw channelConfigError(ctx.channel, 'needs the AI Proxy knowledge base (library) id in its "other" field');
  const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
  const last = messages.at(-1);
  const query = last ? chatMessageText(last).trim() : '';
  if (!query) throw invalidRequest('an AI Proxy knowledge base channel needs text in the last message (the question)');
  return { model: ctx.upstreamModel, query, libraryId, stream: ctx.stream };
}
