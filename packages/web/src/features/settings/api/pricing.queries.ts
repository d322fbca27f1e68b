import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModelHubEntry } from '@gw/contracts';
import { api } from '../../../lib/api-client';
import { modelHubKeys } from '../../model-hub/api/model-hub.queries';

export const pricingAdminKeys = {
  all: ['pricing-admin'] as const,
  enabledModels: () => [...pricingAdminKeys.all, 'enabled-models'] as const,
  hubEntries: () => [...pricingAdminKeys.all, 'hub-entries'] as const,
};

const asList = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export const pricingAdminQueries = {
  /** GET /api/channel/models_enabled: the distinct models served by enabled channels. */
  enabledModels: () =>
    queryOptions({
      queryKey: pricingAdminKeys.enabledModels(),
      queryFn: async ({ signal }) => asList<string>(await api.get<unknown>('/api/channel/models_enabled', undefined, signal)),
      staleTime: 0,
    }),
  /** GET /api/model_hub/admin/: every hub entry, hidden ones included. */
  hubEntries: () =>
    queryOptions({
      queryKey: pricingAdminKeys.hubEntries(),
      queryFn: async ({ signal }) => asList<ModelHubEntry>(await api.get<unknown>('/api/model_hub/admin/', undefined, signal)),
      staleTime: 0,
    }),
};

/** PUT /api/model_hub/admin/ body: entries to create (no id) or update, and ids to delete. */
export interface ModelHubSaveBody {
  entries?: unknown[];
  delete?: number[];
}

/** Saves hub entries; the answer is the whole admin list, which replaces the cached one. */
export function useSaveModelHub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModelHubSaveBody) => api.put<ModelHubEntry[]>('/api/model_hub/admin/', body),
    onSuccess: async (entries) => {
      queryClient.setQueryData(pricingAdminKeys.hubEntries(), asList<ModelHubEntry>(entries));
      await queryClient.invalidateQueries({ queryKey: modelHubKeys.all });
    },
  });
}
