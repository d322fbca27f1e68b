import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyAllUpstreamUpdates, applyUpstreamUpdates, deleteOllamaModel, detectAllUpstreamUpdates, detectUpstreamUpdates, getOllamaVersion, listOllamaModels,
} from './channel-upstream.api';
import { channelKeys } from './channels.queries';

export const ollamaKeys = {
  all: (id: number) => [...channelKeys.all, 'ollama', id] as const,
  version: (id: number) => [...ollamaKeys.all(id), 'version'] as const,
  models: (id: number) => [...ollamaKeys.all(id), 'models'] as const,
};

export const ollamaQueries = {
  version: (id: number) => queryOptions({ queryKey: ollamaKeys.version(id), queryFn: ({ signal }) => getOllamaVersion(id, signal), staleTime: 0, meta: { silent: true } }),
  models: (id: number) => queryOptions({ queryKey: ollamaKeys.models(id), queryFn: ({ signal }) => listOllamaModels(id, signal), staleTime: 0 }),
};

/** Checks and applies refresh the channel lists (other_info, models) like every channel write. */
function useUpstreamMutation<V, R>(mutationFn: (vars: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: silent ? { silent: true } : undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.all, predicate: (q) => q.queryKey[1] !== 'types' }),
  });
}

/** Silent: the modal shows a failed check in its own body. */
export const useDetectUpstreamUpdates = () => useUpstreamMutation((id: number) => detectUpstreamUpdates(id), true);
export const useDetectAllUpstreamUpdates = () => useUpstreamMutation((_: void) => detectAllUpstreamUpdates(), true);
export const useApplyUpstreamUpdates = () => useUpstreamMutation(applyUpstreamUpdates);
export const useApplyAllUpstreamUpdates = () => useUpstreamMutation((_: void) => applyAllUpstreamUpdates());
export const useDeleteOllamaModel = () => useUpstreamMutation(({ channelId, model }: { channelId: number; model: string }) => deleteOllamaModel(channelId, model));
