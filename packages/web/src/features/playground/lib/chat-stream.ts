import { SseDataReader } from '../../../lib/sse-data';

/** A piece of an answer: its text, and the reasoning some models stream before it. */
export interface ChatDelta {
  content: string;
  reasoning: string;
}

/** What an answer used, from its `usage`: tokens, and (asked for with `usage: {include: true}`) its cost in dollars. */
export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  /** Dollars (the quota charged ÷ QuotaPerUnit); absent when the gateway sent none. */
  cost?: number;
}

/** The gateway refused or failed the request; `message` is its own (OpenAI's `error.message`), '' when it sent none. */
export class PlaygroundError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code = '',
  ) {
    super(message);
    this.name = 'PlaygroundError';
  }
}

const MAX_TEXT_MESSAGE = 300;

/** The message of an error answer: OpenAI's `{error: {message}}`, the envelope's `{message}`, or a short plain text. */
export function errorOf(text: string, status: number): PlaygroundError {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } | string; message?: unknown };
    if (typeof body.error === 'string') return new PlaygroundError(body.error, status);
    const message = body.error?.message ?? body.message;
    const code = body.error?.code;
    return new PlaygroundError(typeof message === 'string' ? message : '', status, typeof code === 'string' ? code : '');
  } catch {
    return new PlaygroundError(text.trim().slice(0, MAX_TEXT_MESSAGE), status);
  }
}

interface ChunkChoice {
  delta?: { content?: unknown; reasoning_content?: unknown; reasoning?: unknown };
  message?: { content?: unknown; reasoning_content?: unknown };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const count = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

/** The usage of a completion or chunk (undefined when it has none, or no token counts). */
export function usageOf(body: { usage?: unknown }): ChatUsage | undefined {
  if (typeof body.usage !== 'object' || body.usage === null) return undefined;
  const usage = body.usage as { prompt_tokens?: unknown; completion_tokens?: unknown; cost?: unknown };
  const promptTokens = count(usage.prompt_tokens);
  const completionTokens = count(usage.completion_tokens);
  if (promptTokens === undefined || completionTokens === undefined) return undefined;
  const cost = count(usage.cost);
  return cost === undefined ? { promptTokens, completionTokens } : { promptTokens, completionTokens, cost };
}

/** A chunk of a chat stream: its delta, and the usage when it is the usage chunk. */
export interface StreamChunk extends ChatDelta {
  usage?: ChatUsage;
}

/**
 * One `data:` payload of a chat stream: its delta ('' pieces for role, finish and usage chunks; the usage
 * chunk's usage with it), or null for the closing `[DONE]`. An error sent inside the stream throws it.
 */
export function deltaOf(data: string): StreamChunk | null {
  if (data.trim() === '[DONE]') return null;
  let chunk: { choices?: ChunkChoice[]; error?: unknown; usage?: unknown };
  try {
    chunk = JSON.parse(data) as typeof chunk;
  } catch {
    return { content: '', reasoning: '' };
  }
  if (chunk.error) throw errorOf(JSON.stringify({ error: chunk.error }), 200);
  const delta = chunk.choices?.[0]?.delta;
  const piece: StreamChunk = { content: text(delta?.content), reasoning: text(delta?.reasoning_content) || text(delta?.reasoning) };
  const usage = usageOf(chunk);
  if (usage) piece.usage = usage;
  return piece;
}

/**
 * Reads the gateway's answer to a chat request, handing each piece of text to `onDelta` as it arrives:
 * a server-sent event stream, or one JSON completion. Resolves with the answer's usage (the completion's,
 * or the stream's usage chunk's), undefined when it carried none. An error answer (any status from 400)
 * throws a PlaygroundError with the gateway's message.
 */
export async function readChatAnswer(res: Response, onDelta: (delta: ChatDelta) => void): Promise<ChatUsage | undefined> {
  if (!res.ok) throw errorOf(await res.text(), res.status);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const body = (await res.json()) as { choices?: ChunkChoice[]; error?: unknown; usage?: unknown };
    if (body.error) throw errorOf(JSON.stringify(body), res.status);
    const message = body.choices?.[0]?.message;
    onDelta({ content: text(message?.content), reasoning: text(message?.reasoning_content) });
    return usageOf(body);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames = new SseDataReader();
  let usage: ChatUsage | undefined;
  const take = (payloads: string[]) => {
    for (const data of payloads) {
      const chunk = deltaOf(data);
      if (chunk === null) return true;
      if (chunk.usage) usage = chunk.usage;
      if (chunk.content || chunk.reasoning) onDelta({ content: chunk.content, reasoning: chunk.reasoning });
    }
    return false;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (take(frames.push(value))) {
      await reader.cancel();
      return usage;
    }
  }
  take(frames.end());
  return usage;
}
