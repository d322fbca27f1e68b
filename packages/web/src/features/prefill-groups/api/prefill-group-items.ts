import type { PrefillGroupItems } from '@gw/contracts';

/**
 * Reading a group's items, for the forms that fill from groups (the channel editor). A list gives its
 * names; an endpoint map gives its endpoint types.
 */
export function itemNamesOf(items: PrefillGroupItems | null | undefined): string[] {
  if (!items) return [];
  const names = Array.isArray(items) ? items : Object.keys(items);
  return [...new Set(names.map((n) => (typeof n === 'string' ? n.trim() : '')).filter(Boolean))];
}

/** `current` followed by the names of `added` it lacks, in their order; `added` answers how many were new. */
export function addItemNames(current: readonly string[], added: readonly string[]): { names: string[]; added: number } {
  const names = [...current];
  const seen = new Set(current);
  for (const name of added) {
    if (seen.has(name)) continue;
    seen.add(name);
    names.push(name);
  }
  return { names, added: names.length - current.length };
}
