import type { OllamaPullEvent } from '@gw/contracts';

/** One event of the streamed pull, read from its `data:` payload. */
export type PullUpdate =
  | { kind: 'progress'; status: string; percent: number | null }
  | { kind: 'success'; message: string }
  | { kind: 'error'; message: string }
  | { kind: 'done' };

/**
 * Reads a `data:` payload of POST /api/channel/ollama/pull/stream: Ollama's progress lines (a percent
 * while a layer downloads), then `{message}` or `{error}`, then `[DONE]`. Unreadable payloads are null.
 */
export function readPullUpdate(data: string): PullUpdate | null {
  if (data.trim() === '[DONE]') return { kind: 'done' };
  let event: OllamaPullEvent;
  try {
    event = JSON.parse(data) as OllamaPullEvent;
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object') return null;
  if (typeof event.error === 'string') return { kind: 'error', message: event.error };
  if (typeof event.message === 'string') return { kind: 'success', message: event.message };
  if (typeof event.status !== 'string') return null;
  const { total, completed } = event;
  const percent = typeof total === 'number' && total > 0 && typeof completed === 'number' ? Math.min(100, Math.floor((completed / total) * 100)) : null;
  return { kind: 'progress', status: event.status, percent };
}
