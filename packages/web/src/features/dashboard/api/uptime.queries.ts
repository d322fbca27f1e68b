import { queryOptions } from '@tanstack/react-query';
import type { UptimeGroupResult } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/uptime/status: each configured Uptime Kuma status page's monitors (or its error). */
export async function getUptimeStatus(signal?: AbortSignal): Promise<UptimeGroupResult[]> {
  const data = await api.get<UptimeGroupResult[]>('/api/uptime/status', undefined, signal);
  return Array.isArray(data) ? data : [];
}

export const uptimeKeys = {
  all: ['uptime'] as const,
  status: () => [...uptimeKeys.all, 'status'] as const,
};

export const uptimeQueries = {
  // The server keeps each page's answer 30 s, so refreshing more often gains nothing.
  status: () => queryOptions({ queryKey: uptimeKeys.status(), queryFn: ({ signal }) => getUptimeStatus(signal), staleTime: 30_000, refetchInterval: 60_000 }),
};
