import type { Db } from '../db/database.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { MetadataIndex } from './metadata-index.js';
import { modelMetadataRepository, vendorsRepository } from './model-metadata.repository.js';

/** A process that hears no change events (no cluster bus) reloads at most this late. */
const MAX_AGE_MS = 60_000;

/**
 * The metadata index the pricing page reads, loaded from the database on first use and again after
 * any change to metadata or vendors here or in another process of the site.
 */
export class MetadataCache {
  private loading: Promise<MetadataIndex> | undefined;
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    events?: ChangeEvents,
    private readonly now: () => number = Date.now,
  ) {
    events?.on('model-metadata', () => this.invalidate());
  }

  index(): Promise<MetadataIndex> {
    if (!this.loading || this.now() - this.loadedAt > MAX_AGE_MS) {
      this.loadedAt = this.now();
      const loading = this.load();
      this.loading = loading;
      // A failed load is not kept: the next reader tries again.
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }

  invalidate(): void {
    this.loading = undefined;
  }

  private async load(): Promise<MetadataIndex> {
    const [entries, vendors] = await Promise.all([modelMetadataRepository.all(this.db), vendorsRepository.all(this.db)]);
    return new MetadataIndex(entries, vendors);
  }
}
