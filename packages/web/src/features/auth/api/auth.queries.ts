import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody } from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';
import { setStoredUser, type StoredUser } from '../../../lib/session';
import { statusKeys } from '../../status/api/status.queries';

/** What POST /api/user/login answers. */
export interface LoginResult extends StoredUser {
  default_password_warning?: boolean;
}

/** Signs in, stores the user locally and refreshes the cached site status (spec 1 §7). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: LoginBody) => api.post<LoginResult>('/api/user/login', body),
    onSuccess: async (user) => {
      setStoredUser(user);
      await queryClient.invalidateQueries({ queryKey: statusKeys.all });
    },
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => requestEnvelope<unknown>('POST', '/api/user/register', { body }),
  });
}

export function useSendVerificationCode() {
  return useMutation({
    mutationFn: (email: string) => requestEnvelope<unknown>('GET', '/api/verification', { query: { email } }),
  });
}
