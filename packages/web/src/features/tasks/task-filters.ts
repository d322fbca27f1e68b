import type { QueryValue } from '../../lib/api-client';

/**
 * Filters of the drawing log (spec 3 §2.6) and the task log (§2.7) as kept in the URL: all strings, empty =
 * not set. Times are unix SECONDS in the URL for both logs; "0" means the user cleared that bound.
 */
export const DRAWING_FILTER_KEYS = ['channel_id', 'mj_id', 'start_timestamp', 'end_timestamp'] as const;
export const TASK_FILTER_KEYS = ['channel_id', 'task_id', 'start_timestamp', 'end_timestamp'] as const;
export type DrawingFilters = Record<(typeof DRAWING_FILTER_KEYS)[number], string>;
export type TaskFilters = Record<(typeof TASK_FILTER_KEYS)[number], string>;

/** The bounds used when the user chose none (unix seconds; undefined = no bound). */
export interface DefaultWindow {
  start?: number;
  end?: number;
}

const DAY_SECONDS = 24 * 3600;

/** Drawing log window (spec 3 §9): 30 days back to 1 hour ahead. */
export function drawingDefaultWindow(nowMs: number): DefaultWindow {
  const now = Math.floor(nowMs / 1000);
  return { start: now - 30 * DAY_SECONDS, end: now + 3600 };
}

/** Task log window (spec 3 §9): from the local start of today, no end. */
export function taskDefaultWindow(now: Date): DefaultWindow {
  return { start: Math.floor(new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime() / 1000) };
}

/** The bound to show and send for one time filter: chosen, cleared ("0" → none) or the default. */
export function timeBoundOf(value: string, fallback: number | undefined): number | undefined {
  if (value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/**
 * The query for GET /api/mj/ or /api/task/: set filters only, channel_id only for administrators (the
 * self lists ignore it), the default window where no bound was chosen, and times multiplied by `timeScale`
 * (1000 for the drawing log, whose server compares milliseconds).
 */
export function taskQueryOf<K extends string>(
  filters: Record<K | 'channel_id' | 'start_timestamp' | 'end_timestamp', string>,
  opts: { isAdmin: boolean; defaults: DefaultWindow; timeScale: 1 | 1000 },
): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, raw] of Object.entries(filters) as [string, string][]) {
    if (key === 'start_timestamp' || key === 'end_timestamp') continue;
    const value = raw.trim();
    if (value === '' || (key === 'channel_id' && !opts.isAdmin)) continue;
    query[key] = value;
  }
  const start = timeBoundOf(filters.start_timestamp, opts.defaults.start);
  const end = timeBoundOf(filters.end_timestamp, opts.defaults.end);
  if (start !== undefined) query.start_timestamp = start * opts.timeScale;
  if (end !== undefined) query.end_timestamp = end * opts.timeScale;
  return query;
}
