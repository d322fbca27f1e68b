import type { CpuInfo } from 'node:os';

/**
 * The arithmetic of the machine's load figures, kept free of the system calls that feed it so tests can
 * give it any reading. Every percentage is rounded to two decimals.
 */

/** Busy and total CPU time of every core together, in milliseconds since boot (os.cpus()). */
export interface CpuTimes {
  idle: number;
  total: number;
}

export function cpuTimesOf(cpus: readonly Pick<CpuInfo, 'times'>[]): CpuTimes {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const clampPercent = (v: number) => round2(Math.min(100, Math.max(0, v)));

/** Share of CPU time not idle between two readings; null when no time passed (or the counters went back). */
export function cpuUsagePercent(before: CpuTimes, after: CpuTimes): number | null {
  const total = after.total - before.total;
  const idle = after.idle - before.idle;
  if (!(total > 0) || idle < 0) return null;
  return clampPercent((1 - idle / total) * 100);
}

/** Memory in use over all memory; null when the total is unknown. */
export function memoryUsagePercent(totalBytes: number, freeBytes: number): number | null {
  if (!(totalBytes > 0)) return null;
  return clampPercent(((totalBytes - freeBytes) / totalBytes) * 100);
}

/** The fields of fs.statfs this needs: block counts and the block size. */
export interface DiskBlocks {
  bsize: number;
  blocks: number;
  bfree: number;
  bavail: number;
}

/**
 * Used space over the space an unprivileged writer can have (used + available), as df reports it: the
 * blocks reserved for root count neither as used nor as available.
 */
export function diskUsagePercent(disk: DiskBlocks): number | null {
  const used = (disk.blocks - disk.bfree) * disk.bsize;
  const usable = used + disk.bavail * disk.bsize;
  if (!(usable > 0)) return null;
  return clampPercent((used / usable) * 100);
}

/** The latest usage percentages; null for a figure not (yet) known, which no threshold can trip. */
export interface LoadFigures {
  cpu: number | null;
  memory: number | null;
  disk: number | null;
}

/** performance_setting.monitor_*_threshold: percentages, 0 turning that check off. */
export interface LoadThresholds {
  cpu: number;
  memory: number;
  disk: number;
}

export type OverloadCode = 'system_cpu_overloaded' | 'system_memory_overloaded' | 'system_disk_overloaded';

const CHECKS = [
  ['cpu', 'system_cpu_overloaded', 'CPU'],
  ['memory', 'system_memory_overloaded', 'memory'],
  ['disk', 'system_disk_overloaded', 'disk'],
] as const;

/**
 * The first resource (CPU, then memory, then disk) whose usage, its fraction dropped as new-api does, is
 * above its threshold: 90.9 % does not trip a 90 % threshold, 91 % does. Undefined when none is.
 */
export function overloadOf(figures: LoadFigures, thresholds: LoadThresholds): { code: OverloadCode; message: string } | undefined {
  for (const [resource, code, label] of CHECKS) {
    const usage = figures[resource];
    const threshold = thresholds[resource];
    if (threshold > 0 && usage !== null && Math.trunc(usage) > threshold) {
      return { code, message: `the system is overloaded: ${label} usage is ${usage}%, above the ${threshold}% limit; try again later` };
    }
  }
  return undefined;
}
