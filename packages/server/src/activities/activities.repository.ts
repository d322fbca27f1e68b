import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { ActivitiesTable, Database } from '../db/schema.js';
import { dialectOf, insertReturningId, likePattern } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type ActivityRow = Selectable<ActivitiesTable>;
export type NewActivity = Omit<Insertable<ActivitiesTable>, 'id'>;
export type ActivityPatch = Omit<Updateable<ActivitiesTable>, 'id'>;

export interface ActivityFilters {
  /** Part of the name, or the exact id. */
  q: string;
  /** true = active, false = ended, undefined = all. */
  status?: boolean;
}

/** An activity with the number of users rewarded so far. */
export type ActivityWithCount = ActivityRow & { rewarded_count: number };

/** The only code that reads and writes activities and activity_rewards. */
export const activitiesRepository = {
  findById(db: Executor, id: number): Promise<ActivityRow | undefined> {
    return db.selectFrom('activities').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async list(db: Executor, f: ActivityFilters, page: { offset: number; limit: number }): Promise<{ rows: ActivityWithCount[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'activities'>) => eb.and(conditions(db, eb, f));
    const [rows, count] = await Promise.all([
      db
        .selectFrom('activities')
        .selectAll()
        .select((eb) => eb.selectFrom('activity_rewards').select((e) => e.fn.countAll<number>().as('n')).whereRef('activity_rewards.activity_id', '=', 'activities.id').as('rewarded_count'))
        .where(where)
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db.selectFrom('activities').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst(),
    ]);
    return { rows: rows.map((r) => ({ ...r, rewarded_count: Number(r.rewarded_count ?? 0) })), total: Number(count?.n ?? 0) };
  },

  async rewardedCount(db: Executor, activityId: number): Promise<number> {
    const row = await db.selectFrom('activity_rewards').select((eb) => eb.fn.countAll<number>().as('n')).where('activity_id', '=', activityId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  insert(db: Executor, activity: NewActivity): Promise<number> {
    return insertReturningId(db, 'activities', activity);
  },

  async update(db: Executor, id: number, patch: ActivityPatch): Promise<void> {
    await db.updateTable('activities').set(patch).where('id', '=', id).execute();
  },

  /** Which of `userIds` already received the activity's reward. */
  async rewardedUserIds(db: Executor, activityId: number, userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await db.selectFrom('activity_rewards').select('user_id').where('activity_id', '=', activityId).where('user_id', 'in', [...userIds]).execute();
    return new Set(rows.map((r) => r.user_id));
  },

  /** Records a reward; the unique (activity_id, user_id) index throws for a second one. */
  async insertReward(db: Executor, reward: { activity_id: number; user_id: number; quota: number; created_at: number }): Promise<void> {
    await db.insertInto('activity_rewards').values(reward).execute();
  },

  /** Adds an activity reward to a live user's reward balance and lifetime total; false when nothing matched. */
  async creditActivityQuota(db: Executor, userId: number, quota: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ activity_quota: eb('activity_quota', '+', quota), activity_history_quota: eb('activity_history_quota', '+', quota) }))
      .where('id', '=', userId)
      .where('deleted_at', 'is', null)
      .where((eb) => eb(eb('activity_quota', '+', quota), '<=', Number.MAX_SAFE_INTEGER))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Live users among `ids`, with their usernames. */
  liveUsers(db: Executor, ids: readonly number[]): Promise<{ id: number; username: string }[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...ids]).where('deleted_at', 'is', null).execute();
  },

  /** Enabled activities that have not ended at `now` (end 0 = never), newest first. */
  listOpen(db: Executor, now: number, limit: number): Promise<ActivityRow[]> {
    return db
      .selectFrom('activities')
      .selectAll()
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('end_date', '=', 0), eb('end_date', '>=', now)]))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The user's rewards among these activities: activity id → when granted. */
  async rewardTimes(db: Executor, userId: number, activityIds: readonly number[]): Promise<Map<number, number>> {
    if (activityIds.length === 0) return new Map();
    const rows = await db.selectFrom('activity_rewards').select(['activity_id', 'created_at']).where('user_id', '=', userId).where('activity_id', 'in', [...activityIds]).execute();
    return new Map(rows.map((r) => [r.activity_id, r.created_at]));
  },
};

function conditions(db: Executor, eb: ExpressionBuilder<Database, 'activities'>, f: ActivityFilters) {
  const list: Expression<SqlBool>[] = [];
  if (f.q) {
    const op = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
    const alternatives: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref('name')} ${op} ${likePattern(f.q)} escape ${'\\'}`];
    if (/^\d{1,15}$/.test(f.q)) alternatives.push(eb('id', '=', Number(f.q)));
    list.push(eb.or(alternatives));
  }
  if (f.status !== undefined) list.push(eb('status', '=', f.status ? 1 : 0));
  return list;
}
