import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { loadConfig, ConfigError } from './config/load-config.js';
import { createDatabase, databaseTargetOf } from './db/database.js';
import { migrateToLatest } from './db/migrator.js';
import { connectRedis } from './platform/redis.js';
import { buildApp } from './app.js';

/** Entry point: config → database (migrated) → optional Redis → app → listen; graceful shutdown. */
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
  try {
    await migrateToLatest(db);
  } catch (err) {
    console.error(`cannot prepare the ${config.databaseType} database: ${(err as Error).message}`);
    process.exit(1);
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
  const { app } = await buildApp({ config, db, redis });

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
