import { dialectOf } from '../db/dialect-helpers.js';
import type { Kysely, Selectable } from 'kysely';
import type { Database, QuotaHoldsTable } from '../db/schema.js';

type Executor = Kysely<Database>;

export type QuotaHoldRow = Selectable<QuotaHoldsTable>;
export const HoldStatus = { Held: 'held', Settled: 'settled', Refunded: 'refunded' } as const;
export type HoldStatusValue = (typeof HoldStatus)[keyof typeof HoldStatus];

const changed = (result: { numUpdatedRows: bigint } | undefined) => (result?.numUpdatedRows ?? 0n) > 0n;

/**
 * Every quota move of the gateway, each a single atomic SQL statement (`col = col ± ?`, conditional
 * where a balance must cover a debit). Nothing here reads a balance and writes it back. Callers run these
 * inside one transaction and, to rule out lock-order deadlocks between concurrent transactions, always
 * touch rows in the order hold → token → user → channel.
 */
export const quotaLedgerRepository = {
  /** Takes `amount` from a token's remaining quota if it covers it; false (and no change) otherwise. */
  async debitTokenIfCovered(db: Executor, tokenId: number, amount: number): Promise<boolean> {
    const result = await db
      .updateTable('tokens')
      .set((eb) => ({ remain_quota: eb('remain_quota', '-', amount) }))
      .where('id', '=', tokenId)
      .where('remain_quota', '>=', amount)
      .executeTakeFirst();
    return changed(result);
  },

  /** Takes `amount` from a user's quota if the quota is positive and covers it; false (and no change) otherwise. */
  async debitUserIfCovered(db: Executor, userId: number, amount: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '-', amount) }))
      .where('id', '=', userId)
      .where('quota', '>', 0)
      .where('quota', '>=', amount)
      .executeTakeFirst();
    return changed(result);
  },

  async insertHold(db: Executor, hold: QuotaHoldRow): Promise<void> {
    await db.insertInto('quota_holds').values(hold).execute();
  },

  /**
   * Moves a hold from 'held' to its final status. Only one caller can win: the conditional update is the
   * idempotency guard of settle and refund (the row lock makes concurrent attempts wait and then miss).
   */
  async closeHold(db: Executor, requestId: string, status: Exclude<HoldStatusValue, 'held'>, now: number): Promise<boolean> {
    const result = await db
      .updateTable('quota_holds')
      .set({ status, updated_at: now })
      .where('request_id', '=', requestId)
      .where('status', '=', HoldStatus.Held)
      .executeTakeFirst();
    return changed(result);
  },

  /** Closes many holds still 'held' in one statement; returns how many it closed. */
  async closeHolds(db: Executor, requestIds: readonly string[], status: Exclude<HoldStatusValue, 'held'>, now: number): Promise<number> {
    if (requestIds.length === 0) return 0;
    const result = await db
      .updateTable('quota_holds')
      .set({ status, updated_at: now })
      .where('request_id', 'in', requestIds)
      .where('status', '=', HoldStatus.Held)
      .executeTakeFirst();
    return Number(result?.numUpdatedRows ?? 0n);
  },

  /** Which of these holds are closed with `status`. */
  async holdsClosedAs(db: Executor, requestIds: readonly string[], status: Exclude<HoldStatusValue, 'held'>): Promise<string[]> {
    if (requestIds.length === 0) return [];
    const rows = await db.selectFrom('quota_holds').select('request_id').where('request_id', 'in', requestIds).where('status', '=', status).execute();
    return rows.map((r) => r.request_id);
  },

  findHold(db: Executor, requestId: string): Promise<QuotaHoldRow | undefined> {
    return db.selectFrom('quota_holds').selectAll().where('request_id', '=', requestId).executeTakeFirst();
  },

  /** Whether some request still in progress holds quota taken from this token. */
  async tokenHasOpenHold(db: Executor, tokenId: number): Promise<boolean> {
    const row = await db.selectFrom('quota_holds').select('request_id').where('status', '=', HoldStatus.Held).where('token_id', '=', tokenId).limit(1).executeTakeFirst();
    return row !== undefined;
  },

  /** Marks open holds as still in progress, so they are not taken for stale. */
  async touchHolds(db: Executor, requestIds: readonly string[], now: number): Promise<void> {
    if (requestIds.length === 0) return;
    await db
      .updateTable('quota_holds')
      .set({ updated_at: now })
      .where('request_id', 'in', requestIds)
      .where('status', '=', HoldStatus.Held)
      .execute();
  },

  async listStaleHolds(db: Executor, notUpdatedSince: number, limit: number): Promise<string[]> {
    const rows = await db
      .selectFrom('quota_holds')
      .select('request_id')
      .where('status', '=', HoldStatus.Held)
      .where('updated_at', '<', notUpdatedSince)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.request_id);
  },

  /** Deletes settled and refunded holds closed before `closedBefore`; returns how many. */
  async deleteClosedHolds(db: Executor, closedBefore: number): Promise<number> {
    const result = await db
      .deleteFrom('quota_holds')
      .where('status', 'in', [HoldStatus.Settled, HoldStatus.Refunded])
      .where('updated_at', '<', closedBefore)
      .executeTakeFirst();
    return Number(result?.numDeletedRows ?? 0n);
  },

  /**
   * Records the settlement batch `id` as applied; false when it already was. It is the batch
   * transaction's first statement, a write, so SQLite takes the write lock at once.
   */
  async claimSettlementBatch(db: Executor, id: string, now: number): Promise<boolean> {
    const insert = db.insertInto('settlement_batches').values({ id, created_at: now });
    const q = dialectOf(db) === 'mysql' ? insert.ignore() : insert.onConflict((oc) => oc.column('id').doNothing());
    const result = await q.executeTakeFirst();
    return Number(result?.numInsertedOrUpdatedRows ?? 0n) > 0;
  },

  /** Forgets applied batch ids recorded before `before` (no batch is retried that late). */
  async deleteSettlementBatches(db: Executor, before: number): Promise<number> {
    const result = await db.deleteFrom('settlement_batches').where('created_at', '<', before).executeTakeFirst();
    return Number(result?.numDeletedRows ?? 0n);
  },

  /** Settlement of a token: remain_quota −= remainDelta (may be negative = credit), used_quota += used. */
  async applyTokenUsage(db: Executor, tokenId: number, remainDelta: number, used: number, now: number): Promise<void> {
    await db
      .updateTable('tokens')
      .set((eb) => ({
        remain_quota: eb('remain_quota', '-', remainDelta),
        used_quota: eb('used_quota', '+', used),
        accessed_time: now,
      }))
      .where('id', '=', tokenId)
      .execute();
  },

  /**
   * Adds spending to a token's or user's period that starts at `windowStart`: to what it spent in that period, or
   * from nothing when the stored spending belongs to an earlier one. Spending of a period already over
   * (a late batch of another process, written after the next period began) changes nothing. One atomic
   * update; `budget_used` is set first, reading the stored period (MySQL applies assignments in order).
   */
  async addBudgetSpending(db: Executor, table: 'tokens' | 'users', id: number, windowStart: number, spent: number): Promise<void> {
    await db
      .updateTable(table)
      .set((eb) => ({
        budget_used: eb
          .case()
          .when('budget_window', '=', windowStart)
          .then(eb('budget_used', '+', spent))
          .when('budget_window', '<', windowStart)
          .then(spent)
          .else(eb.ref('budget_used'))
          .end(),
        budget_window: eb.case().when('budget_window', '<', windowStart).then(windowStart).else(eb.ref('budget_window')).end(),
      }))
      .where('id', '=', id)
      .execute();
  },

  /** Settlement of a user: quota −= quotaDelta (may go below 0: overdraft after the fact), used_quota += used, one more request. */
  async applyUserUsage(db: Executor, userId: number, quotaDelta: number, used: number): Promise<void> {
    await quotaLedgerRepository.applyUserUsageBatch(db, userId, quotaDelta, used, 1);
  },

  /** Settlement of several requests of one user at once: the sums of applyUserUsage. */
  async applyUserUsageBatch(db: Executor, userId: number, quotaDelta: number, used: number, requests: number): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({
        quota: eb('quota', '-', quotaDelta),
        used_quota: eb('used_quota', '+', used),
        request_count: eb('request_count', '+', requests),
      }))
      .where('id', '=', userId)
      .execute();
  },

  async addChannelUsage(db: Executor, channelId: number, used: number): Promise<void> {
    await db
      .updateTable('channels')
      .set((eb) => ({ used_quota: eb('used_quota', '+', used) }))
      .where('id', '=', channelId)
      .execute();
  },

  async creditToken(db: Executor, tokenId: number, amount: number): Promise<void> {
    await db
      .updateTable('tokens')
      .set((eb) => ({ remain_quota: eb('remain_quota', '+', amount) }))
      .where('id', '=', tokenId)
      .execute();
  },

  async creditUser(db: Executor, userId: number, amount: number): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', amount) }))
      .where('id', '=', userId)
      .execute();
  },
};
