import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseCacheStats } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const responseCacheKeys = {
  all: ['response-cache'] as const,
  stats: () => [...responseCacheKeys.all, 'stats'] as const,
};

export const responseCacheQueries = {
  /** GET /api/option/response_cache. */
  stats: () =>
    queryOptions({
      queryKey: responseCacheKeys.stats(),
      queryFn: ({ signal }) => api.get<ResponseCacheStats>('/api/option/response_cache', undefined, signal),
      staleTime: 0,
    }),
};

/** DELETE /api/option/response_cache: forgets every cached answer; resolves to how many. */
export function useClearResponseCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.delete<{ deleted: number }>('/api/option/response_cache')).deleted,
    onSettled: () => queryClient.invalidateQueries({ queryKey: responseCacheKeys.all }),
  });
}
