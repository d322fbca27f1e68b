import type { QuotaDataRow } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export interface UsageParams {
  /** true: GET /api/data/ (every user, or `username`); false: GET /api/data/self. */
  admin: boolean;
  start_timestamp: number;
  end_timestamp: number;
  username: string;
}

/** Hourly usage rows per model for the range (spec 3 §2.5 "console", reference §6.8). */
export async function getUsage({ admin, start_timestamp, end_timestamp, username }: UsageParams, signal?: AbortSignal): Promise<QuotaDataRow[]> {
  const query = { start_timestamp, end_timestamp, ...(admin && username ? { username } : {}) };
  const data = await api.get<QuotaDataRow[]>(admin ? '/api/data/' : '/api/data/self', query, signal);
  return Array.isArray(data) ? data : [];
}
