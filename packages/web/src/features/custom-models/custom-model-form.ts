import {
  CUSTOM_MODEL_KEY_REQUIRED, CUSTOM_MODEL_SUPPLIER_REQUIRED,
  type CreateCustomModelBody, type CustomModelConfigView, type SupplierView, type UpdateCustomModelBody,
} from '@gw/contracts';

/** Model tags shown on a card before the rest move into a popover (spec 3 §9). */
export const VISIBLE_MODEL_TAGS = 10;

/** The add/edit dialog's form model. When editing, `key` starts as the masked key (sent back = keep it). */
export interface CustomModelFormValues {
  supplier_id: number | null;
  key: string;
  models: string[];
}

export function newCustomModelValues(): CustomModelFormValues {
  return { supplier_id: null, key: '', models: [] };
}

export function configToValues(config: CustomModelConfigView): CustomModelFormValues {
  return { supplier_id: config.supplier_id, key: config.key, models: [...config.models] };
}

/** Spec 3 §5: a supplier and a key are needed to save and to load models; the messages are Chinese only. */
export function missingField(v: Pick<CustomModelFormValues, 'supplier_id' | 'key'>): { field: 'supplier_id' | 'key'; message: string } | null {
  if (!v.supplier_id) return { field: 'supplier_id', message: CUSTOM_MODEL_SUPPLIER_REQUIRED };
  if (!v.key.trim()) return { field: 'key', message: CUSTOM_MODEL_KEY_REQUIRED };
  return null;
}

export function valuesToCreateBody(v: CustomModelFormValues): CreateCustomModelBody {
  return { supplier_id: v.supplier_id ?? 0, key: v.key.trim(), models: cleanModels(v.models) };
}

/** The supplier is fixed once configured, so an update sends only key and models. */
export function valuesToUpdateBody(v: CustomModelFormValues): UpdateCustomModelBody {
  return { key: v.key.trim(), models: cleanModels(v.models) };
}

/** Trimmed, non-empty, each name once, in the order chosen. */
export function cleanModels(models: readonly string[]): string[] {
  return [...new Set(models.map((m) => m.trim()).filter(Boolean))];
}

/** "Select all": the chosen models plus every loaded one not chosen yet. */
export function selectAllModels(chosen: readonly string[], loaded: readonly string[]): string[] {
  return cleanModels([...chosen, ...loaded]);
}

export interface SupplierOption {
  value: number;
  label: string;
  disabled: boolean;
}

/**
 * Suppliers for the dialog's select: a supplier the user already configured is disabled (one config per
 * supplier), except the one of the config being edited.
 */
export function supplierOptions(suppliers: readonly SupplierView[], configs: readonly CustomModelConfigView[], editingSupplierId: number | null): SupplierOption[] {
  const taken = new Set(configs.map((c) => c.supplier_id));
  return suppliers.map((s) => ({ value: s.id, label: s.name, disabled: taken.has(s.id) && s.id !== editingSupplierId }));
}

/** Splits the model tags of a card into the first ten shown and the rest for the popover. */
export function splitModelTags(models: readonly string[], visible = VISIBLE_MODEL_TAGS): { shown: string[]; rest: string[] } {
  return { shown: models.slice(0, visible), rest: models.slice(visible) };
}

/** The admin overview sends models as a JSON array string; anything else reads as no models. */
export function parseModelList(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}
