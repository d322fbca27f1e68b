/**
 * The remembered channel of each affinity key in this process: least recently used keys are dropped
 * beyond `capacity()` entries, and each entry expires after its own TTL. A Map keeps insertion order,
 * so a read moves its key to the end and the first key is always the least recently used.
 */
export class MemoryAffinityStore {
  private readonly entries = new Map<string, { channelId: number; expiresAt: number }>();

  constructor(
    private readonly capacity: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Entries held, expired ones included until they are next read or listed. */
  get size(): number {
    return this.entries.size;
  }

  get(key: string): number | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.channelId;
  }

  set(key: string, channelId: number, ttlSeconds: number): void {
    this.entries.delete(key);
    this.entries.set(key, { channelId, expiresAt: this.now() + ttlSeconds * 1000 });
    const limit = Math.max(1, this.capacity());
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= limit) break;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** The keys not expired yet (expired ones are dropped on the way). */
  keys(): string[] {
    const now = this.now();
    const live: string[] = [];
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
      else live.push(key);
    }
    return live;
  }

  /** Deletes the live keys that start with `prefix` ('' = all) and says how many there were. */
  deleteByPrefix(prefix: string): number {
    let deleted = 0;
    for (const key of this.keys()) {
      if (!key.startsWith(prefix)) continue;
      this.entries.delete(key);
      deleted++;
    }
    return deleted;
  }
}
