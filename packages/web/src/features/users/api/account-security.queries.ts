import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindingType, CustomOAuthBinding, TwoFactorStats } from '@gw/contracts';
import { api } from '../../../lib/api-client';
import { userKeys } from './users.queries';

/** Administrators' account-security calls for other users (new-api's paths under /api/user). */
export const accountSecurityApi = {
  twoFactorStats: (signal?: AbortSignal) => api.get<TwoFactorStats>('/api/user/2fa/stats', undefined, signal),
  disableTwoFactor: (userId: number) => api.delete<undefined>(`/api/user/${userId}/2fa`),
  resetPasskeys: (userId: number) => api.delete<{ removed: number }>(`/api/user/${userId}/reset_passkey`),
  clearBinding: (userId: number, type: BindingType) => api.delete<undefined>(`/api/user/${userId}/bindings/${type}`),
  customBindings: (userId: number, signal?: AbortSignal) => api.get<CustomOAuthBinding[]>(`/api/user/${userId}/oauth/bindings`, undefined, signal),
  unbindCustom: (userId: number, providerId: number) => api.delete<undefined>(`/api/user/${userId}/oauth/bindings/${providerId}`),
};

export const accountSecurityKeys = {
  all: ['account-security'] as const,
  stats: () => [...accountSecurityKeys.all, 'stats'] as const,
  customBindings: (userId: number) => [...accountSecurityKeys.all, 'custom-bindings', userId] as const,
};

export const accountSecurityQueries = {
  stats: () => queryOptions({ queryKey: accountSecurityKeys.stats(), queryFn: ({ signal }) => accountSecurityApi.twoFactorStats(signal), meta: { silent: true } }),
  customBindings: (userId: number) =>
    queryOptions({ queryKey: accountSecurityKeys.customBindings(userId), queryFn: ({ signal }) => accountSecurityApi.customBindings(userId, signal) }),
};

/** A mutation on one user that refreshes that user's view, their custom bindings and the 2FA stats. */
function useUserSecurityMutation<A>(userId: number, fn: (arg: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) });
      void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.all });
    },
  });
}

export const useDisableTwoFactor = (userId: number) => useUserSecurityMutation(userId, () => accountSecurityApi.disableTwoFactor(userId));
export const useResetPasskeys = (userId: number) => useUserSecurityMutation(userId, () => accountSecurityApi.resetPasskeys(userId));
export const useClearBinding = (userId: number) => useUserSecurityMutation(userId, (type: BindingType) => accountSecurityApi.clearBinding(userId, type));
export const useUnbindCustom = (userId: number) => useUserSecurityMutation(userId, (providerId: number) => accountSecurityApi.unbindCustom(userId, providerId));
