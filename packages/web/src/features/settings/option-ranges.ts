import type { OptionChange } from './option-fields';

/** Two options holding a range; the server refuses any save that leaves max below min. */
export interface OptionRange {
  min: string;
  max: string;
}

/**
 * Orders a section's changes (one PUT each) so no single save leaves the range's max below its min:
 * the new max goes first when it is not below the saved min (raising the range), else the new min goes
 * first (lowering it). When both end values are valid, one of the two orders always is. Other changes
 * keep their places.
 */
export function orderRangeChanges(changes: readonly OptionChange[], saved: Record<string, string>, range: OptionRange): OptionChange[] {
  const ordered = [...changes];
  const i = ordered.findIndex((c) => c.key === range.min);
  const j = ordered.findIndex((c) => c.key === range.max);
  if (i < 0 || j < 0) return ordered;
  const maxFirst = Number(ordered[j].value) >= Number(saved[range.min]);
  if (maxFirst === j < i) return ordered;
  [ordered[i], ordered[j]] = [ordered[j], ordered[i]];
  return ordered;
}
