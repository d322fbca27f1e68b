import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import type { Redis } from 'ioredis';
import {
  ErrorCode,
  type CleanupLogFilesResult,
  type DiskCacheClearResult,
  type LogFilesResponse,
  type PerformanceGcResult,
  type PerformanceStats,
  type StatusTestResult,
  type SystemLoad,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import { poolStatsOf } from '../db/database.js';
import { dialectOf } from '../db/dialect-helpers.js';
import { AppError } from '../http/errors.js';
import { checkHealth } from '../status/health.js';
import { processMonitor, type ProcessMonitor } from './process-monitor.js';
import type { SystemLoadMonitor } from './system-load.js';

/** One in-memory cache and how many entries it holds now. */
export interface CacheSize {
  name: string;
  entries: number;
}

export interface PerformanceDeps {
  db: Db;
  redis?: Redis;
  /** The sizes of this process's caches, read on each stats call. */
  caches?: () => CacheSize[];
  /** V8's collector when Node runs with --expose-gc; undefined otherwise. Default: globalThis.gc at call time. */
  gc?: () => void;
  monitor?: ProcessMonitor;
  /** The relay's system performance check (absent: reported as off with no figures). */
  systemLoad?: Pick<SystemLoadMonitor, 'view'>;
}

const NO_SYSTEM_LOAD: SystemLoad = { monitor_enabled: false, cpu_threshold: 0, memory_threshold: 0, disk_threshold: 0, cpu_usage: null, memory_usage: null, disk_usage: null, sampled_at: null, overloaded: '' };

export const GC_NOT_EXPOSED =
  'garbage collection cannot be started on demand: Node was not started with --expose-gc (for example NODE_OPTIONS=--expose-gc); V8 still collects on its own';

/**
 * Operator diagnostics of the Node process serving the call (/api/performance, /api/status/test). Read-
 * only except for the counters' reset and an explicit collection; none of it touches stored data.
 */
export class PerformanceService {
  private readonly monitor: ProcessMonitor;

  constructor(private readonly deps: PerformanceDeps) {
    this.monitor = deps.monitor ?? processMonitor();
  }

  stats(): PerformanceStats {
    const memory = process.memoryUsage();
    const counters = this.monitor.read(availableParallelism());
    const uptime = process.uptime();
    const redis = this.deps.redis;
    return {
      process: {
        pid: process.pid,
        worker_id: cluster.isWorker ? (cluster.worker?.id ?? null) : null,
        node_version: process.version,
        platform: process.platform,
        arch: process.arch,
        uptime_seconds: Math.floor(uptime),
        started_at: Math.floor(Date.now() / 1000 - uptime),
      },
      memory_stats: {
        rss: memory.rss,
        heap_used: memory.heapUsed,
        heap_total: memory.heapTotal,
        heap_limit: getHeapStatistics().heap_size_limit,
        external: memory.external,
        array_buffers: memory.arrayBuffers,
      },
      event_loop: counters.event_loop,
      cpu: counters.cpu,
      gc: { exposed: this.collector() !== undefined, ...counters.gc },
      caches: this.deps.caches?.() ?? [],
      database: { dialect: dialectOf(this.deps.db), pool: poolStatsOf(this.deps.db)?.() ?? null },
      redis: { configured: redis !== undefined, connected: redis?.status === 'ready', status: redis?.status ?? '' },
      disk_cache_info: { enabled: false, path: '', exists: false, file_count: 0, total_size: 0 },
      system_load: this.deps.systemLoad?.view() ?? NO_SYSTEM_LOAD,
      stats_since: counters.since,
    };
  }

  /** Starts the event-loop, CPU and GC counters again from now. */
  resetStats(): void {
    this.monitor.reset();
  }

  /** Runs a full collection when Node exposes the collector; a clear refusal otherwise. */
  runGc(): PerformanceGcResult {
    const gc = this.collector();
    if (!gc) throw new AppError(ErrorCode.BadRequest, GC_NOT_EXPOSED);
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    gc();
    const duration = performance.now() - started;
    const after = process.memoryUsage().heapUsed;
    return { heap_used_before: before, heap_used_after: after, freed_bytes: Math.max(0, before - after), duration_ms: Math.round(duration * 1000) / 1000 };
  }

  /**
   * new-api spills large request bodies to a disk cache. This server reads bodies into memory (limited by
   * MAX_REQUEST_BODY_MB) and writes no temporary files, so there is never anything to free.
   */
  clearDiskCache(): DiskCacheClearResult {
    return { deleted_files: 0, freed_bytes: 0 };
  }

  /** The server logs to standard output through pino (no log directory setting), so there are no files. */
  logFiles(): LogFilesResponse {
    return { enabled: false, log_dir: '', file_count: 0, total_size: 0, files: [], oldest_time: null, newest_time: null };
  }

  /** Removes log files older than the current one: with no log files, nothing. */
  cleanupLogFiles(): CleanupLogFilesResult {
    return { deleted_count: 0, freed_bytes: 0, failed_files: [] };
  }

  /** new-api's status test: the database answers a trivial query, and Redis a ping when the site has it. */
  async testStatus(activeConnections: number): Promise<{ healthy: boolean; message: string; data: StatusTestResult }> {
    const health = await checkHealth(this.deps.db, this.deps.redis);
    const database = health.database === 'ok' ? 'ok' : 'down';
    const failed = [database === 'down' ? 'the database' : '', health.redis === 'down' ? 'Redis' : ''].filter(Boolean);
    const data: StatusTestResult = { database, redis: health.redis, http_stats: { active_connections: activeConnections } };
    if (failed.length === 0) return { healthy: true, message: 'Server is running', data };
    return { healthy: false, message: `${failed.join(' and ')} ${failed.length > 1 ? 'are' : 'is'} unreachable`, data };
  }

  private collector(): (() => void) | undefined {
    if ('gc' in this.deps) return this.deps.gc;
    return typeof globalThis.gc === 'function' ? () => globalThis.gc!() : undefined;
  }
}
