/**
 * Hub chat request → Dify chat-messages request. A Dify app keeps its own model, prompt and
 * conversation memory, so the hub's message list has to become one query: the last user message is
 * the question, and when there are other turns (system prompt included) the whole conversation is
 * written as a labelled transcript ending with it, so a stateless client still gives the app its context. Remote image URLs of the last
 * user message are attached as files; inline (data URL) images need an upload Dify's chat call cannot
 * take and are left out.
 */
import type { ChatContentPart, ChatMessage } from '../../formats/openai/types.js';
import { isHttpUrl } from '../../formats/data-url.js';
import { invalidRequest } from '../../relay-error.js';
import type { DifyChatRequest, DifyFile } from './types.js';

/** Dify requires a user id; requests that name none share this one. */
export const DIFY_DEFAULT_USER = 'gateway-user';

const ROLE_LABELS: Record<string, string> = { system: 'System', developer: 'System', user: 'User', assistant: 'Assistant', tool: 'Tool', function: 'Tool' };

function textOf(message: ChatMessage): string {
  const content = message.content;
  const text =
    typeof content === 'string'
      ? content
      : (content ?? [])
          .filter((p): p is Extract<ChatContentPart, { type: 'text' }> => p.type === 'text')
          .map((p) => p.text)
          .join('\n');
  const calls = (message.tool_calls ?? []).map((c) => `[called ${c.function.name}(${c.function.arguments})]`);
  return [text, ...calls].filter(Boolean).join('\n');
}

function imageFiles(message: ChatMessage): DifyFile[] {
  if (!Array.isArray(message.content)) return [];
  return message.content
    .filter((p): p is Extract<ChatContentPart, { type: 'image_url' }> => p.type === 'image_url' && isHttpUrl(p.image_url.url))
    .map((p) => ({ type: 'image', transfer_method: 'remote_url', url: p.image_url.url }));
}

export function toDifyChatRequest(body: Record<string, unknown>, stream: boolean): DifyChatRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
  let lastUser = -1;
  for (let i = messages.length - 1; i >= 0 && lastUser === -1; i--) if (messages[i].role === 'user') lastUser = i;
  if (lastUser === -1) throw invalidRequest('a Dify channel needs at least one user message');

  // Every turn in order, labelled; a lone user message is sent as it is.
  const turns = messages.map((m) => ({ label: ROLE_LABELS[m.role] ?? m.role, text: textOf(m) })).filter((t) => t.text);
  const question = textOf(messages[lastUser]);
  const query = turns.length > 1 ? turns.map((t) => `${t.label}: ${t.text}`).join('\n\n') : question;

  const request: DifyChatRequest = {
    inputs: body.inputs && typeof body.inputs === 'object' && !Array.isArray(body.inputs) ? (body.inputs as Record<string, unknown>) : {},
    query,
    response_mode: stream ? 'streaming' : 'blocking',
    user: typeof body.user === 'string' && body.user ? body.user : DIFY_DEFAULT_USER,
  };
  if (typeof body.conversation_id === 'string' && body.conversation_id) request.conversation_id = body.conversation_id;
  const files = imageFiles(messages[lastUser]);
  if (files.length) request.files = files;
  return request;
}
