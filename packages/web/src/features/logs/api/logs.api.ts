import type { LogCleanupTask, LogStat, LogView, PageResult } from '@gw/contracts';
import { api, downloadFile, type QueryValue } from '../../../lib/api-client';

export type LogQuery = Record<string, QueryValue>;

export interface LogListParams {
  /** true: GET /api/log/ (every user); false: GET /api/log/self. */
  admin: boolean;
  query: LogQuery;
  p: number;
  page_size: number;
}

const base = (admin: boolean) => (admin ? '/api/log' : '/api/log/self');

export function listLogs({ admin, query, p, page_size }: LogListParams, signal?: AbortSignal): Promise<PageResult<LogView>> {
  return api.get(`${base(admin)}/`, { ...query, p, page_size }, signal);
}

/** GET /api/log/stat or /api/log/self/stat: quota for the filters; rpm and tpm of the last minute. */
export function getLogStat(admin: boolean, query: LogQuery, signal?: AbortSignal): Promise<LogStat> {
  return api.get(`${base(admin)}/stat`, query, signal);
}

/** POST /api/system-task/log-cleanup (root): starts deleting the logs before the time in the background. */
export function startLogCleanup(targetTimestamp: number): Promise<LogCleanupTask> {
  return api.post(`/api/system-task/log-cleanup?target_timestamp=${targetTimestamp}`);
}

/** GET /api/system-task/{id} (root): a background task as it stands. */
export function getLogCleanupTask(taskId: string): Promise<LogCleanupTask> {
  return api.get(`/api/system-task/${encodeURIComponent(taskId)}`);
}

/** The CSV export of the filtered logs (GET /api/log/export or /api/log/self/export). */
export function exportLogs(admin: boolean, query: LogQuery): Promise<void> {
  return downloadFile(`${base(admin)}/export`, query, 'logs.csv');
}
