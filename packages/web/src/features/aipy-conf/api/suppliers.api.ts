import type { SupplierBody, SupplierView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/supplier/admin/: every supplier, disabled ones too. */
export function listSuppliers(signal?: AbortSignal): Promise<SupplierView[]> {
  return api.get('/api/supplier/admin/', undefined, signal);
}

export function createSupplier(body: SupplierBody): Promise<SupplierView> {
  return api.post('/api/supplier/admin/', body);
}

export function updateSupplier(id: number, body: SupplierBody): Promise<SupplierView> {
  return api.put(`/api/supplier/admin/${id}`, body);
}
