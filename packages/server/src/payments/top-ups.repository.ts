import type { Insertable, Kysely, Selectable } from 'kysely';
import { TopUpStatus, type TopUpOrderView, type TopUpStatusValue } from '@gw/contracts';
import type { Database, TopUpsTable } from '../db/schema.js';
import { containsAny, insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;
export type TopUpRow = Selectable<TopUpsTable>;

/** An order as its buyer and the console see it. */
export function toTopUpOrderView(r: TopUpRow): TopUpOrderView {
  return {
    id: r.id,
    trade_no: r.trade_no,
    amount: r.amount,
    money: r.money,
    payment_method: r.payment_method,
    status: r.status as TopUpStatusValue,
    create_time: r.create_time,
    complete_time: r.complete_time,
  };
}

/** The only code that reads and writes `top_ups` (one row per online payment order). */
export const topUpsRepository = {
  insert(db: Executor, row: Insertable<TopUpsTable>): Promise<number> {
    return insertReturningId(db, 'top_ups', row);
  },

  findByTradeNo(db: Executor, tradeNo: string): Promise<TopUpRow | undefined> {
    return db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  },

  /**
   * Marks a pending order paid. True for exactly one caller: a concurrent second UPDATE waits for the
   * first one's row lock and then no longer matches `status = 'pending'`.
   */
  async completePending(db: Executor, tradeNo: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('top_ups')
      .set({ status: TopUpStatus.Success, complete_time: now })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', TopUpStatus.Pending)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Closes a pending order without crediting it (expired or failed checkout); true when it was pending. */
  async closePending(db: Executor, tradeNo: string, status: typeof TopUpStatus.Expired | typeof TopUpStatus.Failed): Promise<boolean> {
    const r = await db.updateTable('top_ups').set({ status }).where('trade_no', '=', tradeNo).where('status', '=', TopUpStatus.Pending).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Orders, newest first, with their buyer's name; `keyword` = part of the order number or the username. */
  async listAll(db: Executor, filter: { keyword: string; status: string }, page: { offset: number; limit: number }): Promise<{ rows: (TopUpRow & { username: string | null })[]; total: number }> {
    const base = db
      .selectFrom('top_ups as t')
      .leftJoin('users as u', 'u.id', 't.user_id')
      .$if(Boolean(filter.keyword), (q) => q.where(containsAny(db, ['t.trade_no', 'u.username'], filter.keyword)))
      .$if(Boolean(filter.status), (q) => q.where('t.status', '=', filter.status));
    const [list, n] = await Promise.all([
      base.selectAll('t').select('u.username').orderBy('t.id', 'desc').limit(page.limit).offset(page.offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return { rows: list, total: Number(n?.n ?? 0) };
  },

  listByUser(db: Executor, userId: number, limit: number): Promise<TopUpRow[]> {
    return db.selectFrom('top_ups').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  },
};
