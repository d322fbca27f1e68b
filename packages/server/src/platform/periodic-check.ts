/**
 * A check that runs every `checkEveryMs` in the background (the timer never keeps the process alive).
 * Subclasses decide in `tick()` whether there is anything to do, usually under a job lock.
 */
export abstract class PeriodicCheck {
  private timer: NodeJS.Timeout | undefined;

  abstract tick(): Promise<unknown>;

  start(checkEveryMs: number): void {
    this.stop();
    this.timer = setInterval(() => void this.tick(), checkEveryMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
