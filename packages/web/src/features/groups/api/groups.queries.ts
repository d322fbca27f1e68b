import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const groupKeys = {
  all: ['groups'] as const,
  names: () => [...groupKeys.all, 'names'] as const,
};

export const groupQueries = {
  /** GET /api/group/ (admin): the group names, for selectors. */
  names: () =>
    queryOptions({ queryKey: groupKeys.names(), queryFn: () => api.get<string[]>('/api/group/'), staleTime: 5 * 60_000 }),
};
