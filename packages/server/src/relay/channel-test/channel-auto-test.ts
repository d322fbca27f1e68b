import type { OptionsService } from '../../options/options.service.js';
import { PeriodicCheck } from '../../platform/periodic-check.js';
import type { JobLock } from '../../platform/cluster/job-lock.js';

/** The system user id recorded as the actor of automatic tests. */
const SYSTEM_ACTOR = 0;

/**
 * Tests every channel every `monitor_setting.auto_test_channel_minutes` when
 * `monitor_setting.auto_test_channel_enabled` is on (new-api's monitor setting). Every process checks
 * each minute; the job lock is kept for the whole interval, so one process of the site runs it once per
 * interval — and none on a slave node. Failing tests disable channels through the tester's usual rules.
 */
export class ChannelAutoTest extends PeriodicCheck {
  private running: Promise<unknown> | undefined;

  constructor(
    private readonly tester: { testAll(actorId: number): Promise<{ tested: number; failed: number }> },
    private readonly options: OptionsService,
    private readonly lock: JobLock,
    private readonly onError: (err: unknown) => void = (err) => console.error('automatic channel test failed', err),
  ) {
    super();
  }

  override start(checkEveryMs = 60_000): void {
    super.start(checkEveryMs);
  }

  /** One check: runs the tests if they are on, due, and no other process has them. Answers whether it ran them. */
  async tick(): Promise<boolean> {
    if (this.running || !this.options.get('monitor_setting.auto_test_channel_enabled')) return false;
    const intervalMs = this.options.get('monitor_setting.auto_test_channel_minutes') * 60_000;
    const run = this.lock.tryRun('channel-auto-test', intervalMs, async () => void (await this.tester.testAll(SYSTEM_ACTOR)), { keepUntilExpiry: true }).catch((err) => {
      this.onError(err);
      return false;
    });
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = undefined;
    }
  }
}
