import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.js';

export type ComponentHealth = 'ok' | 'down' | 'off';

export interface Health {
  healthy: boolean;
  database: ComponentHealth;
  redis: ComponentHealth;
  /** Seconds this process has been up. */
  uptime: number;
}

const PROBE_TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/**
 * What a load balancer needs: can this node reach its database (it cannot serve without it) and its
 * Redis (it can, degraded: caches and limits fall back to the database and this process).
 */
export async function checkHealth(db: Db, redis: Redis | undefined): Promise<Health> {
  const database = await within(sql`select 1`.execute(db), PROBE_TIMEOUT_MS).then(
    () => 'ok' as const,
    () => 'down' as const,
  );
  const redisState: ComponentHealth = !redis
    ? 'off'
    : await within(redis.ping(), PROBE_TIMEOUT_MS).then(
        () => 'ok' as const,
        () => 'down' as const,
      );
  return { healthy: database === 'ok', database, redis: redisState, uptime: Math.round(process.uptime()) };
}
