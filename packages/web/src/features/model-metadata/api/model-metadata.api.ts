import type { ModelMetaBody, ModelMetaPage, ModelMetaView, SyncPreview, SyncResult, SyncUpstreamBody } from '@gw/contracts';
import { api } from '../../../lib/api-client';

export const MODEL_META_FILTER_KEYS = ['keyword', 'vendor'] as const;
export type ModelMetaFilterKey = (typeof MODEL_META_FILTER_KEYS)[number];

export interface ModelMetaListParams {
  /** `vendor` is a vendor id ("0": entries without a vendor); empty means every vendor. */
  filters: Record<ModelMetaFilterKey, string>;
  p: number;
  page_size: number;
}

/**
 * GET /api/models/ or, with a keyword or vendor, GET /api/models/search. The trailing slash matters:
 * GET /api/models without it is the signed-in user's channel type → model names list.
 */
export function listModelMeta({ filters, p, page_size }: ModelMetaListParams, signal?: AbortSignal): Promise<ModelMetaPage> {
  if (!filters.keyword && !filters.vendor) return api.get('/api/models/', { p, page_size }, signal);
  return api.get('/api/models/search', { keyword: filters.keyword, vendor: filters.vendor, p, page_size }, signal);
}

/** GET /api/models/missing: model names channels serve that no metadata entry covers. */
export async function listMissingModels(signal?: AbortSignal): Promise<string[]> {
  const names = await api.get<string[]>('/api/models/missing', undefined, signal);
  return Array.isArray(names) ? names : [];
}

export function createModelMeta(body: ModelMetaBody): Promise<ModelMetaView> {
  return api.post('/api/models/', body);
}

/** PUT /api/models/ (new-api: the id in the body); the given fields replace the saved ones. */
export function updateModelMeta(id: number, fields: Partial<ModelMetaBody>): Promise<ModelMetaView> {
  return api.put('/api/models/', { id, ...fields });
}

export function setModelMetaStatus(id: number, status: number): Promise<ModelMetaView> {
  return api.put('/api/models/?status_only=true', { id, status });
}

export function deleteModelMeta(id: number): Promise<void> {
  return api.delete(`/api/models/${id}`);
}

/**
 * GET /api/models/sync_upstream/preview: the served models without metadata the official list (of `locale`,
 * '' for the default one) would create, and the fields where entries that follow it differ from it.
 */
export function previewOfficialSync(locale: string, signal?: AbortSignal): Promise<SyncPreview> {
  return api.get('/api/models/sync_upstream/preview', { locale: locale || undefined }, signal);
}

/** POST /api/models/sync_upstream: creates the missing models the official list describes and overwrites the chosen fields. */
export function syncOfficial(body: SyncUpstreamBody): Promise<SyncResult> {
  return api.post('/api/models/sync_upstream', body);
}
