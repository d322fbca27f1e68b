import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SetupBody, SetupStatus } from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';
import { statusKeys } from '../../status/api/status.queries';

export const setupKeys = {
  all: ['setup'] as const,
  status: () => [...setupKeys.all, 'status'] as const,
};

export const setupQueries = {
  status: () => queryOptions({ queryKey: setupKeys.status(), queryFn: () => api.get<SetupStatus>('/api/setup') }),
};

/** POST /api/setup; afterwards the site status (its `setup` flag) is fetched again. */
export function useRunSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetupBody) => requestEnvelope<undefined>('POST', '/api/setup', { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: setupKeys.all });
      await queryClient.refetchQueries({ queryKey: statusKeys.all });
    },
  });
}
