import type {
  CreateRedemptionBody, PageResult, RedemptionStatusBody, RedemptionView, UpdateRedemptionBody,
} from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const REDEMPTION_FILTER_KEYS = ['keyword'] as const;
export type RedemptionFilterKey = (typeof REDEMPTION_FILTER_KEYS)[number];

export interface RedemptionListParams {
  filters: Record<RedemptionFilterKey, string>;
  p: number;
  page_size: number;
}

/** GET /api/redemption/ or, with a keyword (name part or id), GET /api/redemption/search (spec 3 §7). */
export function listRedemptions({ filters, p, page_size }: RedemptionListParams, signal?: AbortSignal): Promise<PageResult<RedemptionView>> {
  if (!filters.keyword) return api.get('/api/redemption/', { p, page_size }, signal);
  return api.get('/api/redemption/search', { keyword: filters.keyword, p, page_size }, signal);
}

/** POST /api/redemption/: answers the codes created. */
export function createRedemptions(body: CreateRedemptionBody): Promise<string[]> {
  return api.post('/api/redemption/', body);
}

export function updateRedemption(body: UpdateRedemptionBody): Promise<RedemptionView> {
  return api.put('/api/redemption/', body);
}

export function setRedemptionStatus(body: RedemptionStatusBody): Promise<RedemptionView> {
  return api.put('/api/redemption/?status_only=true', body);
}

export function deleteRedemption(id: number): Promise<void> {
  return api.delete(`/api/redemption/${id}/`);
}

/** Deletes codes one by one (there is no batch endpoint); stops at the first failure. Answers how many went. */
export async function deleteRedemptions(ids: number[]): Promise<number> {
  let deleted = 0;
  for (const id of ids) {
    await deleteRedemption(id);
    deleted += 1;
  }
  return deleted;
}

/** DELETE /api/redemption/invalid: removes used, disabled and expired codes; answers how many. */
export function deleteInvalidRedemptions(): Promise<number> {
  return api.delete('/api/redemption/invalid');
}
