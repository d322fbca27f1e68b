import type { Redis } from 'ioredis';
import { deleteNamespaceKeys, getWithin, namespaceKeys } from '../../platform/redis-namespace.js';

/** Affinity keys live under `<client prefix>channel_affinity:` (`gw:channel_affinity:` by default). */
const NAMESPACE = 'channel_affinity:';

/** Longest a request waits for Redis before routing without it. */
const READ_TIMEOUT_MS = 250;

/**
 * The remembered channels shared by every node of a site. Every call fails at once while Redis is not
 * connected (rather than waiting in ioredis' offline queue); callers fall back to their own memory.
 */
export class RedisAffinityStore {
  constructor(private readonly redis: Redis) {}

  private assertConnected() {
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
  }

  /** The remembered channel, or null when Redis has none. */
  async get(key: string): Promise<number | null> {
    const raw = await getWithin(this.redis, NAMESPACE + key, READ_TIMEOUT_MS);
    const id = raw === null ? NaN : Number(raw);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  async set(key: string, channelId: number, ttlSeconds: number): Promise<void> {
    this.assertConnected();
    await this.redis.set(NAMESPACE + key, String(channelId), 'EX', ttlSeconds);
  }

  /** Every key (without the namespace). */
  async keys(): Promise<string[]> {
    this.assertConnected();
    return namespaceKeys(this.redis, NAMESPACE);
  }

  /** Deletes the keys that start with `prefix` ('' = all) and says how many were deleted. */
  async deleteByPrefix(prefix: string): Promise<number> {
    return deleteNamespaceKeys(this.redis, NAMESPACE, (await this.keys()).filter((k) => k.startsWith(prefix)));
  }
}
