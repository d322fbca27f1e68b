import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ModelMetaBody, SyncUpstreamBody, VendorBody } from '@gw/contracts';
import { modelHubKeys } from '../../model-hub/api/model-hub.queries';
import {
  createModelMeta, deleteModelMeta, listMissingModels, listModelMeta, previewOfficialSync, setModelMetaStatus, syncOfficial, updateModelMeta,
  type ModelMetaListParams,
} from './model-metadata.api';
import { createVendor, deleteVendor, listAllVendors, updateVendor } from './vendors.api';

export const modelMetaKeys = {
  all: ['model-metadata'] as const,
  lists: () => [...modelMetaKeys.all, 'list'] as const,
  list: (params: ModelMetaListParams) => [...modelMetaKeys.lists(), params] as const,
  missing: () => [...modelMetaKeys.all, 'missing'] as const,
  syncPreview: (locale: string) => [...modelMetaKeys.all, 'sync-preview', locale] as const,
};

export const vendorKeys = {
  all: ['vendors'] as const,
  list: () => [...vendorKeys.all, 'all'] as const,
};

export const modelMetaQueries = {
  list: (params: ModelMetaListParams) =>
    queryOptions({ queryKey: modelMetaKeys.list(params), queryFn: ({ signal }) => listModelMeta(params, signal), placeholderData: keepPreviousData }),
  missing: () => queryOptions({ queryKey: modelMetaKeys.missing(), queryFn: ({ signal }) => listMissingModels(signal) }),
  /** Read afresh each time the dialog opens; a failure is shown in the dialog, not as a notice. */
  syncPreview: (locale: string) =>
    queryOptions({ queryKey: modelMetaKeys.syncPreview(locale), queryFn: ({ signal }) => previewOfficialSync(locale, signal), staleTime: 0, meta: { silent: true } }),
};

export const vendorQueries = {
  list: () => queryOptions({ queryKey: vendorKeys.list(), queryFn: ({ signal }) => listAllVendors(signal) }),
};

/** A mutation that refreshes `keys` once it settles; the public model hub shows metadata and vendors too. */
function useRefreshingMutation<V, R>(mutationFn: (vars: V) => Promise<R>, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([...keys, modelHubKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export const useSaveModelMeta = () =>
  useRefreshingMutation(
    ({ id, body }: { id: number | null; body: ModelMetaBody }) => {
      if (id === null) return createModelMeta(body);
      // The switch is not on the form: an edit keeps the entry's own sync setting.
      const { sync_official: _, ...fields } = body;
      return updateModelMeta(id, fields);
    },
    [modelMetaKeys.all],
  );
export const useSetModelMetaStatus = () =>
  useRefreshingMutation(({ id, status }: { id: number; status: number }) => setModelMetaStatus(id, status), [modelMetaKeys.lists()]);
export const useDeleteModelMeta = () => useRefreshingMutation((id: number) => deleteModelMeta(id), [modelMetaKeys.all]);

/** A sync creates entries and vendors and changes entries (and so the model hub's pricing data). */
export const useSyncOfficial = () => useRefreshingMutation((body: SyncUpstreamBody) => syncOfficial(body), [modelMetaKeys.all, vendorKeys.all]);

export const useSaveVendor = () =>
  useRefreshingMutation(({ id, body }: { id: number | null; body: VendorBody }) => (id === null ? createVendor(body) : updateVendor(id, body)), [
    vendorKeys.all,
    modelMetaKeys.lists(),
  ]);
export const useDeleteVendor = () => useRefreshingMutation((id: number) => deleteVendor(id), [vendorKeys.all, modelMetaKeys.lists()]);
