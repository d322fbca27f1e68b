import type { EventLoopDelay } from '@gw/contracts';

/** What delayFigures reads of a perf_hooks histogram (nanoseconds). */
export interface DelayHistogram {
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  readonly stddev: number;
  percentile(p: number): number;
}

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/**
 * Event-loop delay in milliseconds. The histogram records the whole interval between its timer's runs,
 * which is at least the timer's resolution, so the resolution is taken off: what remains is how late the
 * loop came back. No samples yet (just started or reset) reads as zeros, not as the histogram's sentinels.
 */
export function delayFigures(h: DelayHistogram, resolutionMs: number): { delay: EventLoopDelay; samples: number } {
  if (h.count === 0) return { delay: { min: 0, mean: 0, max: 0, stddev: 0, p50: 0, p90: 0, p99: 0 }, samples: 0 };
  const late = (ns: number) => round(Math.max(0, ns / 1e6 - resolutionMs), 3);
  return {
    delay: {
      min: late(h.min),
      mean: late(h.mean),
      max: late(h.max),
      stddev: round(h.stddev / 1e6, 3),
      p50: late(h.percentile(50)),
      p90: late(h.percentile(90)),
      p99: late(h.percentile(99)),
    },
    samples: h.count,
  };
}

/** process.getActiveResourcesInfo() (one type name per resource) as a total and a count per type. */
export function countByType(resources: readonly string[]): { total: number; by_type: Record<string, number> } {
  const byType: Record<string, number> = {};
  for (const type of resources) byType[type] = (byType[type] ?? 0) + 1;
  return { total: resources.length, by_type: byType };
}

/** CPU time as a percentage of wall time (one decimal); above 100 when threads worked in parallel. */
export function cpuPercent(cpuMicros: number, wallMicros: number): number {
  return wallMicros > 0 ? round((cpuMicros / wallMicros) * 100, 1) : 0;
}

/** Share of wall time the loop was busy, 0–1 with four decimals. */
export function utilizationOf(value: number): number {
  return Number.isFinite(value) ? round(Math.min(1, Math.max(0, value)), 4) : 0;
}
