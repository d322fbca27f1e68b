/** JSON-array text columns of the assistant tables, read defensively (a bad value reads as empty). */
export function parseList<T = string>(raw: string | null, keep: (v: unknown) => v is T = isNonEmptyString as (v: unknown) => v is T): T[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter(keep) : [];
  } catch {
    return [];
  }
}

export const isNonEmptyString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
