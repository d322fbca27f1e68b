import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getUsage, type UsageParams } from './dashboard.api';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  usage: (params: UsageParams) => [...dashboardKeys.all, 'usage', params] as const,
};

export const dashboardQueries = {
  usage: (params: UsageParams) =>
    queryOptions({ queryKey: dashboardKeys.usage(params), queryFn: ({ signal }) => getUsage(params, signal), placeholderData: keepPreviousData }),
};
