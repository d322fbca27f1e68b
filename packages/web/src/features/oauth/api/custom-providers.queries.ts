import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomOAuthDiscoveryBody, CustomOAuthProviderBody } from '@gw/contracts';
import { statusKeys } from '../../status/api/status.queries';
import { createCustomProvider, deleteCustomProvider, discoverCustomProvider, listCustomProviders, updateCustomProvider } from './custom-providers.api';

export const customProviderKeys = {
  all: ['custom-oauth-providers'] as const,
  list: () => [...customProviderKeys.all, 'list'] as const,
};

export const customProviderQueries = {
  list: () => queryOptions({ queryKey: customProviderKeys.list(), queryFn: ({ signal }) => listCustomProviders(signal), staleTime: 0 }),
};

/** Creates (no id) or updates a provider; the list and the status (the login buttons) are refreshed. */
export function useSaveCustomProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: CustomOAuthProviderBody }) => (id === undefined ? createCustomProvider(body) : updateCustomProvider(id, body)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: customProviderKeys.all }), queryClient.invalidateQueries({ queryKey: statusKeys.all })]),
  });
}

export function useDeleteCustomProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCustomProvider(id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: customProviderKeys.all }), queryClient.invalidateQueries({ queryKey: statusKeys.all })]),
  });
}

/** Reads an OpenID Provider's discovery document for the provider form (nothing is saved). */
export function useDiscoverCustomProvider() {
  return useMutation({ mutationFn: (body: CustomOAuthDiscoveryBody) => discoverCustomProvider(body) });
}
