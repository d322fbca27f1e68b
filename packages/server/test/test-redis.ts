import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { connectRedis } from '../src/platform/redis.js';
import { REDIS_URL } from './test-database.js';

export interface TestRedis {
  redis: Redis;
  /** This suite's own key prefix, so parallel suites never see each other's keys. */
  prefix: string;
  /** Deletes the keys written under the prefix and disconnects. */
  cleanup(): Promise<void>;
}

/** Deletes every key under `prefix` (KEYS patterns are not prefixed by ioredis, DEL arguments are). */
export async function deleteTestKeys(redis: Redis, prefix: string): Promise<void> {
  for (const key of await redis.keys(`${prefix}*`)) await redis.del(key.slice(prefix.length));
}

/** A connection to the test Redis under a fresh random prefix. */
export async function connectTestRedis(): Promise<TestRedis> {
  const prefix = `gwtest:${randomBytes(4).toString('hex')}:`;
  const redis = await connectRedis(REDIS_URL, prefix);
  return {
    redis,
    prefix,
    cleanup: async () => {
      await deleteTestKeys(redis, prefix);
      redis.disconnect();
    },
  };
}
