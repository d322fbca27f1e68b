/**
 * Splits a channel's comma list (`models`, `group`): entries trimmed, empty ones skipped, duplicates
 * dropped keeping the first spelling and order.
 */
export function splitCommaList(value: string | null | undefined): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const item = part.trim();
    if (item) seen.add(item);
  }
  return [...seen];
}
