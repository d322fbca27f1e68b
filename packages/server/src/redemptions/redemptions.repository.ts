import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { RedemptionStatus } from '@gw/contracts';
import type { Database, RedemptionsTable } from '../db/schema.js';
import { dialectOf, likePattern } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type RedemptionRow = Selectable<RedemptionsTable>;
export type NewRedemption = Insertable<RedemptionsTable>;
export type RedemptionUpdate = Updateable<RedemptionsTable>;

/** The only code that reads and writes the redemptions table. Deleted codes are invisible except to findByKey. */
export const redemptionsRepository = {
  findById(db: Executor, id: number): Promise<RedemptionRow | undefined> {
    return db.selectFrom('redemptions').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  },

  /** A code by its key, deleted or not (to explain why it cannot be redeemed). */
  findByKey(db: Executor, key: string): Promise<RedemptionRow | undefined> {
    return db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirst();
  },

  /** A page of live codes, newest first; `keyword` matches part of the name or the exact id. */
  async list(db: Executor, keyword: string, page: { offset: number; limit: number }): Promise<{ rows: RedemptionRow[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'redemptions'>) => eb.and(listConditions(db, eb, keyword));
    const [rows, count] = await Promise.all([
      db.selectFrom('redemptions').selectAll().where(where).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      db.selectFrom('redemptions').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  async insertMany(db: Executor, rows: NewRedemption[]): Promise<void> {
    if (rows.length > 0) await db.insertInto('redemptions').values(rows).execute();
  },

  /** Updates a live code that is not used (in one statement, so a code redeemed meanwhile is left alone); false when nothing matched. */
  async updateUnused(db: Executor, id: number, patch: RedemptionUpdate): Promise<boolean> {
    const result = await db
      .updateTable('redemptions')
      .set(patch)
      .where('id', '=', id)
      .where('status', '!=', RedemptionStatus.Used)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async softDelete(db: Executor, id: number, at: number): Promise<boolean> {
    const result = await db.updateTable('redemptions').set({ deleted_at: at }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Soft-deletes every live code that can no longer be redeemed: used, disabled or expired. */
  async softDeleteInvalid(db: Executor, now: number): Promise<number> {
    const result = await db
      .updateTable('redemptions')
      .set({ deleted_at: now })
      .where('deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('status', 'in', [RedemptionStatus.Used, RedemptionStatus.Disabled]),
          eb.and([eb('expired_time', '!=', 0), eb('expired_time', '<=', now)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /**
   * Marks a redeemable code as used by `userId` — one conditional statement, so of several concurrent
   * claims exactly one changes the row. True when this call claimed it.
   */
  async claim(db: Executor, key: string, userId: number, now: number): Promise<boolean> {
    const result = await db
      .updateTable('redemptions')
      .set({ status: RedemptionStatus.Used, used_user_id: userId, redeemed_time: now })
      .where('key', '=', key)
      .where('status', '=', RedemptionStatus.Enabled)
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('expired_time', '=', 0), eb('expired_time', '>', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};

function listConditions(db: Executor, eb: ExpressionBuilder<Database, 'redemptions'>, keyword: string) {
  const conditions: Expression<SqlBool>[] = [eb('deleted_at', 'is', null)];
  if (keyword) {
    const op = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
    const alternatives: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref('name')} ${op} ${likePattern(keyword)} escape ${'\\'}`];
    if (/^\d{1,15}$/.test(keyword)) alternatives.push(eb('id', '=', Number(keyword)));
    conditions.push(eb.or(alternatives));
  }
  return conditions;
}
