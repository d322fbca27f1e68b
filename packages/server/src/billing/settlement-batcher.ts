import type { Db } from '../db/database.js';
import type { NewLog } from '../db/schema.js';
import { nowSeconds } from '../platform/clock.js';
import { HoldStatus, quotaLedgerRepository as ledger } from './quota-ledger.repository.js';
import { inTransaction } from './transaction.js';
import { logsRepository } from '../logs/logs.repository.js';
import { sqliteHandleOf } from '../db/database.js';

/** What one finished request owes, with the hold it took before the call (if any). */
export interface PendingSettlement {
  requestId: string;
  userId: number;
  tokenId: number;
  tokenUnlimited: boolean;
  actualQuota: number;
  channelId: number;
  /** The pre-consumed amounts, when the request took a hold; absent for trusted requests. */
  hold?: { amount: number; tokenAmount: number };
  log?: Omit<NewLog, 'quota'> | null;
}

export interface SettlementBatcherOptions {
  /** Longest wait before a settlement is written (a group commit collects what arrives meanwhile). */
  flushMs?: number;
  /** Most settlements written in one transaction. */
  maxBatch?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
}

const HOLD_IDS_PER_STATEMENT = 500;

/**
 * Group commit for settlements: requests finish at high rates, and one transaction per request made the
 * database the relay's bottleneck. Settlements are queued and written together — holds closed in one
 * statement, balances moved once per user, token and channel by the batch's sums (atomic `col = col ± ?`
 * updates in a fixed order: tokens, users, channels, by id), consume logs inserted many rows at a time —
 * all in one transaction, so a batch is applied whole or not at all.
 *
 * Durability: a settlement is committed within `flushMs` of the answer; `drain()` (graceful shutdown)
 * writes everything pending. A hard crash can lose the settlements of that last window: their holds stay
 * 'held' and are refunded by hold reconciliation, so a user is never charged twice, only possibly not
 * charged for those few requests.
 */
export class SettlementBatcher {
  private queue: { item: PendingSettlement; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private failures = 0;
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly now: () => number;

  constructor(private readonly db: Db, private readonly options: SettlementBatcherOptions = {}) {
    this.flushMs = options.flushMs ?? 10;
    this.maxBatch = options.maxBatch ?? 500;
    this.now = options.now ?? nowSeconds;
  }

  /** Queues a settlement; resolves once it is committed. */
  enqueue(item: PendingSettlement): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.queue.length >= this.maxBatch) this.kick(0);
      else this.kick(this.flushMs);
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  /**
   * Writes everything queued (graceful shutdown, tests). Gives up after `maxFailedRounds` failed writes
   * in a row (the database is gone): the unwritten holds are then refunded by reconciliation later.
   */
  async drain(maxFailedRounds = 10): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const startFailures = this.failures;
    while ((this.queue.length > 0 || this.flushing) && this.failures - startFailures < maxFailedRounds) {
      await (this.flushing ?? this.flush());
    }
  }

  private kick(delay: number) {
    if (this.flushing) return;
    if (this.timer && delay > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delay);
  }

  private flush(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return Promise.resolve();
    this.flushing = this.write(batch.map((b) => b.item))
      .then(
        () => batch.forEach((b) => b.resolve()),
        (err) => {
          // Nothing of the batch was applied (one transaction): queue it again and retry later.
          this.failures++;
          this.options.onError?.(err);
          this.queue.unshift(...batch);
          return new Promise<void>((r) => setTimeout(r, 200));
        },
      )
      .finally(() => {
        this.flushing = undefined;
        if (this.queue.length > 0) this.kick(this.queue.length >= this.maxBatch ? 0 : this.flushMs);
      });
    return this.flushing;
  }

  private async write(items: PendingSettlement[]): Promise<void> {
    const now = this.now();
    await inTransaction(this.db, async (trx) => {
      const refundedMeanwhile = await this.closeHolds(trx, items, now);
      const tokens = new Map<number, { remain: number; used: number }>();
      const users = new Map<number, { quota: number; used: number; count: number }>();
      const channels = new Map<number, number>();
      for (const item of items) {
        const actual = item.actualQuota;
        // A hold refunded meanwhile (taken for stale) gave everything back: charge the full amount.
        const hold = item.hold && !refundedMeanwhile.has(item.requestId) ? item.hold : undefined;
        if (item.tokenId > 0) {
          const t = tokens.get(item.tokenId) ?? { remain: 0, used: 0 };
          t.remain += hold ? (hold.tokenAmount > 0 ? actual - hold.amount : 0) : item.tokenUnlimited ? 0 : actual;
          t.used += actual;
          tokens.set(item.tokenId, t);
        }
        const u = users.get(item.userId) ?? { quota: 0, used: 0, count: 0 };
        u.quota += actual - (hold?.amount ?? 0);
        u.used += actual;
        u.count += 1;
        users.set(item.userId, u);
        if (item.channelId > 0) channels.set(item.channelId, (channels.get(item.channelId) ?? 0) + actual);
      }
      for (const [id, t] of [...tokens].sort((a, b) => a[0] - b[0])) await ledger.applyTokenUsage(trx, id, t.remain, t.used, now);
      for (const [id, u] of [...users].sort((a, b) => a[0] - b[0])) await ledger.applyUserUsageBatch(trx, id, u.quota, u.used, u.count);
      for (const [id, used] of [...channels].sort((a, b) => a[0] - b[0])) await ledger.addChannelUsage(trx, id, used);
      const logs = items.filter((i) => i.log).map((i) => ({ user_id: i.userId, token_id: i.tokenId, channel_id: i.channelId, ...i.log!, quota: i.actualQuota }));
      await logsRepository.insertMany(trx, logs, sqliteHandleOf(this.db));
    });
  }

  /** Closes the batch's holds; returns the ids of holds that someone else already closed (refunded). */
  private async closeHolds(trx: Db, items: PendingSettlement[], now: number): Promise<Set<string>> {
    const ids = items.filter((i) => i.hold).map((i) => i.requestId);
    let closed = 0;
    for (let i = 0; i < ids.length; i += HOLD_IDS_PER_STATEMENT) closed += await ledger.closeHolds(trx, ids.slice(i, i + HOLD_IDS_PER_STATEMENT), HoldStatus.Settled, now);
    if (closed === ids.length) return new Set();
    const gone = new Set<string>();
    for (let i = 0; i < ids.length; i += HOLD_IDS_PER_STATEMENT) {
      for (const id of await ledger.holdsClosedAs(trx, ids.slice(i, i + HOLD_IDS_PER_STATEMENT), HoldStatus.Refunded)) gone.add(id);
    }
    return gone;
  }
}
