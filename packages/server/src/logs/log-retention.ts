import type { OptionsService } from '../options/options.service.js';
import { PeriodicCheck } from '../platform/periodic-check.js';
import type { JobLock } from '../platform/cluster/job-lock.js';
import { nowSeconds } from '../platform/clock.js';

const DAY = 86_400;

/**
 * Deletes logs older than LogRetentionDays (0 = keep everything) once a day, in one process of the
 * site: the job lock is kept for a day, so other processes' checks skip it. Deletion goes through the
 * logs service, which keeps the stored log counts right.
 */
export class LogRetention extends PeriodicCheck {

  constructor(
    private readonly logs: { deleteBefore(before: number): Promise<number> },
    private readonly options: OptionsService,
    private readonly lock: JobLock,
    private readonly now: () => number = nowSeconds,
    private readonly onError: (err: unknown) => void = (err) => console.error('log clean-up failed', err),
  ) {
    super();
  }

  override start(checkEveryMs = 10 * 60_000): void {
    super.start(checkEveryMs);
  }

  /** One check; answers how many logs it deleted (null when it did not run). */
  async tick(): Promise<number | null> {
    const days = this.options.get('LogRetentionDays');
    if (days <= 0) return null;
    let deleted: number | null = null;
    try {
      await this.lock.tryRun('log-retention', DAY * 1000, async () => void (deleted = await this.logs.deleteBefore(this.now() - days * DAY)), { keepUntilExpiry: true });
    } catch (err) {
      this.onError(err);
    }
    return deleted;
  }
}
