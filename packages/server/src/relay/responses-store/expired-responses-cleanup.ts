import { PeriodicCheck } from '../../platform/periodic-check.js';
import type { JobLock } from '../../platform/cluster/job-lock.js';
import type { ResponsesStore } from './responses-store.service.js';

const HOUR_MS = 3_600_000;

/**
 * Deletes expired stored responses about once an hour, in one process of the site: the job lock is
 * kept for the hour, so the other processes' checks skip it. Reads already ignore expired rows.
 */
export class ExpiredResponsesCleanup extends PeriodicCheck {
  constructor(
    private readonly store: Pick<ResponsesStore, 'deleteExpired'>,
    private readonly lock: JobLock,
    private readonly onError: (err: unknown) => void = (err) => console.error('stored responses clean-up failed', err),
  ) {
    super();
  }

  override start(checkEveryMs = 10 * 60_000): void {
    super.start(checkEveryMs);
  }

  /** One check; answers how many responses it deleted (null when another process ran it this hour). */
  async tick(): Promise<number | null> {
    let deleted: number | null = null;
    try {
      await this.lock.tryRun('stored-responses-expiry', HOUR_MS, async () => void (deleted = await this.store.deleteExpired()), { keepUntilExpiry: true });
    } catch (err) {
      this.onError(err);
    }
    return deleted;
  }
}
