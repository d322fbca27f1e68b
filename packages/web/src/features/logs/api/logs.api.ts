import type { LogStat, LogView, PageResult } from '@gw/contracts';
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

/** DELETE /api/log/?target_timestamp= (root): answers how many rows were removed. */
export function deleteLogsBefore(targetTimestamp: number): Promise<number> {
  return api.delete(`/api/log/?target_timestamp=${targetTimestamp}`);
}

/** The CSV export of the filtered logs (GET /api/log/export or /api/log/self/export). */
export function exportLogs(admin: boolean, query: LogQuery): Promise<void> {
  return downloadFile(`${base(admin)}/export`, query, 'logs.csv');
}
