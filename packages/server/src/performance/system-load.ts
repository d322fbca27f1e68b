import { cpus, freemem, totalmem } from 'node:os';
import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SystemLoad } from '@gw/contracts';
import { RelayError } from '../relay/relay-error.js';
import type { OptionKey, OptionValue } from '../options/option-registry.js';
import { cpuTimesOf, cpuUsagePercent, diskUsagePercent, memoryUsagePercent, overloadOf, type CpuTimes, type DiskBlocks, type LoadFigures, type LoadThresholds } from './system-figures.js';

/** Where the readings come from: the machine by default, anything in tests. */
export interface LoadSource {
  cpus(): ReturnType<typeof cpus>;
  totalmem(): number;
  freemem(): number;
  statfs(path: string): Promise<DiskBlocks>;
}

export const machineSource: LoadSource = { cpus, totalmem, freemem, statfs: (path) => statfs(path) };

type MonitorKey = 'performance_setting.monitor_enabled' | 'performance_setting.monitor_cpu_threshold' | 'performance_setting.monitor_memory_threshold' | 'performance_setting.monitor_disk_threshold';

export interface LoadOptions {
  get<K extends MonitorKey & OptionKey>(key: K): OptionValue<K>;
}

export interface SystemLoadDeps {
  options: LoadOptions;
  /** The folder whose file system's usage is the disk figure (the data directory). */
  diskPath: string;
  source?: LoadSource;
  /** Time between samples; default 5 s (as new-api). */
  intervalMs?: number;
}

const NO_FIGURES: LoadFigures = { cpu: null, memory: null, disk: null };

/**
 * new-api's system performance check (performance_setting.monitor_*). While monitoring is on, a timer
 * samples the machine's CPU, memory and data-disk usage and keeps the verdict; relay routes read only
 * that verdict (`overload()`), so with monitoring off a request costs one cached option read. The timer
 * starts and stops with the option (`sync()`, called on every option change) and never holds the
 * process open.
 */
export class SystemLoadMonitor {
  private source: LoadSource;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private lastCpu: CpuTimes | undefined;
  private figures: LoadFigures = NO_FIGURES;
  private sampledAt: number | null = null;
  private verdict: RelayError | undefined;
  private sampling: Promise<void> | undefined;

  constructor(private readonly deps: SystemLoadDeps) {
    this.source = deps.source ?? machineSource;
    this.intervalMs = deps.intervalMs ?? 5000;
  }

  /** The relay's check: the 503 to answer with, or undefined to serve. No system call, no promise. */
  overload(): RelayError | undefined {
    if (!this.deps.options.get('performance_setting.monitor_enabled')) return undefined;
    return this.verdict;
  }

  /** Starts or stops sampling to match the options, and judges the latest figures by the current thresholds. */
  sync(): void {
    const enabled = this.deps.options.get('performance_setting.monitor_enabled');
    if (enabled && !this.timer) {
      this.timer = setInterval(() => void this.sample(), this.intervalMs);
      this.timer.unref();
      void this.sample();
    } else if (!enabled && this.timer) {
      this.stop();
    }
    this.judge();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    // A later start measures CPU from its own first reading, not across the pause.
    this.lastCpu = undefined;
    this.figures = NO_FIGURES;
    this.sampledAt = null;
    this.verdict = undefined;
  }

  /** Takes one reading now (the timer's work); concurrent calls share it. */
  sample(): Promise<void> {
    return (this.sampling ??= this.read().finally(() => (this.sampling = undefined)));
  }

  /** Takes the next readings from `source` (tests give the relay a machine in any state this way). */
  readFrom(source: LoadSource): void {
    this.source = source;
    this.lastCpu = undefined;
  }

  private record(figures: LoadFigures): void {
    this.figures = figures;
    this.sampledAt = Math.floor(Date.now() / 1000);
    this.judge();
  }

  view(): SystemLoad {
    const t = this.thresholds();
    return {
      monitor_enabled: this.deps.options.get('performance_setting.monitor_enabled'),
      cpu_threshold: t.cpu,
      memory_threshold: t.memory,
      disk_threshold: t.disk,
      cpu_usage: this.figures.cpu,
      memory_usage: this.figures.memory,
      disk_usage: this.figures.disk,
      sampled_at: this.sampledAt,
      overloaded: (this.overload()?.code ?? '') as SystemLoad['overloaded'],
    };
  }

  private async read(): Promise<void> {
    const cpuNow = safely(() => cpuTimesOf(this.source.cpus()));
    const cpu = cpuNow && this.lastCpu ? cpuUsagePercent(this.lastCpu, cpuNow) : null;
    if (cpuNow) this.lastCpu = cpuNow;
    const memory = safely(() => memoryUsagePercent(this.source.totalmem(), this.source.freemem())) ?? null;
    let disk: number | null = null;
    try {
      disk = diskUsagePercent(await this.source.statfs(this.deps.diskPath));
    } catch {
      // A data folder that cannot be read leaves the disk check without a figure.
    }
    // Stopped while reading: the figures of a finished monitor stay empty.
    if (!this.timer) return;
    // The first sample has no CPU interval yet: keep the previous figure rather than none.
    this.record({ cpu: cpu ?? this.figures.cpu, memory, disk });
  }

  private thresholds(): LoadThresholds {
    const o = this.deps.options;
    return {
      cpu: o.get('performance_setting.monitor_cpu_threshold'),
      memory: o.get('performance_setting.monitor_memory_threshold'),
      disk: o.get('performance_setting.monitor_disk_threshold'),
    };
  }

  private judge(): void {
    const found = overloadOf(this.figures, this.thresholds());
    this.verdict = found ? new RelayError(503, found.code, found.message, 'gateway', 'new_api_error') : undefined;
  }
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

/**
 * The process's monitor for an options service: it follows every option change (saved here or on
 * another node) and measures the file system holding the SQLite file, or the data directory.
 */
export function startSystemLoad(options: LoadOptions & { onChange(listener: () => void): () => void }, paths: { dataDir: string; sqlitePath?: string }, source?: LoadSource): SystemLoadMonitor & { close(): void } {
  const monitor = new SystemLoadMonitor({ options, diskPath: paths.sqlitePath ? dirname(paths.sqlitePath) : paths.dataDir, source });
  const unsubscribe = options.onChange(() => monitor.sync());
  monitor.sync();
  return Object.assign(monitor, {
    close() {
      unsubscribe();
      monitor.stop();
    },
  });
}
