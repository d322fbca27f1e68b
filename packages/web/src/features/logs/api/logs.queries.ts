import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { exportLogs, getLogCleanupTask, getLogStat, listLogs, startLogCleanup, type LogListParams, type LogQuery } from './logs.api';

export const logKeys = {
  all: ['logs'] as const,
  lists: () => [...logKeys.all, 'list'] as const,
  list: (params: LogListParams) => [...logKeys.lists(), params] as const,
  stats: () => [...logKeys.all, 'stat'] as const,
  stat: (admin: boolean, query: LogQuery) => [...logKeys.stats(), admin, query] as const,
};

export const logQueries = {
  list: (params: LogListParams) =>
    queryOptions({ queryKey: logKeys.list(params), queryFn: ({ signal }) => listLogs(params, signal), placeholderData: keepPreviousData }),
  stat: (admin: boolean, query: LogQuery) =>
    queryOptions({ queryKey: logKeys.stat(admin, query), queryFn: ({ signal }) => getLogStat(admin, query, signal), placeholderData: keepPreviousData }),
};

const CLEANUP_POLL_MS = 1000;

/**
 * Deletes the logs before a time through the server's background clean-up task, polling it until it
 * ends: `progress` is its percentage meanwhile, the mutation resolves with the number deleted and rejects
 * with the task's error.
 */
export function useDeleteLogsBefore() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (targetTimestamp: number) => {
      let task = await startLogCleanup(targetTimestamp);
      setProgress(task.state?.progress ?? 0);
      while (task.status === 'pending' || task.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, CLEANUP_POLL_MS));
        task = await getLogCleanupTask(task.task_id);
        setProgress(task.state?.progress ?? 0);
      }
      if (task.status === 'failed') throw new Error(task.error || 'the log clean-up failed');
      return task.result?.deleted_count ?? 0;
    },
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: logKeys.all });
    },
  });
  return { ...mutation, progress };
}

export function useExportLogs() {
  return useMutation({ mutationFn: ({ admin, query }: { admin: boolean; query: LogQuery }) => exportLogs(admin, query) });
}
