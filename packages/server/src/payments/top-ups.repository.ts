import type { Insertable, Kysely, Selectable } from 'kysely';
import { TopUpStatus } from '@gw/contracts';
import type { Database, TopUpsTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;
export type TopUpRow = Selectable<TopUpsTable>;

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

  listByUser(db: Executor, userId: number, limit: number): Promise<TopUpRow[]> {
    return db.selectFrom('top_ups').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  },
};
