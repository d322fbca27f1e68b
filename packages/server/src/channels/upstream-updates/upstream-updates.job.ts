import type { JobLock } from '../../platform/cluster/job-lock.js';
import { PeriodicCheck } from '../../platform/periodic-check.js';
import type { PeriodicCheckSummary } from './upstream-updates.service.js';

/** new-api's default interval of the upstream model check. */
export const UPSTREAM_CHECK_INTERVAL_MS = 30 * 60_000;

/**
 * The periodic upstream model check (new-api's background task): every process looks each minute; the
 * job lock is kept for the whole interval, so one process of the site runs it once per interval, and
 * none on a slave node. Only channels whose setting turns checks on are looked at, so the job does
 * nothing until an administrator asks for it.
 */
export class UpstreamUpdatesJob extends PeriodicCheck {
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly updates: { runPeriodic(): Promise<PeriodicCheckSummary> },
    private readonly lock: JobLock,
    private readonly intervalMs = UPSTREAM_CHECK_INTERVAL_MS,
    private readonly onError: (err: unknown) => void = (err) => console.error('upstream model check failed', err),
  ) {
    super();
  }

  override start(checkEveryMs = 60_000): void {
    super.start(checkEveryMs);
  }

  /** One look: runs the check when no process of the site ran it within the interval. Answers the run's summary, or null. */
  async tick(): Promise<PeriodicCheckSummary | null> {
    if (this.running) return null;
    let summary: PeriodicCheckSummary | null = null;
    const run = this.lock
      .tryRun('channel-upstream-model-check', this.intervalMs, async () => void (summary = await this.updates.runPeriodic()), { keepUntilExpiry: true })
      .catch((err) => this.onError(err));
    this.running = run;
    try {
      await run;
    } finally {
      this.running = undefined;
    }
    return summary;
  }
}
