import { NameRule, type NameRuleValue, type VendorView } from '@gw/contracts';

/** A comma list as its trimmed, non-blank, distinct items. */
export function splitList(text: string | null | undefined): string[] {
  return [...new Set((text ?? '').split(',').map((t) => t.trim()).filter(Boolean))];
}

export type NameRuleKey = 'exact' | 'prefix' | 'contains' | 'suffix';

const RULE_KEYS: Record<NameRuleValue, NameRuleKey> = {
  [NameRule.Exact]: 'exact',
  [NameRule.Prefix]: 'prefix',
  [NameRule.Contains]: 'contains',
  [NameRule.Suffix]: 'suffix',
};

/** The translation key part of a name rule. */
export function nameRuleKeyOf(rule: NameRuleValue): NameRuleKey {
  return RULE_KEYS[rule] ?? 'exact';
}

/**
 * The endpoint types an entry's `endpoints` text names: an object's keys (type → path), or a list of
 * types; none when it is empty or unreadable (the model's default endpoints apply).
 */
export function endpointTypesOf(endpoints: string | null | undefined): string[] {
  if (!endpoints?.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(endpoints);
    if (Array.isArray(parsed)) return parsed.filter((t): t is string => typeof t === 'string' && t.trim() !== '');
    if (parsed && typeof parsed === 'object') return Object.keys(parsed);
  } catch {
    // shown as the defaults
  }
  return [];
}

/** The "vendor" filter value meaning entries without a vendor. */
export const NO_VENDOR = '0';

export interface VendorTab {
  /** '' for every vendor, a vendor id, or NO_VENDOR. */
  key: string;
  vendor?: VendorView;
  count: number;
}

/**
 * The vendor filter's tabs: "All" with every entry, then each vendor that has entries (in the vendors'
 * order), then "No vendor" when some entries have none. The chosen tab stays even when it has none left.
 */
export function vendorTabsOf(vendors: readonly VendorView[], counts: Readonly<Record<string, number>>, chosen: string): VendorTab[] {
  const total = Object.values(counts).reduce((sum, n) => sum + (Number(n) || 0), 0);
  const tabs: VendorTab[] = [{ key: '', count: total }];
  for (const vendor of vendors) {
    const key = String(vendor.id);
    const count = Number(counts[key]) || 0;
    if (count > 0 || key === chosen) tabs.push({ key, vendor, count });
  }
  const none = Number(counts[NO_VENDOR]) || 0;
  if (none > 0 || chosen === NO_VENDOR) tabs.push({ key: NO_VENDOR, count: none });
  return tabs;
}

/** The vendor manager's search: a case-insensitive part of the name or description. */
export function vendorMatches(vendor: Pick<VendorView, 'name' | 'description'>, keyword: string): boolean {
  const q = keyword.trim().toLowerCase();
  return !q || vendor.name.toLowerCase().includes(q) || vendor.description.toLowerCase().includes(q);
}
