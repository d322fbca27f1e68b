import type { CreateTokenBody, DeleteTokensBody, PageResult, TokenStatusBody, TokenView, UpdateTokenBody } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const TOKEN_FILTER_KEYS = ['keyword', 'token'] as const;
export type TokenFilterKey = (typeof TOKEN_FILTER_KEYS)[number];

export interface TokenListParams {
  filters: Record<TokenFilterKey, string>;
  p: number;
  page_size: number;
}

/** A group the signed-in user may give a token: its ratio (a text for the auto group) and description (GET /api/user/self/groups). */
export interface UsableGroup {
  ratio: number | string;
  desc: string;
}

/** GET /api/token/ when no filter is set, otherwise GET /api/token/search (spec 3 §7). */
export function listTokens({ filters, p, page_size }: TokenListParams, signal?: AbortSignal): Promise<PageResult<TokenView>> {
  const hasFilters = filters.keyword !== '' || filters.token !== '';
  if (!hasFilters) return api.get('/api/token/', { p, size: page_size }, signal);
  return api.get('/api/token/search', { ...filters, p, size: page_size }, signal);
}

/** POST /api/token/: one token, or `count` of them; answers the tokens created. */
export function createTokens(body: CreateTokenBody): Promise<TokenView[]> {
  return api.post('/api/token/', body);
}

export function updateToken(body: UpdateTokenBody): Promise<TokenView> {
  return api.put('/api/token/', body);
}

export function setTokenStatus(body: TokenStatusBody): Promise<TokenView> {
  return api.put('/api/token/?status_only=true', body);
}

export function deleteToken(id: number): Promise<void> {
  return api.delete(`/api/token/${id}/`);
}

/** POST /api/token/batch: answers how many tokens were deleted. */
export function deleteTokens(body: DeleteTokensBody): Promise<number> {
  return api.post('/api/token/batch', body);
}

/** GET /api/user/models: every model the signed-in user can call. */
export async function listUserModels(signal?: AbortSignal): Promise<string[]> {
  const data = await api.get<string[]>('/api/user/models', undefined, signal);
  return Array.isArray(data) ? data : [];
}

export function listSelfGroups(signal?: AbortSignal): Promise<Record<string, UsableGroup>> {
  return api.get('/api/user/self/groups', undefined, signal);
}
