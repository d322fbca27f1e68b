import type { Kysely } from 'kysely';
import type { CheckinRecord } from '@gw/contracts';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database>;

/** The checkins table: one row per user and local day (unique index). */
export const checkinRepository = {
  /** Fails with a unique violation when the user already has a row for that day. */
  async insert(db: Executor, row: { user_id: number; checkin_date: string; quota_awarded: number; created_at: number }): Promise<void> {
    await db.insertInto('checkins').values(row).execute();
  },

  async hasCheckedIn(db: Executor, userId: number, date: string): Promise<boolean> {
    const row = await db.selectFrom('checkins').select('id').where('user_id', '=', userId).where('checkin_date', '=', date).executeTakeFirst();
    return row !== undefined;
  },

  /** One month's check-ins ('YYYY-MM'), newest first. */
  month(db: Executor, userId: number, month: string): Promise<CheckinRecord[]> {
    return db
      .selectFrom('checkins')
      .select(['checkin_date', 'quota_awarded'])
      .where('user_id', '=', userId)
      .where('checkin_date', '>=', `${month}-01`)
      .where('checkin_date', '<=', `${month}-31`)
      .orderBy('checkin_date', 'desc')
      .execute();
  },

  /** Check-ins and quota won, all time (SUM comes back as a string on MySQL). */
  async totals(db: Executor, userId: number): Promise<{ count: number; quota: number }> {
    const row = await db
      .selectFrom('checkins')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.coalesce(eb.fn.sum('quota_awarded'), eb.lit(0)).as('quota')])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), quota: Number(row?.quota ?? 0) };
  },
};
