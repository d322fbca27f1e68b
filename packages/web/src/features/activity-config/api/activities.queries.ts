import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityBody, ActivityRewardBody } from '@gw/contracts';
import { createActivity, listActivities, rewardActivityUsers, searchUsers, updateActivity, type ActivityListParams } from './activities.api';

export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (params: ActivityListParams) => [...activityKeys.lists(), params] as const,
  userSearch: (keyword: string, p: number) => ['activities', 'user-search', keyword, p] as const,
};

export const activityQueries = {
  list: (params: ActivityListParams) =>
    queryOptions({ queryKey: activityKeys.list(params), queryFn: ({ signal }) => listActivities(params, signal), placeholderData: keepPreviousData }),
  userSearch: (keyword: string, p: number) =>
    queryOptions({ queryKey: activityKeys.userSearch(keyword, p), queryFn: ({ signal }) => searchUsers(keyword, p, signal), placeholderData: keepPreviousData }),
};

/** Every activity mutation refreshes the lists (the reward count changes too). */
function useActivityMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: activityKeys.lists() }) });
}

export const useCreateActivity = () => useActivityMutation((body: ActivityBody) => createActivity(body));
export const useUpdateActivity = () => useActivityMutation(({ id, body }: { id: number; body: ActivityBody }) => updateActivity(id, body));
export const useRewardActivityUsers = () => useActivityMutation((body: ActivityRewardBody) => rewardActivityUsers(body));
