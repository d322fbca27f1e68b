import type { LogListQuery, LogStat, LogView, PageParams } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository, type IdRange, type LogCursor, type LogFilter } from './logs.repository.js';
import { toLogView } from './log-view.js';
import { CSV_HEADER, logCsvLine } from './log-csv.js';
import { RunningTotals, type TotalSource } from './running-totals.js';
import { LogCounters } from './log-counters.js';

/** Whose logs a call reads: every user's (admin endpoints) or one user's own (self endpoints). */
export type LogScope = { all: true } | { all: false; userId: number };

export interface LogsServiceOptions {
  now?: () => number;
  /** Rows per keyset read of the CSV export. */
  exportChunk?: number;
  /** Rows per DELETE statement when clearing old logs. */
  deleteBatch?: number;
  /** How long a remembered total is trusted before it is counted again in full (ms). */
  totalsMaxAgeMs?: number;
}

/** Requests and tokens of the last this-many seconds make the stat's rpm and tpm. */
const RECENT_SECONDS = 60;

/**
 * Usage logs: filtered pages, stat badges, CSV export and clean-up. Admin scopes see every user and the
 * admin-only fields; self scopes are pinned to the caller whatever the query says.
 */
export class LogsService {
  private readonly now: () => number;
  private readonly exportChunk: number;
  private readonly deleteBatch: number;
  /** Totals and sums are remembered per filter and topped up with the rows added since (running-totals.ts). */
  private readonly totals: RunningTotals;
  /** Exact totals by type and time, for the views filtered by nothing else (log-counters.ts). */
  readonly counters: LogCounters;

  constructor(private readonly db: Db, opts: LogsServiceOptions = {}) {
    this.now = opts.now ?? nowSeconds;
    this.exportChunk = opts.exportChunk ?? 1000;
    this.deleteBatch = opts.deleteBatch ?? 1000;
    this.totals = new RunningTotals({ maxAgeMs: opts.totalsMaxAgeMs ?? 60_000 });
    this.counters = new LogCounters(db, { now: this.now });
  }

  async list(scope: LogScope, query: LogListQuery, page: PageParams): Promise<{ items: LogView[]; total: number }> {
    return this.page(scope, filterOf(scope, query), page);
  }

  /** new-api's keyword search (see LogFilter.keyword), as a page like the list; '' lists everything. */
  async search(scope: LogScope, keyword: string, page: PageParams): Promise<{ items: LogView[]; total: number }> {
    return this.page(scope, { userId: scope.all ? undefined : scope.userId, keyword: keyword || undefined }, page);
  }

  private async page(scope: LogScope, filter: LogFilter, page: PageParams): Promise<{ items: LogView[]; total: number }> {
    const [rows, total] = await Promise.all([
      logsRepository.list(this.db, filter, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize }),
      isTypeAndTime(filter)
        ? this.counters.count(filter)
        : this.totals.get(`count:${JSON.stringify(filter)}`, this.source(async (db, range) => [await logsRepository.count(db, filter, range)])).then((t) => t[0]),
    ]);
    return { items: rows.map((r) => toLogView(r, scope.all)), total };
  }

  /**
   * Quota of the consume logs matching the filters (any `type` filter is ignored), and the number of
   * consume requests and their tokens in the last 60 seconds (time filters do not apply to those).
   */
  async stat(scope: LogScope, query: LogListQuery): Promise<LogStat> {
    const filter = filterOf(scope, query);
    const recentFilter = { ...filter, start: this.now() - RECENT_SECONDS, end: undefined };
    const consume = { ...filter, type: undefined };
    const [quota, recent] = await Promise.all([
      isTypeAndTime(consume)
        ? this.counters.consumeQuota(consume)
        : this.totals.get(`quota:${JSON.stringify(consume)}`, this.source(async (db, range) => [await logsRepository.consumeQuota(db, filter, range)])).then((t) => t[0]),
      logsRepository.consumeSums(this.db, recentFilter),
    ]);
    return { quota, rpm: recent.count, tpm: recent.tokens };
  }

  /**
   * The filtered logs as CSV, produced chunk by chunk: each chunk is one keyset read of `exportChunk`
   * rows continuing after the last row of the previous one, so memory stays flat however many rows
   * match, and rows added meanwhile (newer than the first) never shift the pages.
   */
  async *exportCsv(scope: LogScope, query: LogListQuery): AsyncGenerator<string> {
    const filter = filterOf(scope, query);
    yield CSV_HEADER;
    let cursor: LogCursor | null = null;
    for (;;) {
      const rows = await logsRepository.listAfter(this.db, filter, cursor, this.exportChunk);
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) chunk += logCsvLine(toLogView(row, scope.all));
      yield chunk;
      if (rows.length < this.exportChunk) return;
      const last = rows[rows.length - 1];
      cursor = { createdAt: last.created_at, id: last.id };
    }
  }

  /**
   * Deletes every log created before `before` (unix seconds), batch by batch; answers how many went.
   * `afterBatch` hears the running count after each
   * one (a throw from it stops the deletion there, what was deleted staying deleted).
   */
  async deleteBefore(before: number, afterBatch?: (deletedSoFar: number) => Promise<void>): Promise<number> {
    let deleted = 0;
    try {
      for (;;) {
        const n = await this.counters.deleteOlderThan(before, this.deleteBatch);
        deleted += n;
        if (n < this.deleteBatch) return deleted;
        await afterBatch?.(deleted);
        // Let other work (the relay's settlements on SQLite's single connection) in between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      this.totals.clear();
    }
  }

  /**
   * A total's source: the base reads the highest id and the values in one snapshot (a repeatable-read
   * transaction; SQLite's transaction holds its only connection), so rows committed in between are
   * neither missed nor counted again by the next delta. No id bound in the base query keeps it
   * index-only.
   */
  private source(values: (db: Db, range: IdRange) => Promise<number[]>): TotalSource {
    return {
      base: () => {
        const tx = this.db.transaction();
        return (dialectOf(this.db) === 'sqlite' ? tx : tx.setIsolationLevel('repeatable read')).execute(async (trx) => {
          const maxId = await logsRepository.maxId(trx);
          return { maxId, values: await values(trx, {}) };
        });
      },
      delta: (afterId) => values(this.db, { afterId }),
    };
  }
}

/** True when a filter selects by type and time at most: the hourly per-type counters answer those. */
function isTypeAndTime(f: LogFilter): boolean {
  return Object.entries(f).every(([key, value]) => key === 'type' || key === 'start' || key === 'end' || value === undefined);
}

function filterOf(scope: LogScope, q: LogListQuery): LogFilter {
  return {
    userId: scope.all ? undefined : scope.userId,
    type: q.type || undefined,
    username: scope.all ? q.username || undefined : undefined,
    tokenName: q.token_name || undefined,
    modelName: q.model_name || undefined,
    start: q.start_timestamp || undefined,
    end: q.end_timestamp || undefined,
    channelId: scope.all ? q.channel || undefined : undefined,
    group: q.group || undefined,
    requestId: q.request_id || undefined,
    content: q.description || undefined,
  };
}
