import type { PricingVendor } from '@gw/contracts';
import type { ModelRow } from './pricing';

/** The vendor filter's keys besides vendor ids: every model, and models without a known vendor. */
export const ALL_VENDORS = 'all';
export const OTHER_VENDOR = 'other';

export interface HubVendorOption {
  /** ALL_VENDORS, a vendor id, or OTHER_VENDOR. */
  key: string;
  vendor?: PricingVendor;
  count: number;
}

/** A model's filter key: its vendor's id when that vendor is listed, else OTHER_VENDOR. */
export function vendorKeyOf(row: Pick<ModelRow, 'vendorId'>, listed: ReadonlySet<number>): string {
  return row.vendorId && listed.has(row.vendorId) ? String(row.vendorId) : OTHER_VENDOR;
}

/**
 * The filter's choices: "All", then each listed vendor that has models (in the answer's order), then
 * "Other" for models without one; each with its number of models.
 */
export function hubVendorOptions(rows: readonly ModelRow[], vendors: readonly PricingVendor[]): HubVendorOption[] {
  const listed = new Set(vendors.map((v) => v.id));
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = vendorKeyOf(row, listed);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const options: HubVendorOption[] = [{ key: ALL_VENDORS, count: rows.length }];
  for (const vendor of vendors) {
    const count = counts.get(String(vendor.id)) ?? 0;
    if (count > 0) options.push({ key: String(vendor.id), vendor, count });
  }
  const other = counts.get(OTHER_VENDOR) ?? 0;
  if (other > 0) options.push({ key: OTHER_VENDOR, count: other });
  return options;
}

/** The test a model must pass for the chosen vendor filter; a choice no longer offered shows every model. */
export function vendorFilterOf(chosen: string, options: readonly HubVendorOption[]): (row: Pick<ModelRow, 'vendorId'>) => boolean {
  if (chosen === ALL_VENDORS || !options.some((o) => o.key === chosen)) return () => true;
  const listed = new Set(options.flatMap((o) => (o.vendor ? [o.vendor.id] : [])));
  return (row) => vendorKeyOf(row, listed) === chosen;
}
