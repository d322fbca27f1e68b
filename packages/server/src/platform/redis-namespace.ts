import type { Redis } from 'ioredis';

/**
 * The keys under `namespace` (without it) in the client's key space. SCAN patterns and answers carry the
 * client's key prefix, which other commands add by themselves.
 */
export async function namespaceKeys(redis: Redis, namespace: string): Promise<string[]> {
  const full = `${redis.options.keyPrefix ?? ''}${namespace}`;
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${escapeGlob(full)}*`, 'COUNT', 1000);
    for (const k of batch) keys.push(k.slice(full.length));
    cursor = next;
  } while (cursor !== '0');
  return [...new Set(keys)];
}

/** Deletes these keys of the namespace (as namespaceKeys gives them) and says how many were deleted. */
export async function deleteNamespaceKeys(redis: Redis, namespace: string, keys: string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < keys.length; i += 500) deleted += await redis.unlink(...keys.slice(i, i + 500).map((k) => namespace + k));
  return deleted;
}

/**
 * GET that fails at once while Redis is not connected (rather than waiting in ioredis' offline queue) and
 * gives up after `timeoutMs`: for reads on a request's path, whose callers fall back to their own memory.
 */
export async function getWithin(redis: Redis, key: string, timeoutMs: number): Promise<string | null> {
  if (redis.status !== 'ready') throw new Error(`Redis is ${redis.status}`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([redis.get(key), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A literal text inside a SCAN MATCH pattern. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
