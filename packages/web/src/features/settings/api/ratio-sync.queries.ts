import { queryOptions, useMutation } from '@tanstack/react-query';
import type { RatioSyncResult, SyncableChannel } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const ratioSyncKeys = {
  all: ['ratio-sync'] as const,
  channels: () => [...ratioSyncKeys.all, 'channels'] as const,
};

export const ratioSyncQueries = {
  /** GET /api/ratio_sync/channels: channels with a base URL, then the presets (negative ids). */
  channels: () =>
    queryOptions({
      queryKey: ratioSyncKeys.channels(),
      queryFn: ({ signal }) => api.get<SyncableChannel[]>('/api/ratio_sync/channels', undefined, signal),
      staleTime: 0,
    }),
};

/** POST /api/ratio_sync/fetch: reads the upstreams and answers the differences with the local prices. */
export function useFetchUpstreamRatios() {
  return useMutation({ mutationFn: (body: unknown) => api.post<RatioSyncResult>('/api/ratio_sync/fetch', body) });
}
