import type { JobLock } from '../../platform/cluster/job-lock.js';
import { pollDrawingTasks } from '../midjourney/mj-poller.js';
import { pollSunoTasks } from '../suno/suno-poller.js';
import type { TaskDeps } from '../task-deps.js';
import { pollVideoTasks } from '../video/video-poller.js';
import { failStuckTasks } from './task-timeouts.js';

export interface TaskPollerOptions {
  /** Time between rounds (new-api: 15 s). */
  intervalMs?: number;
  /** Most unfinished tasks read per platform and round (new-api's TASK_QUERY_LIMIT). */
  batchLimit?: number;
}

const LOCK_NAME = 'task-polling';
/** The lock outlives the longest round: every upstream call has a 60 s limit and rounds are batched. */
const LOCK_TTL_MS = 10 * 60_000;

/**
 * The background worker that brings asynchronous tasks to their end: every interval it fails and
 * refunds tasks past TaskTimeoutMinutes, then polls Midjourney, Suno and video upstreams. Rounds run
 * under the site-wide job lock, so with several processes or nodes exactly one polls at a time (and a
 * slave node never does); a round of one platform failing does not stop the others.
 */
export class TaskPoller {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<unknown> | undefined;
  private readonly intervalMs: number;
  private readonly batchLimit: number;

  constructor(private readonly deps: TaskDeps, private readonly lock: JobLock, options: TaskPollerOptions = {}) {
    this.intervalMs = options.intervalMs ?? 15_000;
    this.batchLimit = options.batchLimit ?? 1000;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.round ??= this.tick().finally(() => (this.round = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  /** One round under the job lock; false when another process holds it. */
  tick(): Promise<boolean> {
    return this.lock.tryRun(LOCK_NAME, LOCK_TTL_MS, () => this.pollAll()).catch((err: unknown) => {
      this.deps.log.error({ err }, 'task polling round failed');
      return false;
    });
  }

  /** One round without the lock (the lock's holder runs this; tests call it to race two pollers). */
  async pollAll(): Promise<void> {
    const steps: [string, () => Promise<unknown>][] = [
      ['timeouts', () => failStuckTasks(this.deps, this.batchLimit)],
      ['midjourney', () => pollDrawingTasks(this.deps, this.batchLimit)],
      ['suno', () => pollSunoTasks(this.deps, this.batchLimit)],
      ['video', () => pollVideoTasks(this.deps, this.batchLimit)],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        this.deps.log.error({ err, step: name }, 'task polling step failed');
      }
    }
  }

  /** Stops the timer and waits for a round in progress (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.round;
  }
}
