import { answerWeight, type CachedAnswer } from './cached-answer.js';

/**
 * Cached answers in this process, bounded by their total weight (`maxBytes()`): the least recently used
 * go first, and each expires after its own TTL. A Map keeps insertion order, so a read moves its key to
 * the end and the first key is always the least recently used.
 */
export class MemoryResponseStore {
  private readonly entries = new Map<string, { answer: CachedAnswer; weight: number; expiresAt: number }>();
  private weight = 0;

  constructor(
    private readonly maxBytes: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The weight of what is held, in bytes (see answerWeight). */
  get bytes(): number {
    return this.weight;
  }

  /** Forgets everything; says how many answers it held. */
  clear(): number {
    const held = this.entries.size;
    this.entries.clear();
    this.weight = 0;
    return held;
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    this.weight += entry.weight;
    return entry.answer;
  }

  set(key: string, answer: CachedAnswer, ttlSeconds: number): void {
    this.remove(key);
    const limit = this.maxBytes();
    const weight = answerWeight(answer);
    if (weight > limit) return;
    this.entries.set(key, { answer, weight, expiresAt: this.now() + ttlSeconds * 1000 });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.weight <= limit) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
