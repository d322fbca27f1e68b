import type { Redis } from 'ioredis';

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
    this.assertConnected();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${READ_TIMEOUT_MS} ms`)), READ_TIMEOUT_MS);
    });
    try {
      const raw = await Promise.race([this.redis.get(NAMESPACE + key), timeout]);
      const id = raw === null ? NaN : Number(raw);
      return Number.isSafeInteger(id) && id > 0 ? id : null;
    } finally {
      clearTimeout(timer);
    }
  }

  async set(key: string, channelId: number, ttlSeconds: number): Promise<void> {
    this.assertConnected();
    await this.redis.set(NAMESPACE + key, String(channelId), 'EX', ttlSeconds);
  }

  /** Every key (without the namespace). SCAN patterns and answers carry the client's key prefix. */
  async keys(): Promise<string[]> {
    this.assertConnected();
    const full = `${this.redis.options.keyPrefix ?? ''}${NAMESPACE}`;
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${escapeGlob(full)}*`, 'COUNT', 1000);
      for (const k of batch) keys.push(k.slice(full.length));
      cursor = next;
    } while (cursor !== '0');
    return [...new Set(keys)];
  }

  /** Deletes the keys that start with `prefix` ('' = all) and says how many were deleted. */
  async deleteByPrefix(prefix: string): Promise<number> {
    const doomed = (await this.keys()).filter((k) => k.startsWith(prefix));
    let deleted = 0;
    for (let i = 0; i < doomed.length; i += 500) deleted += await this.redis.unlink(...doomed.slice(i, i + 500).map((k) => NAMESPACE + k));
    return deleted;
  }
}

/** A literal text inside a SCAN MATCH pattern. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
