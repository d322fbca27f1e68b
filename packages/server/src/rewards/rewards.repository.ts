import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database>;

const SECONDS_PER_DAY = 86_400;

/** Reward balances of one user. */
export interface RewardBalances {
  quota: number;
  aff_quota: number;
  activity_quota: number;
  last_fuel_pack_at: number;
}

/** The reward statements on the users table: each quota change is one conditional UPDATE. */
export const rewardsRepository = {
  balances(db: Executor, userId: number): Promise<RewardBalances | undefined> {
    return db.selectFrom('users').select(['quota', 'aff_quota', 'activity_quota', 'last_fuel_pack_at']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  },

  /**
   * Credits the fuel pack unless the user claimed one in the last `windowDays` days. The window check,
   * the credit and the new claim time are one statement: of two racing claims the second re-checks the
   * row after the first committed and matches nothing. True when this call claimed it.
   */
  async claimFuelPack(db: Executor, userId: number, quota: number, now: number, windowDays: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({
        quota: eb('quota', '+', quota),
        history_fuel_pack_quota: eb('history_fuel_pack_quota', '+', quota),
        last_fuel_pack_at: now,
      }))
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('last_fuel_pack_at', '<=', now - windowDays * SECONDS_PER_DAY)
      .where((eb) => eb(eb('quota', '+', quota), '<=', Number.MAX_SAFE_INTEGER))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Moves `amount` of reward quota to the balance: invitation rewards first, then activity rewards.
   * One statement, refused (false) unless aff_quota + activity_quota >= amount. The SET order matters on
   * MariaDB, which evaluates assignments left to right with already-updated values: activity_quota is
   * computed while aff_quota still holds its old value. PostgreSQL and SQLite always read old values.
   */
  async transferToBalance(db: Executor, userId: number, amount: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set({
        activity_quota: sql<number>`case when aff_quota >= ${amount} then activity_quota else activity_quota - (${amount} - aff_quota) end`,
        aff_quota: sql<number>`case when aff_quota >= ${amount} then aff_quota - ${amount} else 0 end`,
        quota: sql<number>`quota + ${amount}`,
      })
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb(eb('aff_quota', '+', eb.ref('activity_quota')), '>=', amount))
      .where((eb) => eb(eb('quota', '+', amount), '<=', Number.MAX_SAFE_INTEGER))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};
