import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { cacheStatus, readCachedStatus, type SiteStatus } from './site-status';

export const statusKeys = {
  all: ['status'] as const,
};

export async function fetchStatus(): Promise<SiteStatus> {
  const status = await api.get<SiteStatus>('/api/status');
  cacheStatus(status);
  return status;
}

export const statusQueries = {
  current: () =>
    queryOptions({
      queryKey: statusKeys.all,
      queryFn: fetchStatus,
      staleTime: 60_000,
      placeholderData: () => readCachedStatus() ?? undefined,
      meta: { silent: true },
    }),
};

/** The site status, falling back to the cached copy while loading (and when the server is unreachable). */
export function useSiteStatus() {
  const query = useQuery(statusQueries.current());
  const status: SiteStatus = query.data ?? readCachedStatus() ?? {};
  return { status, isConfirmed: query.isSuccess && !query.isPlaceholderData, query };
}
