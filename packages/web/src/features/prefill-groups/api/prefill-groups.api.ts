import type { PrefillGroupBody, PrefillGroupType, PrefillGroupView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/prefill_group?type=: every group, or one type's, the most recently changed first. */
export function listPrefillGroups(type?: PrefillGroupType, signal?: AbortSignal): Promise<PrefillGroupView[]> {
  return api.get('/api/prefill_group/', { type }, signal);
}

export function createPrefillGroup(body: PrefillGroupBody): Promise<PrefillGroupView> {
  return api.post('/api/prefill_group/', body);
}

/** PUT /api/prefill_group: new-api takes the id in the body. */
export function updatePrefillGroup(id: number, body: PrefillGroupBody): Promise<PrefillGroupView> {
  return api.put('/api/prefill_group/', { id, ...body });
}

export function deletePrefillGroup(id: number): Promise<void> {
  return api.delete(`/api/prefill_group/${id}`);
}
