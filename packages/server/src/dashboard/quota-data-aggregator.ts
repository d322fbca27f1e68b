import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { inTransaction } from '../billing/transaction.js';
import { nowSeconds } from '../platform/clock.js';
import { quotaDataRepository } from './quota-data.repository.js';
import { logAggregatesRepository } from '../logs/log-aggregates.repository.js';
import { settledLogBound } from '../logs/log-counters.js';
import type { JobLock } from '../platform/cluster/job-lock.js';

const WATERMARK = 'quota_data';

export interface QuotaDataAggregatorOptions {
  now?: () => number;
  /** Logs younger than this many seconds are left for the next run (see settledLogBound). */
  settleSeconds?: number;
  /** Logs folded per transaction, so a backlog never holds locks for long. */
  chunk?: number;
  onError?: (err: unknown) => void;
  /** Length of a DataExportInterval minute in ms (tests shorten it). */
  minuteMs?: number;
  /** Runs the periodic fold in one process of the site at a time (never on a slave node). */
  lock?: JobLock;
}

/**
 * Folds consume logs into the hourly quota_data table (the data dashboard). Each step runs in one
 * transaction: lock the watermark row (the highest log id already folded), fold the logs after it with
 * one upsert, move the watermark. A second run — on this node or another — waits for the lock and then
 * starts from the moved watermark, so no log is ever counted twice. `start()` runs it every
 * DataExportInterval minutes while DataExportEnabled is on; a run after the option was off catches up
 * on the logs written meanwhile (those still present).
 */
export class QuotaDataAggregator {
  private readonly now: () => number;
  private readonly settleSeconds: number;
  private readonly chunk: number;
  private readonly onError: (err: unknown) => void;
  private readonly minuteMs: number;
  private readonly lock: JobLock | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    opts: QuotaDataAggregatorOptions = {},
  ) {
    this.now = opts.now ?? nowSeconds;
    this.settleSeconds = opts.settleSeconds ?? 60;
    this.chunk = opts.chunk ?? 20_000;
    this.onError = opts.onError ?? ((err) => console.error('quota data aggregation failed', err));
    this.minuteMs = opts.minuteMs ?? 60_000;
    this.lock = opts.lock;
  }

  /** Folds every settled log not yet folded; answers how many log ids the watermark moved over. */
  async aggregateOnce(): Promise<number> {
    let moved = 0;
    for (;;) {
      const step = await this.foldStep();
      if (step === 0) return moved;
      moved += step;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Starts the periodic run (the timer never keeps the process alive). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    const minutes = Math.max(1, this.options.get('DataExportInterval'));
    this.timer = setTimeout(() => void this.tick(), minutes * this.minuteMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.options.get('DataExportEnabled')) {
      const ttl = Math.max(1, this.options.get('DataExportInterval')) * this.minuteMs;
      this.running = this.lock ? this.lock.tryRun('quota-data', ttl, async () => void (await this.aggregateOnce())).then(() => 0) : this.aggregateOnce();
      try {
        await this.running;
      } catch (err) {
        this.onError(err);
      } finally {
        this.running = undefined;
      }
    }
    this.schedule();
  }

  /** One transaction: fold the next chunk of settled logs. Answers how far the watermark moved (0 = caught up). */
  private foldStep(): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const last = await logAggregatesRepository.lockWatermark(trx, WATERMARK);
      const upTo = await settledLogBound(trx, last, this.now() - this.settleSeconds, this.chunk);
      if (upTo <= last) return 0;
      await quotaDataRepository.foldConsumeLogs(trx, last, upTo);
      await logAggregatesRepository.setWatermark(trx, WATERMARK, upTo, this.now());
      return upTo - last;
    });
  }
}
