import type { ApplicationBody, ApplicationView, PageResult } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export interface ApplicationListParams {
  p: number;
  page_size: number;
}

/** GET /api/application/admin/: a page of applications, rank descending. */
export function listApplications(params: ApplicationListParams, signal?: AbortSignal): Promise<PageResult<ApplicationView>> {
  return api.get('/api/application/admin/', { p: params.p, page_size: params.page_size }, signal);
}

export function createApplication(body: ApplicationBody): Promise<ApplicationView> {
  return api.post('/api/application/admin/', body);
}

export function updateApplication(id: number, body: ApplicationBody): Promise<ApplicationView> {
  return api.put(`/api/application/admin/${id}`, body);
}

export function deleteApplication(id: number): Promise<void> {
  return api.delete(`/api/application/admin/${id}`);
}

/** POST /api/application/admin/batch: answers how many were deleted. */
export function deleteApplications(ids: number[]): Promise<number> {
  return api.post('/api/application/admin/batch', { ids });
}
