import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateUserBody, ManageUserBody, ManageUserResult, PageResult, UpdateSelfBody, UpdateUserBody, UserView,
} from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';

export const USER_FILTER_KEYS = ['keyword', 'token', 'aff_code', 'group'] as const;
export type UserFilterKey = (typeof USER_FILTER_KEYS)[number];

export interface UserListParams {
  filters: Record<UserFilterKey, string>;
  p: number;
  page_size: number;
}

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  /** `self` is the signed-in user (GET /api/user/self). */
  detail: (id: number | 'self') => [...userKeys.details(), id] as const,
};

/** The plain list when every filter is empty, otherwise the search call (spec 1 §2.8). */
export function listUsers({ filters, p, page_size }: UserListParams, signal?: AbortSignal): Promise<PageResult<UserView>> {
  const hasFilters = Object.values(filters).some((v) => v !== '');
  if (!hasFilters) return api.get('/api/user/', { p, page_size }, signal);
  return api.get('/api/user/search', { ...filters, p, page_size }, signal);
}

export function getUser(id: number | 'self', signal?: AbortSignal): Promise<UserView> {
  return api.get(id === 'self' ? '/api/user/self' : `/api/user/${id}`, undefined, signal);
}

export const userQueries = {
  list: (params: UserListParams) =>
    queryOptions({
      queryKey: userKeys.list(params),
      queryFn: ({ signal }) => listUsers(params, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number | 'self') =>
    queryOptions({ queryKey: userKeys.detail(id), queryFn: ({ signal }) => getUser(id, signal), staleTime: 0 }),
};

/** Applies a change to the row with `id` in every cached list page. */
function patchCachedRow(queryClient: QueryClient, id: number, patch: Partial<UserView>) {
  queryClient.setQueriesData<PageResult<UserView>>({ queryKey: userKeys.lists() }, (page) =>
    page ? { ...page, items: page.items.map((u) => (u.id === id ? { ...u, ...patch } : u)) } : page,
  );
}

/**
 * POST /api/user/manage. The row takes role and status from the answer; after a delete it is marked
 * deleted locally (it then shows as logged out, spec 1 §2.8).
 */
export function useManageUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManageUserBody) => api.post<ManageUserResult | undefined>('/api/user/manage', body),
    onSuccess: (result, body) => {
      if (body.action === 'delete') patchCachedRow(queryClient, body.id, { DeletedAt: new Date().toISOString() });
      // A reset starts the period over: the row shows nothing spent until the list is read again.
      else if (body.action === 'reset_spending') patchCachedRow(queryClient, body.id, { budget_used: 0 });
      else if (result) patchCachedRow(queryClient, body.id, { role: result.role, status: result.status });
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(body.id) });
    },
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => requestEnvelope<unknown>('POST', '/api/user/', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
  });
}

/** PUT /api/user/ (admin editing another user) or PUT /api/user/self. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: 'admin'; data: UpdateUserBody } | { kind: 'self'; data: UpdateSelfBody }) =>
      requestEnvelope<unknown>('PUT', body.kind === 'admin' ? '/api/user/' : '/api/user/self', { body: body.data }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
