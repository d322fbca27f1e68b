import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { AiRoleBody, ApplicationBody, SuggestedPromptBody, SupplierBody } from '@gw/contracts';
import { createApplication, deleteApplication, deleteApplications, listApplications, updateApplication, type ApplicationListParams } from './applications.api';
import { createPrompt, deletePrompt, listPrompts, updatePrompt } from './prompts.api';
import { createRole, deleteRole, listRoles, updateRole } from './roles.api';
import { createSupplier, listSuppliers, updateSupplier } from './suppliers.api';

export const aipyKeys = {
  suppliers: () => ['suppliers', 'admin'] as const,
  prompts: () => ['prompts', 'admin'] as const,
  roles: () => ['ai-roles', 'admin'] as const,
  applications: () => ['applications', 'admin'] as const,
  applicationList: (params: ApplicationListParams) => [...aipyKeys.applications(), params] as const,
};

export const aipyQueries = {
  suppliers: () => queryOptions({ queryKey: aipyKeys.suppliers(), queryFn: ({ signal }) => listSuppliers(signal) }),
  prompts: () => queryOptions({ queryKey: aipyKeys.prompts(), queryFn: ({ signal }) => listPrompts(signal) }),
  roles: () => queryOptions({ queryKey: aipyKeys.roles(), queryFn: ({ signal }) => listRoles(signal) }),
  applications: (params: ApplicationListParams) =>
    queryOptions({ queryKey: aipyKeys.applicationList(params), queryFn: ({ signal }) => listApplications(params, signal), placeholderData: keepPreviousData }),
};

/** A mutation that refreshes its tab's list once it settles (success closes the dialog, failure keeps it). */
function useListMutation<V, R>(listKey: QueryKey, mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }) });
}

type WithId<B> = { id: number; body: B };

export const useSaveSupplier = () =>
  useListMutation(['suppliers'], ({ id, body }: { id: number | null; body: SupplierBody }) => (id ? updateSupplier(id, body) : createSupplier(body)));

export const useCreatePrompt = () => useListMutation(aipyKeys.prompts(), (body: SuggestedPromptBody) => createPrompt(body));
export const useUpdatePrompt = () => useListMutation(aipyKeys.prompts(), ({ id, body }: WithId<SuggestedPromptBody>) => updatePrompt(id, body));
export const useDeletePrompt = () => useListMutation(aipyKeys.prompts(), (id: number) => deletePrompt(id));

export const useCreateRole = () => useListMutation(aipyKeys.roles(), (body: AiRoleBody) => createRole(body));
export const useUpdateRole = () => useListMutation(aipyKeys.roles(), ({ id, body }: WithId<AiRoleBody>) => updateRole(id, body));
export const useDeleteRole = () => useListMutation(aipyKeys.roles(), (id: number) => deleteRole(id));

export const useCreateApplication = () => useListMutation(aipyKeys.applications(), (body: ApplicationBody) => createApplication(body));
export const useUpdateApplication = () => useListMutation(aipyKeys.applications(), ({ id, body }: WithId<ApplicationBody>) => updateApplication(id, body));
export const useDeleteApplication = () => useListMutation(aipyKeys.applications(), (id: number) => deleteApplication(id));
export const useDeleteApplications = () => useListMutation(aipyKeys.applications(), (ids: number[]) => deleteApplications(ids));
