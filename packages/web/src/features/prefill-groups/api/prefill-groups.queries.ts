import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrefillGroupBody, PrefillGroupType } from '@gw/contracts';
import { createPrefillGroup, deletePrefillGroup, listPrefillGroups, updatePrefillGroup } from './prefill-groups.api';

export const prefillGroupKeys = {
  all: ['prefill-groups'] as const,
  list: (type?: PrefillGroupType) => [...prefillGroupKeys.all, 'list', type ?? 'all'] as const,
};

export const prefillGroupQueries = {
  list: (type?: PrefillGroupType) => queryOptions({ queryKey: prefillGroupKeys.list(type), queryFn: ({ signal }) => listPrefillGroups(type, signal) }),
};

/** A mutation that refreshes every group list (the management card's and the channel editor's) once it settles. */
function useGroupMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: prefillGroupKeys.all }) });
}

export const useSavePrefillGroup = () =>
  useGroupMutation(({ id, body }: { id: number | null; body: PrefillGroupBody }) => (id ? updatePrefillGroup(id, body) : createPrefillGroup(body)));
export const useDeletePrefillGroup = () => useGroupMutation((id: number) => deletePrefillGroup(id));
