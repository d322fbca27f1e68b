import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect-helpers.js';
import { inTransaction } from '../billing/transaction.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository, type IdRange, type LogFilter } from './logs.repository.js';
import { logAggregatesRepository, type HourCount } from './log-aggregates.repository.js';
import { LogType } from './log-types.js';

const WATERMARK = 'log_counts';
const HOUR = 3600;

/**
 * The highest log id a running aggregate may fold in now, given it has folded up to `afterId`: never a
 * log younger than `settleSeconds` nor anything after it. A log's id is taken when its transaction
 * inserts it but it becomes visible only at commit, so a lower id can appear after a higher one; by the
 * time a log is that old every transaction that took a lower id has long committed, and a watermark
 * never passes a row that could still appear below it. At most `chunk` logs are covered when given.
 */
export async function settledLogBound(db: Db, afterId: number, cutoff: number, chunk?: number): Promise<number> {
  const firstYoung = await logsRepository.firstIdSince(db, afterId, cutoff);
  let upTo = firstYoung !== undefined ? firstYoung - 1 : await logsRepository.maxId(db);
  if (chunk !== undefined) {
    const chunkEnd = await logsRepository.nthIdAfter(db, afterId, chunk);
    if (chunkEnd !== undefined) upTo = Math.min(upTo, chunkEnd);
  }
  return upTo;
}

export interface LogCountersOptions {
  now?: () => number;
  /** Logs younger than this are left to the live part of the count (see settledLogBound). */
  settleSeconds?: number;
  /** A read that finds this many logs past the watermark moves it forward (in the background). */
  advanceAfter?: number;
  /** Logs folded per transaction, so a backlog never holds the watermark lock for long. */
  chunk?: number;
  onError?: (err: unknown) => void;
}

/** What the counters can answer: a type (or all), and an inclusive time range in unix seconds (either end open). */
export interface CounterFilter {
  type?: number;
  start?: number;
  end?: number;
}

/**
 * Exact totals of the logs by type and time without counting the table row by row. Table `log_counts`
 * holds count and quota per type and hour for every log up to a watermark id. A read, in one snapshot:
 * the stored hours wholly inside the range, plus the logs past the watermark in those hours (a short
 * primary-key range), plus the logs of the partial hours at the range's ends (at most two hours of an
 * index). Reads that find many logs past the watermark move it forward in the background, under the
 * watermark's row lock. The log clean-up deletes through `deleteOlderThan`, which takes the removed rows
 * off the stored counts in the same transaction; rows removed any other way (by hand in SQL) are not seen.
 */
