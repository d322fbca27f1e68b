import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../../users/api/users.queries';
import { claimFuelPack, listRecentActivities, transferRewardQuota } from './rewards.api';

export const rewardKeys = {
  recentActivities: () => ['activities', 'recent'] as const,
};

export const rewardQueries = {
  recentActivities: () =>
    queryOptions({ queryKey: rewardKeys.recentActivities(), queryFn: ({ signal }) => listRecentActivities(signal) }),
};

/** Claiming and transferring change the user's balances, so the signed-in user is read again. */
function useRewardMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.detail('self') }) });
}

export const useClaimFuelPack = () => useRewardMutation((_: void) => claimFuelPack());
export const useTransferRewardQuota = () => useRewardMutation((quota: number) => transferRewardQuota(quota));
