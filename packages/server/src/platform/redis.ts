import { Redis } from 'ioredis';

export type RedisClient = Redis;

/** Connects to Redis and fails fast with a clear message if it cannot be reached. */
export async function connectRedis(url: string, keyPrefix = 'gw:'): Promise<Redis> {
  const client = new Redis(url, { keyPrefix, lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    throw new Error(`cannot connect to Redis at REDIS_URL: ${(err as Error).message}`);
  }
  return client;
}
