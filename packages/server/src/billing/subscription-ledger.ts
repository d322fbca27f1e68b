import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { resetWindow } from '../subscriptions/subscription-periods.js';

type Executor = Kysely<Database>;

/** A subscription that can pay for a request now: active, not ended, with its plan's title. */
export interface PayingSubscription {
  id: number;
  plan_id: number;
  plan_title: string;
  amount_total: number;
  amount_used: number;
  start_time: number;
  next_reset_time: number;
  quota_reset_period: string;
  quota_reset_custom_seconds: number;
}

const changed = (result: { numUpdatedRows: bigint } | undefined) => (result?.numUpdatedRows ?? 0n) > 0n;

/**
 * Subscription budgets' quota moves, each one atomic statement like the wallet's (quota-ledger.repository.ts).
 * In the ledger's lock order a subscription row comes after the token and before the user.
 */
export const subscriptionLedger = {
  /** The user's subscriptions that may pay now, the one ending soonest first (use what expires first). */
  payingSubscriptions(db: Executor, userId: number, now: number): Promise<PayingSubscription[]> {
    return db
      .selectFrom('user_subscriptions as s')
      .leftJoin('subscription_plans as p', 'p.id', 's.plan_id')
      .select([
        's.id', 's.plan_id', 's.amount_total', 's.amount_used', 's.start_time', 's.next_reset_time', 's.quota_reset_period', 's.quota_reset_custom_seconds',
        sql<string>`coalesce(${sql.ref('p.title')}, '')`.as('plan_title'),
      ])
      .where('s.user_id', '=', userId)
      .where('s.status', '=', 'active')
      .where('s.end_time', '>', now)
      .orderBy('s.end_time')
      .orderBy('s.id')
      .execute() as Promise<PayingSubscription[]>;
  },

  /**
   * Starts a new budget window when the reset time has come: used goes back to 0. Only the first of
   * concurrent callers resets (the row's old reset time is the guard); returns the row as it now is.
   */
  async resetIfDue(db: Executor, sub: PayingSubscription, now: number): Promise<PayingSubscription> {
    if (sub.next_reset_time <= 0 || sub.next_reset_time > now) return sub;
    const window = resetWindow(sub.start_time, now, sub.quota_reset_period, sub.quota_reset_custom_seconds);
    const result = await db
      .updateTable('user_subscriptions')
      .set({ amount_used: 0, last_reset_time: window.start, next_reset_time: window.next, updated_at: now })
      .where('id', '=', sub.id)
      .where('next_reset_time', '=', sub.next_reset_time)
      .executeTakeFirst();
    return changed(result) ? { ...sub, amount_used: 0, next_reset_time: window.next } : sub;
  },

  /** Takes `amount` from an active subscription's budget if it covers it (an unlimited budget always does). */
  async debitIfCovered(db: Executor, subscriptionId: number, amount: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('user_subscriptions')
      .set((eb) => ({ amount_used: eb('amount_used', '+', amount) }))
      .where('id', '=', subscriptionId)
      .where('status', '=', 'active')
      .where('end_time', '>', now)
      .where((eb) => eb.or([eb('amount_total', '=', 0), eb(eb('amount_used', '+', amount), '<=', eb.ref('amount_total'))]))
      .executeTakeFirst();
    return changed(result);
  },

  /**
   * Moves a budget's use by `delta` (settlement's difference to the hold, or a refund's negative amount).
   * Never below 0: a refund after the budget was reset gives back only what the new window used.
   */
  async applyUsage(db: Executor, subscriptionId: number, delta: number): Promise<void> {
    if (delta === 0) return;
    const used = sql.ref('amount_used');
    await db
      .updateTable('user_subscriptions')
      .set({ amount_used: sql<number>`case when ${used} + ${delta} < 0 then 0 else ${used} + ${delta} end` })
      .where('id', '=', subscriptionId)
      .execute();
  },
};
