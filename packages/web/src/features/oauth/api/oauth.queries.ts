import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBindBody } from '@gw/contracts';
import { getAuthorizationRequest, getCustomBindings, requestBind, unbindCustomBinding } from './oauth.api';

export const authorizationKeys = {
  all: ['authorization-requests'] as const,
  detail: (code: string) => [...authorizationKeys.all, code] as const,
};

export const customBindingKeys = {
  all: ['custom-oauth-bindings'] as const,
};

export const customBindingQueries = {
  self: () => queryOptions({ queryKey: customBindingKeys.all, queryFn: ({ signal }) => getCustomBindings(signal) }),
};

/** Removes one of the signed-in user's custom-provider accounts (the server keeps the last way in). */
export function useUnbindCustomBinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerId: number) => unbindCustomBinding(providerId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customBindingKeys.all }),
  });
}

export const authorizationQueries = {
  request: (code: string) =>
    queryOptions({
      queryKey: authorizationKeys.detail(code),
      queryFn: ({ signal }) => getAuthorizationRequest(code, signal),
      staleTime: 0,
      meta: { silent: true },
    }),
};

/** Approves with a token or refuses; the request's view is refreshed either way. */
export function useRequestBind(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<RequestBindBody, 'code'>) => requestBind({ ...body, code }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authorizationKeys.detail(code) }),
  });
}
