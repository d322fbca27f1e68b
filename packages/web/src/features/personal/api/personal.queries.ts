import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSelfBody, UserSettingBody } from '@gw/contracts';
import { clearStoredUser } from '../../../lib/session';
import { personalApi } from './personal.api';

export const personalKeys = {
  all: ['personal'] as const,
  setting: () => [...personalKeys.all, 'setting'] as const,
  models: () => [...personalKeys.all, 'models'] as const,
  sessions: () => [...personalKeys.all, 'sessions'] as const,
};

export const personalQueries = {
  setting: () => queryOptions({ queryKey: personalKeys.setting(), queryFn: ({ signal }) => personalApi.setting(signal) }),
  models: () => queryOptions({ queryKey: personalKeys.models(), queryFn: ({ signal }) => personalApi.models(signal) }),
  sessions: () => queryOptions({ queryKey: personalKeys.sessions(), queryFn: ({ signal }) => personalApi.sessions(signal) }),
};

/** Ends one session (or all but the current one) and re-reads the list. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: personalKeys.sessions() });
  return {
    one: useMutation({ mutationFn: (id: string) => personalApi.endSession(id), onSuccess: refresh }),
    others: useMutation({ mutationFn: () => personalApi.endOtherSessions(), onSuccess: refresh }),
  };
}

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserSettingBody) => personalApi.saveSetting(body),
    onSuccess: (saved) => queryClient.setQueryData(personalKeys.setting(), saved),
  });
}

export const useResetAccessToken = () => useMutation({ mutationFn: () => personalApi.resetAccessToken() });
export const useChangePassword = () => useMutation({ mutationFn: (body: UpdateSelfBody) => personalApi.changePassword(body) });

/** Deletes the account; the session is gone, so the locally stored user is forgotten too. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => personalApi.deleteAccount(),
    onSuccess: () => {
      clearStoredUser();
      queryClient.clear();
    },
  });
}
