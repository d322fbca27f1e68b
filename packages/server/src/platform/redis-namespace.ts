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

/** A literal text inside a SCAN MATCH pattern. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');
