/**
 * One server-sent event as read from an upstream: the `event:` name, if any, and the joined `data:`
 * lines (usually JSON; `[DONE]` ends an OpenAI stream). Same shape as the streaming parser's output.
 */
export interface SseEvent {
  event?: string;
  data: string;
}

/** Parses the JSON payload of an event; undefined when it is not JSON (keep-alives, `[DONE]`). */
export function sseJson(event: SseEvent): unknown {
  const data = event.data.trim();
  if (!data || data === '[DONE]') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

export const isDoneEvent = (event: SseEvent): boolean => event.data.trim() === '[DONE]';
