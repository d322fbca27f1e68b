/**
 * A list option edited entry by entry: the settings form holds the option's JSON text, the editor works
 * on the parsed entries and writes the text back.
 */
export type ListEntry = Record<string, unknown>;

/** The entries of a stored list; anything that is not a JSON list of objects reads as empty. */
export function parseListText(text: string | undefined | null): ListEntry[] {
  if (!text || text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is ListEntry => typeof v === 'object' && v !== null && !Array.isArray(v)) : [];
  } catch {
    return [];
  }
}

export function listText(entries: readonly ListEntry[]): string {
  return JSON.stringify(entries, null, 2);
}

/**
 * Puts `entry` at `index` (null: appended). Fields the editor does not show (new-api's `id`) are kept
 * from the entry it replaces.
 */
export function upsertEntry(entries: readonly ListEntry[], index: number | null, entry: ListEntry): ListEntry[] {
  if (index === null) return [...entries, entry];
  return entries.map((e, i) => (i === index ? { ...e, ...entry } : e));
}

export function removeEntry(entries: readonly ListEntry[], index: number): ListEntry[] {
  return entries.filter((_e, i) => i !== index);
}
