import { sql, type Kysely } from 'kysely';
import type { QuotaDataRow, UserQuotaDataRow } from '@gw/contracts';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/dialect-helpers.js';
import { LogType } from '../logs/log-types.js';

type Executor = Kysely<Database>;

const HOUR = 3600;

/** Hourly usage filters: the hours starting in [start, end]; either a user id or a username, or neither (all users). */
export interface QuotaDataFilter {
  start: number;
  end: number;
  userId?: number;
  username?: string;
}

/** The quota_data table (the only code touching it). */
export const quotaDataRepository = {
  /**
   * Adds the consume logs with ids in (afterId, upToId] to the hourly rows in one statement: an
   * INSERT … SELECT … GROUP BY whose conflicts on (user_id, model_name, created_at) add to the existing
   * row. The only dialect difference of the upsert is here: ON CONFLICT … DO UPDATE with `excluded` on
   * PostgreSQL and SQLite, ON DUPLICATE KEY UPDATE with VALUES() on MariaDB/MySQL.
   */
  async foldConsumeLogs(db: Executor, afterId: number, upToId: number): Promise<void> {
    const hour = sql<number>`${sql.ref('created_at')} - (${sql.ref('created_at')} % ${sql.lit(HOUR)})`;
    const source = db
      .selectFrom('logs')
      .select((eb) => [
        'user_id',
        eb.fn.max('username').as('username'),
        'model_name',
        hour.as('hour'),
        eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))).as('token_used'),
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('quota').as('quota'),
      ])
      .where('type', '=', LogType.Consume)
      .where('id', '>', afterId)
      .where('id', '<=', upToId)
      .groupBy(['user_id', 'model_name', hour]);
    const insert = db
      .insertInto('quota_data')
      .columns(['user_id', 'username', 'model_name', 'created_at', 'token_used', 'count', 'quota'])
      .expression(source);
    if (dialectOf(db) === 'mysql') {
      await insert
        .onDuplicateKeyUpdate({
          username: sql`values(${sql.ref('username')})`,
          token_used: sql`${sql.ref('quota_data.token_used')} + values(${sql.ref('token_used')})`,
          count: sql`${sql.ref('quota_data.count')} + values(${sql.ref('count')})`,
          quota: sql`${sql.ref('quota_data.quota')} + values(${sql.ref('quota')})`,
        })
        .execute();
      return;
    }
    await insert
      .onConflict((oc) =>
        oc.columns(['user_id', 'model_name', 'created_at']).doUpdateSet((eb) => ({
          username: eb.ref('excluded.username'),
          token_used: eb('quota_data.token_used', '+', eb.ref('excluded.token_used')),
          count: eb('quota_data.count', '+', eb.ref('excluded.count')),
          quota: eb('quota_data.quota', '+', eb.ref('excluded.quota')),
        })),
      )
      .execute();
  },

  /** Rows per username and hour, oldest first; a user's models are summed. */
  async listByUser(db: Executor, f: { start: number; end: number }): Promise<UserQuotaDataRow[]> {
    const rows = await db
      .selectFrom('quota_data')
      .select((eb) => ['username', 'created_at', eb.fn.sum<number>('count').as('count'), eb.fn.sum<number>('quota').as('quota'), eb.fn.sum<number>('token_used').as('token_used')])
      .where('created_at', '>=', f.start)
      .where('created_at', '<=', f.end)
      .groupBy(['username', 'created_at'])
      .orderBy('created_at')
      .orderBy('username')
      .execute();
    return rows.map((r) => ({ username: r.username, created_at: Number(r.created_at), count: Number(r.count), quota: Number(r.quota), token_used: Number(r.token_used) }));
  },

  /** Rows per model and hour, oldest first; the rows of several users are summed. */
  async list(db: Executor, f: QuotaDataFilter): Promise<QuotaDataRow[]> {
    let q = db
      .selectFrom('quota_data')
      .select((eb) => [
        'model_name',
        'created_at',
        eb.fn.sum<number>('count').as('count'),
        eb.fn.sum<number>('quota').as('quota'),
        eb.fn.sum<number>('token_used').as('token_used'),
      ])
      .where('created_at', '>=', f.start)
      .where('created_at', '<=', f.end);
    if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
    if (f.username !== undefined) q = q.where('username', '=', f.username);
    const rows = await q.groupBy(['model_name', 'created_at']).orderBy('created_at').orderBy('model_name').execute();
    return rows.map((r) => ({ model_name: r.model_name, created_at: Number(r.created_at), count: Number(r.count), quota: Number(r.quota), token_used: Number(r.token_used) }));
  },
};
