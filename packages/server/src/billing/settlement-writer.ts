import type { Db } from '../db/database.js';
import { sqliteHandleOf } from '../db/database.js';
import { logsRepository } from '../logs/logs.repository.js';
import { HoldStatus, quotaLedgerRepository as ledger } from './quota-ledger.repository.js';
import { subscriptionLedger } from './subscription-ledger.js';
import { inTransaction } from './transaction.js';
import { budgetWindow } from './spending-limit.js';
import type { PendingSettlement } from './settlement-batcher.js';

const HOLD_IDS_PER_STATEMENT = 500;

/** Settlements written together under one id; writing the same batch again changes nothing. */
export interface SettlementBatch {
  id: string;
  items: PendingSettlement[];
}

/**
 * Writes one batch of settlements in one transaction: holds closed in one statement, balances moved
 * once per user, token, subscription and channel by the batch's sums (atomic `col = col ± ?` updates in a
 * fixed order: tokens, subscriptions, users, channels, by id), consume logs inserted many rows at a time, and the batch's id
 * recorded first. Applied whole or not at all, and at most once: a batch whose id is recorded is skipped.
 */
export async function writeSettlements(db: Db, batch: SettlementBatch, now: number): Promise<void> {
  const items = batch.items;
  await inTransaction(db, async (trx) => {
    if (!(await ledger.claimSettlementBatch(trx, batch.id, now))) return;
    const refundedMeanwhile = await closeHolds(trx, items, now);
    const tokens = new Map<number, { remain: number; used: number }>();
    const tokenBudgets = new PeriodSpending();
    const userBudgets = new PeriodSpending();
    const users = new Map<number, { quota: number; used: number; count: number }>();
    const channels = new Map<number, number>();
    const subscriptions = new Map<number, number>();
    for (const item of items) {
      const actual = item.actualQuota;
      // A hold refunded meanwhile (taken for stale) gave everything back: charge the full amount.
      const hold = item.hold && !refundedMeanwhile.has(item.requestId) ? item.hold : undefined;
      if (item.tokenId > 0) {
        const t = tokens.get(item.tokenId) ?? { remain: 0, used: 0 };
        t.remain += hold ? (hold.tokenAmount > 0 ? actual - hold.amount : 0) : item.tokenUnlimited ? 0 : actual;
        t.used += actual;
        tokens.set(item.tokenId, t);
        if (item.budgetPeriod) tokenBudgets.add(item.tokenId, budgetWindow(item.budgetPeriod, item.settledAt ?? now).start, actual);
      }
      if (item.userBudgetPeriod) userBudgets.add(item.userId, budgetWindow(item.userBudgetPeriod, item.settledAt ?? now).start, actual);
      const u = users.get(item.userId) ?? { quota: 0, used: 0, count: 0 };
      // A subscription's hold is settled on its budget (refunded meanwhile: charged to it in full).
      const subscriptionId = item.hold?.subscription?.subscriptionId ?? 0;
      if (subscriptionId > 0) subscriptions.set(subscriptionId, (subscriptions.get(subscriptionId) ?? 0) + actual - (hold?.amount ?? 0));
      else u.quota += actual - (hold?.amount ?? 0);
      u.used += actual;
      u.count += 1;
      users.set(item.userId, u);
      if (item.channelId > 0) channels.set(item.channelId, (channels.get(item.channelId) ?? 0) + actual);
    }
    for (const [id, t] of [...tokens].sort((a, b) => a[0] - b[0])) {
      await ledger.applyTokenUsage(trx, id, t.remain, t.used, now);
      for (const [start, spent] of tokenBudgets.periodsOf(id)) await ledger.addBudgetSpending(trx, 'tokens', id, start, spent);
    }
    for (const [id, delta] of [...subscriptions].sort((a, b) => a[0] - b[0])) await subscriptionLedger.applyUsage(trx, id, delta);
    for (const [id, u] of [...users].sort((a, b) => a[0] - b[0])) {
      await ledger.applyUserUsageBatch(trx, id, u.quota, u.used, u.count);
      for (const [start, spent] of userBudgets.periodsOf(id)) await ledger.addBudgetSpending(trx, 'users', id, start, spent);
    }
    for (const [id, used] of [...channels].sort((a, b) => a[0] - b[0])) await ledger.addChannelUsage(trx, id, used);
    const logs = items
      .filter((i) => i.log)
      .map((i) => ({ user_id: i.userId, token_id: i.tokenId, channel_id: i.channelId, ...i.log!, created_at: i.log!.created_at ?? i.settledAt ?? now, quota: i.actualQuota }));
    await logsRepository.insertMany(trx, logs, sqliteHandleOf(db));
  });
}

/** What each token or user with a spending limit spent in a batch, per period (the start of the period → quota). */
class PeriodSpending {
  private readonly byId = new Map<number, Map<number, number>>();

  add(id: number, periodStart: number, amount: number): void {
    let spent = this.byId.get(id);
    if (!spent) this.byId.set(id, (spent = new Map()));
    spent.set(periodStart, (spent.get(periodStart) ?? 0) + amount);
  }

  /** Periods in order: a batch that straddles the turn of one counts the old period, then starts the new. */
  periodsOf(id: number): [number, number][] {
    return [...(this.byId.get(id) ?? [])].sort((a, b) => a[0] - b[0]);
  }
}

/** Closes the batch's holds; returns the ids of holds that someone else already closed (refunded). */
async function closeHolds(trx: Db, items: PendingSettlement[], now: number): Promise<Set<string>> {
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
