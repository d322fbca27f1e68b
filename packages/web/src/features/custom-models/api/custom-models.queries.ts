import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateCustomModelBody, ListSupplierModelsBody, UpdateCustomModelBody } from '@gw/contracts';
import {
  checkSupplierBalance, createCustomModelConfig, deleteCustomModelConfig, listCustomModelConfigs, listCustomModelOverview,
  listSupplierModels, listUserSuppliers, updateCustomModelConfig, type OverviewParams,
} from './custom-models.api';

export const customModelKeys = {
  all: ['custom-models'] as const,
  configs: () => [...customModelKeys.all, 'configs'] as const,
  overview: (params: OverviewParams) => [...customModelKeys.all, 'overview', params] as const,
  suppliers: () => ['suppliers', 'user'] as const,
};

export const customModelQueries = {
  configs: () => queryOptions({ queryKey: customModelKeys.configs(), queryFn: ({ signal }) => listCustomModelConfigs(signal) }),
  suppliers: () => queryOptions({ queryKey: customModelKeys.suppliers(), queryFn: ({ signal }) => listUserSuppliers(signal), staleTime: 60_000 }),
  overview: (params: OverviewParams) =>
    queryOptions({ queryKey: customModelKeys.overview(params), queryFn: ({ signal }) => listCustomModelOverview(params, signal), placeholderData: keepPreviousData }),
};

function useConfigMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: customModelKeys.all }) });
}

export const useCreateCustomModelConfig = () => useConfigMutation((body: CreateCustomModelBody) => createCustomModelConfig(body));
export const useUpdateCustomModelConfig = () =>
  useConfigMutation(({ id, body }: { id: number; body: UpdateCustomModelBody }) => updateCustomModelConfig(id, body));
export const useDeleteCustomModelConfig = () => useConfigMutation((id: number) => deleteCustomModelConfig(id));

/** Loading the supplier's models: its failure message is shown by the dialog itself (spec 3 §7), not globally. */
export const useLoadSupplierModels = () =>
  useMutation({ mutationFn: (body: ListSupplierModelsBody) => listSupplierModels(body), meta: { silent: true } });

export const useCheckSupplierBalance = () =>
  useMutation({ mutationFn: ({ type, baseUrl }: { type: number; baseUrl: string }) => checkSupplierBalance(type, baseUrl) });
