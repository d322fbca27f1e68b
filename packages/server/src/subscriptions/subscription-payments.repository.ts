import type { Insertable, Kysely, Selectable } from 'kysely';
import type { SubscriptionOrderView } from '@gw/contracts';
import type { Database, SubscriptionOrdersTable } from '../db/schema.js';
import { containsAny, insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;
export type SubscriptionOrderRow = Selectable<SubscriptionOrdersTable>;

/** `subscription_orders.status`: an order waits for its payment, then is paid (once) or expires. */
export const SubscriptionOrderStatus = { Pending: 'pending', Success: 'success', Expired: 'expired' } as const;

/** A subscription order as administrators list it, with its plan's title and its buyer's name. */
export interface SubscriptionOrderListRow extends SubscriptionOrderRow {
  plan_title: string | null;
  username: string | null;
}

export function toSubscriptionOrderView(r: SubscriptionOrderListRow): SubscriptionOrderView {
  return {
    id: Number(r.id),
    trade_no: r.trade_no,
    user_id: Number(r.user_id),
    username: r.username ?? '',
    plan_id: Number(r.plan_id),
    plan_title: r.plan_title ?? '',
    money: Number(r.money),
    payment_method: r.payment_method,
    status: r.status as SubscriptionOrderView['status'],
    create_time: Number(r.create_time),
    complete_time: Number(r.complete_time),
  };
}

/** Which orders to list; every field narrows the list. */
export interface SubscriptionOrderFilter {
  keyword?: string;
  status?: string;
  userId?: number;
  tradeNo?: string;
}

/** The only code that reads and writes `subscription_orders` (one row per online payment for a plan). */
export const subscriptionPaymentsRepository = {
  insert(db: Executor, row: Insertable<SubscriptionOrdersTable>): Promise<number> {
    return insertReturningId(db, 'subscription_orders', row);
  },

  findByTradeNo(db: Executor, tradeNo: string): Promise<SubscriptionOrderRow | undefined> {
    return db.selectFrom('subscription_orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  },

  /**
   * Marks a pending order paid, keeping what the provider said. True for exactly one caller: a concurrent
   * second UPDATE waits for the first one's row lock and then no longer matches `status = 'pending'`.
   */
  async completePending(db: Executor, tradeNo: string, now: number, providerPayload: string): Promise<boolean> {
    const r = await db
      .updateTable('subscription_orders')
      .set({ status: SubscriptionOrderStatus.Success, complete_time: now, provider_payload: providerPayload })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', SubscriptionOrderStatus.Pending)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Closes a pending order that will not be paid (expired or failed checkout); true when it was pending. */
  async expirePending(db: Executor, tradeNo: string): Promise<boolean> {
    const r = await db
      .updateTable('subscription_orders')
      .set({ status: SubscriptionOrderStatus.Expired })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', SubscriptionOrderStatus.Pending)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Orders, newest first, with their plan's title and buyer's name; `keyword` = part of the order number or the username. */
  async list(db: Executor, filter: SubscriptionOrderFilter, page: { offset: number; limit: number }): Promise<{ rows: SubscriptionOrderListRow[]; total: number }> {
    const base = db
      .selectFrom('subscription_orders as o')
      .leftJoin('users as u', 'u.id', 'o.user_id')
      .$if(Boolean(filter.keyword), (q) => q.where(containsAny(db, ['o.trade_no', 'u.username'], filter.keyword!)))
      .$if(Boolean(filter.status), (q) => q.where('o.status', '=', filter.status!))
      .$if(filter.userId !== undefined, (q) => q.where('o.user_id', '=', filter.userId!))
      .$if(Boolean(filter.tradeNo), (q) => q.where('o.trade_no', '=', filter.tradeNo!));
    const [rows, n] = await Promise.all([
      base
        .leftJoin('subscription_plans as p', 'p.id', 'o.plan_id')
        .selectAll('o')
        .select(['p.title as plan_title', 'u.username'])
        .orderBy('o.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows, total: Number(n?.n ?? 0) };
  },
};
