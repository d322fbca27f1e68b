/**
 * Where a total comes from. `base` counts everything and says up to which id it counted (both read in
 * one snapshot); `delta` counts only the rows with a higher id.
 */
export interface TotalSource {
  base(): Promise<{ maxId: number; values: number[] }>;
  delta(afterId: number): Promise<number[]>;
}

export interface RunningTotalsOptions {
  /** How long a remembered base is trusted before it is computed again in full. */
  maxAgeMs: number;
  /** How many filters are remembered (least recently used out first). */
  maxEntries?: number;
  clock?: () => number;
}

interface Entry {
  upToId: number;
  values: number[];
  at: number;
}

/**
 * Exact counts and sums over the logs table without scanning it on every page view. Logs only grow at
 * the top (ids ascend) and are removed only by the clean-up, so a total is remembered per filter as
 * "values over ids ≤ X" and each later call adds the values over ids > X — a short primary-key range.
 * The base is recomputed after `maxAgeMs`, which also repairs the two things it cannot see: a row whose
 * transaction took an id below X but committed after the base was counted, and a clean-up run by
 * another node. Local clean-ups call `clear()`. Concurrent misses for one filter share one computation.
 */
export class RunningTotals {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<Entry>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly clock: () => number;
  private generation = 0;

  constructor(opts: RunningTotalsOptions) {
    this.maxAgeMs = opts.maxAgeMs;
    this.maxEntries = opts.maxEntries ?? 500;
    this.clock = opts.clock ?? Date.now;
  }

  async get(key: string, source: TotalSource): Promise<number[]> {
    const entry = this.entries.get(key);
    if (entry && this.clock() - entry.at < this.maxAgeMs) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      const delta = await source.delta(entry.upToId);
      return entry.values.map((v, i) => v + (delta[i] ?? 0));
    }
    let base = this.pending.get(key);
    if (!base) {
      base = this.computeBase(key, source).finally(() => this.pending.delete(key));
      this.pending.set(key, base);
    }
    return (await base).values;
  }

  /** Forgets every remembered total (after rows were deleted). */
  clear(): void {
    this.entries.clear();
    this.pending.clear();
    this.generation++;
  }

  private async computeBase(key: string, source: TotalSource): Promise<Entry> {
    const generation = this.generation;
    const at = this.clock();
    const { maxId, values } = await source.base();
    const entry: Entry = { upToId: maxId, values, at };
    // A clear() while this was counting means rows may have gone since: answer, but do not remember it.
    if (generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return entry;
  }
}
