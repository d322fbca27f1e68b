import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteLogsBefore, exportLogs, getLogStat, listLogs, type LogListParams, type LogQuery } from './logs.api';

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

export function useDeleteLogsBefore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (targetTimestamp: number) => deleteLogsBefore(targetTimestamp),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logKeys.all }),
  });
}

export function useExportLogs() {
  return useMutation({ mutationFn: ({ admin, query }: { admin: boolean; query: LogQuery }) => exportLogs(admin, query) });
}
