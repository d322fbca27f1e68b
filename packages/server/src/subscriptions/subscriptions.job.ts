import type { JobLock } from '../platform/cluster/job-lock.js';
import { PeriodicCheck } from '../platform/periodic-check.js';
import type { SubscriptionsService } from './subscriptions.service.js';

/** Every minute, in one process of the site: subscriptions whose end came expire, due budgets reset. */
export class SubscriptionsJob extends PeriodicCheck {
  constructor(private readonly subscriptions: SubscriptionsService, private readonly lock: JobLock, private readonly onError: (err: unknown) => void) {
    super();
  }

  async tick(): Promise<void> {
    try {
      await this.lock.tryRun('subscriptions', 5 * 60_000, async () => {
        await this.subscriptions.runMaintenance();
      });
    } catch (err) {
      this.onError(err);
    }
  }
}
