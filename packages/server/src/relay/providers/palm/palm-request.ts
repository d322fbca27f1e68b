/**
 * Hub chat request → PaLM 2 generateMessage request. System and developer messages become the prompt's
 * `context`; assistant turns are authored "bot" and every other turn "user" (tool results included, as
 * text). PaLM expects the authors to alternate, so consecutive turns of one author are joined. PaLM's
 * chat API has no output limit, so max_tokens is not sent.
 */
import type { ChatMessage } from '../../formats/openai/types.js';
import { invalidRequest } from '../../relay-error.js';
import { chatMessageText } from '../chat-message-text.js';
import type { PalmMessage, PalmRequest } from './types.js';

const MAX_CANDIDATES = 8;

/** `n` as PaLM's candidate count (1–8); a stream re-emits one answer, so it asks for one. */
function candidateCount(n: unknown, stream: boolean): number {
  if (stream || typeof n !== 'number' || !Number.isInteger(n)) return 1;
  return Math.min(Math.max(n, 1), MAX_CANDIDATES);
}

export function toPalmRequest(body: Record<string, unknown>, stream: boolean): PalmRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatMessage[];
  const context: string[] = [];
  const turns: PalmMessage[] = [];
  for (const message of messages) {
    const text = chatMessageText(message);
    if (!text.trim()) continue;
    if (message.role === 'system' || message.role === 'developer') {
      context.push(text);
      continue;
    }
    const author = message.role === 'assistant' ? 'bot' : 'user';
    const last = turns.at(-1);
    if (last?.author === author) last.content += `\n\n${text}`;
    else turns.push({ author, content: text });
  }
  if (turns.length === 0) throw invalidRequest('a PaLM request needs at least one user or assistant message with text');

  const request: PalmRequest = { prompt: { messages: turns }, candidateCount: candidateCount(body.n, stream) };
  if (context.length > 0) request.prompt.context = context.join('\n\n');
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  if (typeof body.top_p === 'number') request.topP = body.top_p;
  if (typeof body.top_k === 'number') request.topK = body.top_k;
  return request;
}
