/** What a fake upstream route answers: recorded provider behaviour, good and bad. */

/** A JSON answer (also used for error answers: any status with a JSON body). */
export interface JsonReply {
  kind: 'json';
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

/** Raw bytes or text with a content type (audio, plain-text errors, HTML error pages). */
export interface RawReply {
  kind: 'raw';
  status?: number;
  contentType: string;
  headers?: Record<string, string>;
  body: string | Uint8Array;
}

/**
 * A server-sent event stream. Each event is written as given followed by a blank line
 * (`data: {...}`, or `event: x\ndata: {...}`).
 */
export interface SseReply {
  kind: 'sse';
  status?: number;
  headers?: Record<string, string>;
  events: readonly string[];
  /** Wait before each event: one number for all, or one per event. */
  delayMs?: number | readonly number[];
  /** Destroy the connection after writing this many events (a mid-stream reset). */
  resetAfter?: number;
  /** Wait this long after the last event before ending the answer (an upstream slow to close). */
  endDelayMs?: number;
}

/** Destroy the socket without answering (a connection reset). */
export interface ResetReply {
  kind: 'reset';
}

/** Accept the request and never answer (for timeout tests). */
export interface HangReply {
  kind: 'hang';
}

export type Reply = JsonReply | RawReply | SseReply | ResetReply | HangReply;

export const jsonReply = (body: unknown, status = 200, headers?: Record<string, string>): JsonReply => ({ kind: 'json', status, body, headers });
export const errorReply = (status: number, body: unknown, headers?: Record<string, string>): Reply =>
  typeof body === 'string' ? { kind: 'raw', status, contentType: 'text/plain; charset=utf-8', body, headers } : { kind: 'json', status, body, headers };
export const sseReply = (events: readonly string[], options: Omit<SseReply, 'kind' | 'events'> = {}): SseReply => ({ kind: 'sse', events, ...options });
export const rawReply = (body: string | Uint8Array, contentType: string, status = 200): RawReply => ({ kind: 'raw', status, contentType, body });
export const resetReply = (): ResetReply => ({ kind: 'reset' });
export const hangReply = (): HangReply => ({ kind: 'hang' });

/** `data: <json>` — one OpenAI-style event. */
export const dataEvent = (value: unknown): string => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}`;
