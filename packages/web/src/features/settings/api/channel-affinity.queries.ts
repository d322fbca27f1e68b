import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelAffinityCacheStats } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const channelAffinityKeys = {
  all: ['channel-affinity'] as const,
  stats: () => [...channelAffinityKeys.all, 'stats'] as const,
};

export const channelAffinityQueries = {
  /** GET /api/option/channel_affinity_cache. */
  stats: () =>
    queryOptions({
      queryKey: channelAffinityKeys.stats(),
      queryFn: ({ signal }) => api.get<ChannelAffinityCacheStats>('/api/option/channel_affinity_cache', undefined, signal),
      staleTime: 0,
    }),
};

/** DELETE /api/option/channel_affinity_cache?all=true: forgets every remembered key; resolves to how many. */
export function useClearChannelAffinityCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<{ deleted: number }>('/api/option/channel_affinity_cache?all=true')).deleted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelAffinityKeys.all }),
  });
}
