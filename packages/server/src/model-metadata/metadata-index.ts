import { MetaStatus, NameRule } from '@gw/contracts';
import type { ModelMetaRow, VendorRow } from './model-metadata.repository.js';
import { inferVendorName } from './vendor-inference.js';

/** Whether an entry's name rule covers a model name. */
export function ruleMatches(entry: Pick<ModelMetaRow, 'model_name' | 'name_rule'>, model: string): boolean {
  switch (entry.name_rule) {
    case NameRule.Exact:
      return model === entry.model_name;
    case NameRule.Prefix:
      return model.startsWith(entry.model_name);
    case NameRule.Suffix:
      return model.endsWith(entry.model_name);
    case NameRule.Contains:
      return model.includes(entry.model_name);
    default:
      return false;
  }
}

/** Rule kinds in the order they are tried after an exact name. */
const RULE_ORDER = [NameRule.Prefix, NameRule.Suffix, NameRule.Contains];

/**
 * All metadata and vendors, read once, answering which entry describes a model: the entry naming it
 * exactly, else the longest matching prefix rule, then suffix, then contains (ties: the older entry).
 * A model without an entry gets the vendor its name suggests, when a vendor of that name exists.
 */
export class MetadataIndex {
  private readonly exact = new Map<string, ModelMetaRow>();
  private readonly rules: ModelMetaRow[];
  private readonly vendorsById: Map<number, VendorRow>;
  private readonly vendorIdByKey: Map<string, number>;

  constructor(entries: readonly ModelMetaRow[], vendors: readonly VendorRow[]) {
    for (const e of entries) if (e.name_rule === NameRule.Exact) this.exact.set(e.model_name, e);
    this.rules = entries
      .filter((e) => e.name_rule !== NameRule.Exact)
      .sort((a, b) => RULE_ORDER.indexOf(a.name_rule as never) - RULE_ORDER.indexOf(b.name_rule as never) || b.model_name.length - a.model_name.length || a.id - b.id);
    this.vendorsById = new Map(vendors.map((v) => [v.id, v]));
    this.vendorIdByKey = new Map(vendors.map((v) => [v.name_key, v.id]));
  }

  static empty(): MetadataIndex {
    return new MetadataIndex([], []);
  }

  /** The entry that describes a model, if any. */
  entryFor(model: string): ModelMetaRow | undefined {
    return this.exact.get(model) ?? this.rules.find((e) => ruleMatches(e, model));
  }

  /** False when the model's entry is disabled: the pricing page leaves it out. */
  listed(model: string): boolean {
    const entry = this.entryFor(model);
    return !entry || entry.status === MetaStatus.Enabled;
  }

  /** The model's vendor id: its entry's, else the one its name suggests; 0 when none. */
  vendorIdFor(model: string): number {
    const entry = this.entryFor(model);
    if (entry) return this.vendorsById.has(entry.vendor_id) ? entry.vendor_id : 0;
    const guessed = inferVendorName(model);
    return guessed ? (this.vendorIdByKey.get(guessed.toLowerCase()) ?? 0) : 0;
  }

  vendor(id: number): VendorRow | undefined {
    return this.vendorsById.get(id);
  }
}