export class LogCounters {
  private readonly now: () => number;
  private readonly settleSeconds: number;
  private readonly advanceAfter: number;
  private readonly chunk: number;
  private readonly onError: (err: unknown) => void;
  private advancing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    opts: LogCountersOptions = {},
  ) {
    this.now = opts.now ?? nowSeconds;
    this.settleSeconds = opts.settleSeconds ?? 120;
    this.advanceAfter = opts.advanceAfter ?? 10_000;
    this.chunk = opts.chunk ?? 50_000;
    this.onError = opts.onError ?? ((err) => console.error('log counters: advancing failed', err));
  }

  /** How many logs match: of one type or all, in a time range or all time. */
  count(f: CounterFilter = {}): Promise<number> {
    return this.measure(f, {
      stored: (c) => c.count,
      logs: (db, filter, range) => logsRepository.count(db, filter, range),
      countsRows: true,
    });
  }

  /** The quota of the consume logs in a time range (the stat). */
  consumeQuota(f: Omit<CounterFilter, 'type'> = {}): Promise<number> {
    return this.measure({ ...f, type: LogType.Consume }, {
      stored: (c) => c.quota,
      logs: (db, filter, range) => logsRepository.consumeQuota(db, filter, range),
      countsRows: false,
    });
  }

  /**
   * One snapshot: the stored hours wholly inside the range, the logs past the watermark in those hours,
   * and the logs of the partial hours at the ends. Each part reads only what it measures, so the log
   * parts stay index-only. A row count that finds many logs past the watermark moves it forward.
   */
  private async measure(
    f: CounterFilter,
    how: { stored: (c: { count: number; quota: number }) => number; logs: (db: Db, filter: LogFilter, range: IdRange) => Promise<number>; countsRows: boolean },
  ): Promise<number> {
    const { start, end, type } = f;
    if (start !== undefined && end !== undefined && start > end) return 0;
    const fromHour = start === undefined ? undefined : Math.ceil(start / HOUR) * HOUR;
    const toHour = end === undefined ? undefined : Math.floor((end + 1) / HOUR) * HOUR - HOUR;
    const wholeHours = fromHour === undefined || toHour === undefined || fromHour <= toHour;
    const edges: [number, number][] = [];
    if (!wholeHours) edges.push([start!, end!]);
    else {
      if (start !== undefined && start < fromHour!) edges.push([start, fromHour! - 1]);
      if (end !== undefined && end > toHour! + HOUR - 1) edges.push([toHour! + HOUR, end]);
    }
    const tx = this.db.transaction();
    const { total, pending } = await (dialectOf(this.db) === 'sqlite' ? tx : tx.setIsolationLevel('repeatable read')).execute(async (trx) => {
      let sum = 0;
      for (const [from, to] of edges) sum += await how.logs(trx, { type, start: from, end: to }, {});
      if (!wholeHours) return { total: sum, pending: 0 };
      const lastId = await logAggregatesRepository.readWatermark(trx, WATERMARK);
      sum += how.stored(await logAggregatesRepository.sumCounts(trx, { type, fromHour, toHour }));
      const span = { type, start: fromHour, end: toHour === undefined ? undefined : toHour + HOUR - 1 };
      const recent = await how.logs(trx, span, { afterId: lastId });
      return { total: sum + recent, pending: how.countsRows ? recent : 0 };
    });
    if (pending >= this.advanceAfter) this.advanceInBackground();
    return total;
  }

  /** Folds every settled log past the watermark into the stored counts, a chunk per transaction. */
  async advance(): Promise<void> {
    while (await this.advanceChunk()) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Also advances every `intervalMs` (so a long quiet spell never leaves a big backlog for a reader); the timer never keeps the process alive. */
  start(intervalMs = 60_000): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.advanceInBackground(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for an advance in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.advancing;
  }

  private advanceChunk(): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const last = await logAggregatesRepository.lockWatermark(trx, WATERMARK);
      const upTo = await settledLogBound(trx, last, this.now() - this.settleSeconds, this.chunk);
      if (upTo <= last) return false;
      await logAggregatesRepository.addCounts(trx, await logsRepository.countsByHour(trx, { afterId: last, upToId: upTo }));
      await logAggregatesRepository.setWatermark(trx, WATERMARK, upTo, this.now());
      return true;
    });
  }

  /**
   * Deletes up to `batch` logs created before `before` in one transaction, taking those at or below the
   * watermark off the stored counts. Answers how many were deleted.
   */
  deleteOlderThan(before: number, batch: number): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const last = await logAggregatesRepository.lockWatermark(trx, WATERMARK);
      const rows = await logsRepository.findOlderThan(trx, before, batch);
      const counted = new Map<string, HourCount>();
      for (const r of rows) {
        if (r.id > last) continue;
        const hour = r.created_at - (r.created_at % HOUR);
        const key = `${r.type}:${hour}`;
        const c = counted.get(key) ?? { type: r.type, hour, count: 0, quota: 0 };
        c.count -= 1;
        c.quota -= Number(r.quota);
        counted.set(key, c);
      }
      const deleted = await logsRepository.deleteByIds(trx, rows.map((r) => r.id));
      await logAggregatesRepository.addCounts(trx, [...counted.values()]);
      return deleted;
    });
  }

  private advanceInBackground(): void {
    if (this.advancing) return;
    this.advancing = this.advance()
      .catch((err) => this.onError(err))
      .finally(() => {
        this.advancing = undefined;
      });
  }
}
