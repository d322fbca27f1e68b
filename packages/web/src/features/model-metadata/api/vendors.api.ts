import { MAX_PAGE_SIZE, type PageResult, type VendorBody, type VendorView } from '@gw/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/vendors/: one page of vendors, by id. */
export function listVendors(p: number, page_size: number, signal?: AbortSignal): Promise<PageResult<VendorView>> {
  return api.get('/api/vendors/', { p, page_size }, signal);
}

/** Every vendor (the filter and the vendor picker), read a full page at a time. */
export async function listAllVendors(signal?: AbortSignal): Promise<VendorView[]> {
  const vendors: VendorView[] = [];
  for (let p = 1; ; p += 1) {
    const page = await listVendors(p, MAX_PAGE_SIZE, signal);
    const items = page.items ?? [];
    vendors.push(...items);
    if (items.length < MAX_PAGE_SIZE || vendors.length >= page.total) return vendors;
  }
}

export function createVendor(body: VendorBody): Promise<VendorView> {
  return api.post('/api/vendors/', body);
}

/** PUT /api/vendors/ (the id in the body). */
export function updateVendor(id: number, body: VendorBody): Promise<VendorView> {
  return api.put('/api/vendors/', { id, ...body });
}

/** Its models keep their metadata and belong to no vendor afterwards. */
export function deleteVendor(id: number): Promise<void> {
  return api.delete(`/api/vendors/${id}`);
}
