import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateRedemptionBody, RedemptionStatusBody, UpdateRedemptionBody } from '@gw/contracts';
import {
  createRedemptions, deleteInvalidRedemptions, deleteRedemption, deleteRedemptions, listRedemptions, setRedemptionStatus,
  updateRedemption, type RedemptionListParams,
} from './redemptions.api';

export const redemptionKeys = {
  all: ['redemptions'] as const,
  lists: () => [...redemptionKeys.all, 'list'] as const,
  list: (params: RedemptionListParams) => [...redemptionKeys.lists(), params] as const,
};

export const redemptionQueries = {
  list: (params: RedemptionListParams) =>
    queryOptions({
      queryKey: redemptionKeys.list(params),
      queryFn: ({ signal }) => listRedemptions(params, signal),
      placeholderData: keepPreviousData,
    }),
};

/** Every redemption mutation refreshes the lists (also after a partial batch failure). */
function useRedemptionMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: redemptionKeys.lists() }) });
}

export const useCreateRedemptions = () => useRedemptionMutation((body: CreateRedemptionBody) => createRedemptions(body));
export const useUpdateRedemption = () => useRedemptionMutation((body: UpdateRedemptionBody) => updateRedemption(body));
export const useSetRedemptionStatus = () => useRedemptionMutation((body: RedemptionStatusBody) => setRedemptionStatus(body));
export const useDeleteRedemption = () => useRedemptionMutation((id: number) => deleteRedemption(id));
export const useDeleteRedemptions = () => useRedemptionMutation((ids: number[]) => deleteRedemptions(ids));
export const useDeleteInvalidRedemptions = () => useRedemptionMutation((_: void) => deleteInvalidRedemptions());
