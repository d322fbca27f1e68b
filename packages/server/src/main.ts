import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig, ConfigError } from './config/load-config.js';
import { createDatabase, databaseTargetOf } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { connectRedis } from './platform/redis.js';
import { buildApp } from './app.js';
import cluster from 'node:cluster';
import { runClusterPrimary } from './platform/cluster/cluster-primary.js';
import { IpcEventBus, IpcLeaseStore, IpcMetricsPeer, IpcRateLimiter, processIpcChannel } from './platform/cluster/ipc-worker.js';

/**
 * Entry point: config → database (migrated) → optional Redis → app → listen; graceful shutdown. With
 * WORKERS > 1 this process becomes the cluster primary and each worker runs the same steps but the migration.
 */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const here = dirname(fileURLToPath(import.meta.url));
  const webDist = config.webDistDir ?? resolve(here, '../../web/dist');
  config = Object.freeze({ ...config, webDistDir: existsSync(webDist) ? webDist : undefined });

  const db = createDatabase(databaseTargetOf(config));
  // In a cluster the primary migrates once before it forks; the workers find the schema ready. A slave
  // node never migrates: its master does.
  if (!cluster.isWorker && config.nodeType === 'master') {
    try {
      await migrateToLatest(db);
    } catch (err) {
      console.error(`cannot prepare the ${config.databaseType} database: ${(err as Error).message}`);
      process.exit(1);
    }
  }
  if (cluster.isPrimary && config.workers > 1) {
    await db.destroy();
    runClusterPrimary(config.workers);
    return;
  }
  let redis: Awaited<ReturnType<typeof connectRedis>> | undefined;
  if (config.redisUrl) {
    try {
      redis = await connectRedis(config.redisUrl);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
  }
  const ipc = cluster.isWorker ? processIpcChannel() : undefined;
  let metricsPeer: IpcMetricsPeer | undefined;
  const { app, services } = await buildApp({
    config,
    db,
    redis,
    // With Redis the workers talk over Redis like separate nodes do; without it, through the primary.
    bus: ipc && !redis ? new IpcEventBus(ipc) : undefined,
    rateLimiter: ipc && !redis ? new IpcRateLimiter(ipc) : undefined,
    tokenLeases: ipc && !redis ? new IpcLeaseStore(ipc) : undefined,
    collectMetrics: ipc ? (local) => (metricsPeer ?? new IpcMetricsPeer(ipc, () => local.registry.snapshot())).collectAll() : undefined,
  });
  // Answers the primary's requests for this worker's metrics, whichever worker a scrape reaches.
  if (ipc) metricsPeer = new IpcMetricsPeer(ipc, () => services.metrics.registry.snapshot());

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.destroy();
    redis?.disconnect();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(`cannot listen on port ${config.port}: ${(err as Error).message}`);
    process.exit(1);
  }
}

void main();
