/** Display rules of the performance section: sizes, durations, shares. Pure, so they are unit-tested. */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Binary units with one decimal above bytes: 1536 → "1.5 KB". Negative or non-finite input reads as 0 B. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${BYTE_UNITS[unit]}`;
}

/** Milliseconds: two decimals below 10 ms (event-loop delays are usually fractions), one above. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0.00 ms';
  return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

/** A 0–1 share as a percentage with one decimal. */
export function formatShare(share: number): string {
  return `${(Number.isFinite(share) ? share * 100 : 0).toFixed(1)}%`;
}

export interface DurationUnits {
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/**
 * An uptime in its two largest units, each followed by its (translated) unit: 93784 s → "1d 2h" with
 * English units, "1天2小时" with Chinese ones (`separator` '').
 */
export function formatDuration(seconds: number, units: DurationUnits, separator = ' '): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const parts: [number, string][] = [
    [Math.floor(total / 86_400), units.day],
    [Math.floor((total % 86_400) / 3600), units.hour],
    [Math.floor((total % 3600) / 60), units.minute],
    [total % 60, units.second],
  ];
  const first = parts.findIndex(([n]) => n > 0);
  if (first === -1) return `0${units.second}`;
  return parts
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => `${n}${unit}`)
    .join(separator);
}

/** How full the heap is against its limit, as a whole percentage for a progress bar (0–100). */
export function heapPercent(used: number, limit: number): number {
  if (!(limit > 0) || !(used > 0)) return 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Active resource types, most numerous first (ties by name), for tags. */
export function resourceTypes(byType: Record<string, number>): [string, number][] {
  return Object.entries(byType).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}
