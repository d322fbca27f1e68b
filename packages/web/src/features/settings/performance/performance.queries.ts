import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CleanupLogFilesResult, DiskCacheClearResult, LogFilesResponse, PerformanceGcResult, PerformanceStats, StatusTestResult } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const performanceKeys = {
  all: ['performance'] as const,
  stats: () => [...performanceKeys.all, 'stats'] as const,
  logFiles: () => [...performanceKeys.all, 'log-files'] as const,
};

export const performanceQueries = {
  /** GET /api/performance/stats: the process that answers (root). */
  stats: () =>
    queryOptions({
      queryKey: performanceKeys.stats(),
      queryFn: ({ signal }) => api.get<PerformanceStats>('/api/performance/stats', undefined, signal),
      staleTime: 0,
    }),
  /** GET /api/performance/logs. */
  logFiles: () =>
    queryOptions({
      queryKey: performanceKeys.logFiles(),
      queryFn: ({ signal }) => api.get<LogFilesResponse>('/api/performance/logs', undefined, signal),
      staleTime: 0,
    }),
};

/** A root action on the process; the stats are read again after it, whatever the outcome. */
function usePerformanceAction<T>(run: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: performanceKeys.all }) });
}

export const useResetPerformanceStats = () => usePerformanceAction(() => api.post<undefined>('/api/performance/reset_stats'));
export const useRunGc = () => usePerformanceAction(() => api.post<PerformanceGcResult>('/api/performance/gc'));
export const useClearDiskCache = () => usePerformanceAction(() => api.delete<DiskCacheClearResult>('/api/performance/disk_cache'));
export const useCleanupLogFiles = () => usePerformanceAction(() => api.delete<CleanupLogFilesResult>('/api/performance/logs'));

/** GET /api/status/test (admin): a failure (503) names the dependency that did not answer. */
export function useTestStatus() {
  return useMutation({ mutationFn: () => api.get<StatusTestResult>('/api/status/test') });
}
