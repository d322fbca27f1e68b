import { SseDataReader } from '../../../lib/sse-data';

/** A piece of an answer: its text, and the reasoning some models stream before it. */
export interface ChatDelta {
  content: string;
  reasoning: string;
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

/**
 * One `data:` payload of a chat stream: its delta ('' pieces for role, finish and usage chunks), or null
 * for the closing `[DONE]`. An error sent inside the stream throws it.
 */
export function deltaOf(data: string): ChatDelta | null {
  if (data.trim() === '[DONE]') return null;
  let chunk: { choices?: ChunkChoice[]; error?: unknown };
  try {
    chunk = JSON.parse(data) as typeof chunk;
  } catch {
    return { content: '', reasoning: '' };
  }
  if (chunk.error) throw errorOf(JSON.stringify({ error: chunk.error }), 200);
  const delta = chunk.choices?.[0]?.delta;
  return { content: text(delta?.content), reasoning: text(delta?.reasoning_content) || text(delta?.reasoning) };
}

/**
 * Reads the gateway's answer to a chat request, handing each piece of text to `onDelta` as it arrives:
 * a server-sent event stream, or one JSON completion. An error answer (any status from 400) throws a
 * PlaygroundError with the gateway's message.
 */
export async function readChatAnswer(res: Response, onDelta: (delta: ChatDelta) => void): Promise<void> {
  if (!res.ok) throw errorOf(await res.text(), res.status);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('text/event-stream') || !res.body) {
    const body = (await res.json()) as { choices?: ChunkChoice[]; error?: unknown };
    if (body.error) throw errorOf(JSON.stringify(body), res.status);
    const message = body.choices?.[0]?.message;
    onDelta({ content: text(message?.content), reasoning: text(message?.reasoning_content) });
    return;
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const frames = new SseDataReader();
  const take = (payloads: string[]) => {
    for (const data of payloads) {
      const delta = deltaOf(data);
      if (delta === null) return true;
      if (delta.content || delta.reasoning) onDelta(delta);
    }
    return false;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (take(frames.push(value))) {
      await reader.cancel();
      return;
    }
  }
  take(frames.end());
}
