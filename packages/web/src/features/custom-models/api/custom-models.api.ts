import type {
  CreateCustomModelBody, CustomModelBalance, CustomModelConfigView, CustomModelOverviewRow, ListSupplierModelsBody, PageResult,
  SupplierView, UpdateCustomModelBody,
} from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/supplier/: the enabled suppliers a user can configure. */
export function listUserSuppliers(signal?: AbortSignal): Promise<SupplierView[]> {
  return api.get('/api/supplier/', undefined, signal);
}

export function listCustomModelConfigs(signal?: AbortSignal): Promise<CustomModelConfigView[]> {
  return api.get('/api/user/custom-models/conf', undefined, signal);
}

export function createCustomModelConfig(body: CreateCustomModelBody): Promise<CustomModelConfigView> {
  return api.post('/api/user/custom-models/conf', body);
}

export function updateCustomModelConfig(id: number, body: UpdateCustomModelBody): Promise<CustomModelConfigView> {
  return api.put(`/api/user/custom-models/conf/${id}`, body);
}

export function deleteCustomModelConfig(id: number): Promise<void> {
  return api.delete(`/api/user/custom-models/conf/${id}`);
}

/** POST /api/user/custom-models/models: the model names the supplier offers for this key. */
export function listSupplierModels(body: ListSupplierModelsBody): Promise<string[]> {
  return api.post('/api/user/custom-models/models', body);
}

/** GET /api/user/custom-models/conf/check: the account balance at the supplier, with the stored key. */
export function checkSupplierBalance(channelType: number, baseUrl: string): Promise<CustomModelBalance> {
  return api.get('/api/user/custom-models/conf/check', { channel_type: channelType, base_url: baseUrl });
}

export interface OverviewParams {
  keyword: string;
  p: number;
  page_size: number;
}

/** GET /api/user/custom-models/conf/all (admin): every user's configs, with username and balance. */
export function listCustomModelOverview(params: OverviewParams, signal?: AbortSignal): Promise<PageResult<CustomModelOverviewRow>> {
  return api.get('/api/user/custom-models/conf/all', { keyword: params.keyword || undefined, p: params.p, page_size: params.page_size }, signal);
}
