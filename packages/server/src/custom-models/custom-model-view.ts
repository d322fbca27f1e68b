import type { CustomModelConfigView, CustomModelOverviewRow, CustomModelSupplier } from '@gw/contracts';
import { sdkOf } from '../suppliers/suppliers.service.js';
import { maskKey } from './custom-model-keys.js';
import type { CustomModelOverviewDbRow, CustomModelRow } from './custom-models.repository.js';

/** The stored models (a JSON array) as a list; anything unreadable is an empty list. */
export function parseModels(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string' && m.length > 0) : [];
  } catch {
    return [];
  }
}

function supplierOf(r: CustomModelRow): CustomModelSupplier {
  return { id: r.supplier_id, name: r.supplier_name, type: r.supplier_type, sdk: sdkOf(r.supplier_sdk), base_url: r.supplier_base_url };
}

/** A config as its owner sees it; `plainKey` is only used to build the mask. */
export function toConfigView(r: CustomModelRow, plainKey: string | null): CustomModelConfigView {
  return {
    id: r.id,
    supplier_id: r.supplier_id,
    key: plainKey ? maskKey(plainKey) : '',
    models: parseModels(r.models),
    supplier: supplierOf(r),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function toOverviewRow(r: CustomModelOverviewDbRow, plainKey: string | null): CustomModelOverviewRow {
  return {
    id: r.id,
    user_id: r.user_id,
    username: r.username,
    balance: r.user_quota,
    supplier_id: r.supplier_id,
    supplier: supplierOf(r),
    key: plainKey ? maskKey(plainKey) : '',
    models: JSON.stringify(parseModels(r.models)),
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}
