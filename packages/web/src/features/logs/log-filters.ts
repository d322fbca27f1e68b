import type { QueryValue } from '../../lib/api-client';

/** Filters of spec 3 §2.5 as kept in the URL (all strings; empty = not set). */
export const LOG_FILTER_KEYS = [
  'type', 'username', 'token_name', 'model_name', 'start_timestamp', 'end_timestamp', 'channel', 'group', 'description',
] as const;
export type LogFilterKey = (typeof LOG_FILTER_KEYS)[number];
export type LogFilters = Record<LogFilterKey, string>;

/** Filters only administrators may use (the self endpoints ignore them). */
const ADMIN_ONLY: readonly LogFilterKey[] = ['username', 'channel'];

/** Without a chosen start, the log view shows the last 3 days (spec 3 §2.5). */
export const DEFAULT_WINDOW_SECONDS = 3 * 24 * 3600;

export function defaultStartOf(nowMs: number): number {
  return Math.floor(nowMs / 1000) - DEFAULT_WINDOW_SECONDS;
}

/**
 * The query sent to the list, stat and export calls: set filters only, admin-only ones dropped for users,
 * and the default start when none was chosen ("0" in the URL means "no start").
 */
export function logQueryOf(filters: LogFilters, isAdmin: boolean, defaultStart: number): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const key of LOG_FILTER_KEYS) {
    const value = filters[key];
    if (value === '' || (!isAdmin && ADMIN_ONLY.includes(key))) continue;
    query[key] = value;
  }
  if (filters.start_timestamp === '') query.start_timestamp = defaultStart;
  return query;
}
