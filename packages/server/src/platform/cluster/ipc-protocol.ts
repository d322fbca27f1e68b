import type { BusMessage } from './event-bus.js';
import type { RateLimitResult, WindowCount } from '../rate-limiter.js';
import type { MetricSnapshot } from '../metrics/metrics-registry.js';

/** Messages between a cluster's primary and its workers; every `t` starts with `gw:` so other IPC traffic is ignored. */
export type WorkerToPrimary =
  | { t: 'gw:bus'; m: BusMessage }
  | { t: 'gw:rl:hit'; seq: number; key: string; limit: number; windowSeconds: number }
  | { t: 'gw:rl:peek'; seq: number; key: string; windowSeconds: number }
  | { t: 'gw:rl:add'; seq: number; key: string; amount: number; windowSeconds: number }
  /** A token-concurrency slot under `key` if fewer than `limit` are held (the answer names the lease). */
  | { t: 'gw:tc:acquire'; seq: number; key: string; limit: number }
  | { t: 'gw:tc:release'; lease: string }
  /** A scrape arrived at this worker: gather every worker's metrics. */
  | { t: 'gw:metrics:collect'; seq: number }
  /** This worker's answer to a `gw:metrics:dump`. */
  | { t: 'gw:metrics:snapshot'; round: number; snapshot: MetricSnapshot[] };

export type PrimaryToWorker =
  | { t: 'gw:bus'; m: BusMessage }
  | { t: 'gw:rl:hit'; seq: number; result: RateLimitResult }
  | { t: 'gw:rl:peek'; seq: number; result: WindowCount }
  | { t: 'gw:rl:add'; seq: number; result: WindowCount }
  /** The lease's id, or null when the key's slots are all held. */
  | { t: 'gw:tc:acquire'; seq: number; result: string | null }
  | { t: 'gw:metrics:dump'; round: number }
  | { t: 'gw:metrics:collect'; seq: number; snapshots: MetricSnapshot[][] };

export function isGatewayMessage<T extends { t: string }>(value: unknown): value is T {
  return typeof value === 'object' && value !== null && typeof (value as { t?: unknown }).t === 'string' && (value as { t: string }).t.startsWith('gw:');
}
