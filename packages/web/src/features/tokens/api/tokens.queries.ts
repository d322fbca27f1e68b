import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTokenBody, DeleteTokensBody, TokenStatusBody, UpdateTokenBody } from '@gw/contracts';
import {
  createTokens, deleteToken, deleteTokens, listSelfGroups, listTokens, listUserModels, setTokenStatus, updateToken,
  type TokenListParams,
} from './tokens.api';

export const tokenKeys = {
  all: ['tokens'] as const,
  lists: () => [...tokenKeys.all, 'list'] as const,
  list: (params: TokenListParams) => [...tokenKeys.lists(), params] as const,
  userModels: () => ['user', 'models'] as const,
  selfGroups: () => ['user', 'self-groups'] as const,
};

export const tokenQueries = {
  list: (params: TokenListParams) =>
    queryOptions({ queryKey: tokenKeys.list(params), queryFn: ({ signal }) => listTokens(params, signal), placeholderData: keepPreviousData }),
  userModels: () =>
    queryOptions({ queryKey: tokenKeys.userModels(), queryFn: ({ signal }) => listUserModels(signal), staleTime: 60_000 }),
  selfGroups: () =>
    queryOptions({ queryKey: tokenKeys.selfGroups(), queryFn: ({ signal }) => listSelfGroups(signal), staleTime: 60_000 }),
};

/** Every token mutation refreshes the lists. */
function useTokenMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tokenKeys.lists() }) });
}

export const useCreateTokens = () => useTokenMutation((body: CreateTokenBody) => createTokens(body));
export const useUpdateToken = () => useTokenMutation((body: UpdateTokenBody) => updateToken(body));
export const useSetTokenStatus = () => useTokenMutation((body: TokenStatusBody) => setTokenStatus(body));
export const useDeleteToken = () => useTokenMutation((id: number) => deleteToken(id));
export const useDeleteTokens = () => useTokenMutation((body: DeleteTokensBody) => deleteTokens(body));
