import { z } from 'zod';

/**
 * Operator diagnostics under /api/performance (root) and GET /api/status/test (admin), new-api's routes.
 * new-api reports a Go runtime (goroutines, GC cycles, a disk cache for large bodies); this server is a
 * Node.js process, so the figures are Node's own: memory by V8 area, event-loop delay and utilisation,
 * active libuv resources. Every figure is of the one process that answered the call — with WORKERS > 1,
 * each call may reach a different worker (`process.worker_id` says which).
 */

/** Event-loop delay in milliseconds over the samples taken since the last reset (perf_hooks). */
export interface EventLoopDelay {
  min: number;
  mean: number;
  max: number;
  stddev: number;
  p50: number;
  p90: number;
  p99: number;
}

/** GET /api/performance/stats `system_load`. */
export interface SystemLoad {
  monitor_enabled: boolean;
  cpu_threshold: number;
  memory_threshold: number;
  disk_threshold: number;
  cpu_usage: number | null;
  memory_usage: number | null;
  /** Of the file system holding the data directory (the SQLite file's folder). */
  disk_usage: number | null;
  /** Unix seconds of the latest sample; null before the first. */
  sampled_at: number | null;
  overloaded: '' | 'system_cpu_overloaded' | 'system_memory_overloaded' | 'system_disk_overloaded';
}

/** GET /api/performance/stats. Sizes are bytes; counters run from `stats_since` (start or the last reset). */
export interface PerformanceStats {
  process: {
    pid: number;
    /** The cluster worker's id when WORKERS > 1 (this figure set is that worker's alone), else null. */
    worker_id: number | null;
    node_version: string;
    platform: string;
    arch: string;
    uptime_seconds: number;
    /** Unix seconds. */
    started_at: number;
  };
  memory_stats: {
    rss: number;
    heap_used: number;
    heap_total: number;
    /** The most the V8 heap may grow to before the process runs out of memory. */
    heap_limit: number;
    external: number;
    array_buffers: number;
  };
  event_loop: {
    delay_ms: EventLoopDelay;
    /** How many delay samples the figures above are made of. */
    samples: number;
    /** Share of wall time the loop was busy (0–1). */
    utilization: number;
    /** Handles and requests keeping the loop alive (sockets, timers, file work), by libuv type. */
    active_resources: { total: number; by_type: Record<string, number> };
  };
  cpu: {
    user_seconds: number;
    system_seconds: number;
    /** CPU time over wall time; may pass 100 when threads (SQLite checkpoints, zlib) work in parallel. */
    percent: number;
    cores: number;
  };
  gc: {
    /** True when Node was started with --expose-gc, so POST /api/performance/gc can run a collection. */
    exposed: boolean;
    count: number;
    pause_ms: number;
  };
  /** Entries held by this process's in-memory caches (`name` is a stable id). */
  caches: { name: string; entries: number }[];
  database: {
    dialect: 'sqlite' | 'postgres' | 'mysql';
    /** Connections of the pool (SQLite: its single connection); null when unknown. */
    pool: { total: number; idle: number; waiting: number } | null;
  };
  redis: {
    configured: boolean;
    connected: boolean;
    /** ioredis's connection state (ready, connecting, reconnecting, end…); '' without Redis. */
    status: string;
  };
  /** new-api's large-body disk cache. This server keeps request bodies in memory: always disabled and empty. */
  disk_cache_info: { enabled: boolean; path: string; exists: boolean; file_count: number; total_size: number };
  /**
   * The machine's load as the relay's system performance check sees it (performance_setting.monitor_*):
   * usage percentages of the latest sample (null before the first, or while monitoring is off), the
   * thresholds (0: that check off), and the overload code relay requests are refused with now ('' if none).
   */
  system_load: SystemLoad;
  /** Unix seconds the counters (event loop, CPU, GC) start from. */
  stats_since: number;
}

/** POST /api/performance/gc when Node exposes the collector. */
export interface PerformanceGcResult {
  heap_used_before: number;
  heap_used_after: number;
  freed_bytes: number;
  duration_ms: number;
}

/** DELETE /api/performance/disk_cache. */
export interface DiskCacheClearResult {
  deleted_files: number;
  freed_bytes: number;
}

export interface LogFileInfo {
  name: string;
  size: number;
  /** Unix seconds. */
  mod_time: number;
}

/** GET /api/performance/logs: the server's log files, when it writes any (`enabled`). */
export interface LogFilesResponse {
  enabled: boolean;
  log_dir: string;
  file_count: number;
  total_size: number;
  files: LogFileInfo[];
  oldest_time: number | null;
  newest_time: number | null;
}

const MAX_CLEANUP_VALUE = 36_500;

/**
 * DELETE /api/performance/logs: without parameters every file but the current one goes; new-api's
 * `mode=by_count&value=N` keeps the newest N, `mode=by_days&value=N` removes files older than N days.
 */
export const CleanupLogFilesQuery = z
  .object({
    mode: z.enum(['by_count', 'by_days'], { error: 'mode must be by_count or by_days' }).optional(),
    value: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : Number(v)),
      z
        .number({ error: 'value must be a positive integer' })
        .int('value must be a positive integer')
        .min(1, 'value must be a positive integer')
        .max(MAX_CLEANUP_VALUE, `value must be at most ${MAX_CLEANUP_VALUE}`)
        .optional(),
    ),
  })
  .refine((q) => (q.mode === undefined) === (q.value === undefined), { message: 'pass mode and value together, or neither' });
export type CleanupLogFilesQuery = z.output<typeof CleanupLogFilesQuery>;

export interface CleanupLogFilesResult {
  deleted_count: number;
  freed_bytes: number;
  failed_files: string[];
}

/** GET /api/status/test: each dependency's state; `redis` is `off` when the site has none. */
export interface StatusTestResult {
  database: 'ok' | 'down';
  redis: 'ok' | 'down' | 'off';
  /** Open HTTP connections of the process that answered (new-api's http_stats). */
  http_stats: { active_connections: number };
}
