import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SubscriptionPlanFields } from '@gw/contracts';
import type { PlanRow, UserSubscriptionRow } from './subscription-views.js';

type Executor = Kysely<Database>;
export type UserSubscriptionWithTitle = UserSubscriptionRow & { plan_title: string | null };

/** Plan fields as stored (booleans as 0/1). */
export function planColumns(f: SubscriptionPlanFields) {
  return { ...f, enabled: f.enabled ? 1 : 0 };
}

export const subscriptionsRepository = {
  listPlans(db: Executor, enabledOnly: boolean): Promise<PlanRow[]> {
    let q = db.selectFrom('subscription_plans').selectAll();
    if (enabledOnly) q = q.where('enabled', '=', 1);
    return q.orderBy('sort_order', 'desc').orderBy('id', 'desc').execute();
  },

  findPlan(db: Executor, id: number): Promise<PlanRow | undefined> {
    return db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insertPlan(db: Executor, f: SubscriptionPlanFields, now: number): Promise<number> {
    const values = { ...planColumns(f), created_at: now, updated_at: now };
    if (db.getExecutor().adapter.supportsReturning) {
      const row = await db.insertInto('subscription_plans').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    }
    const result = await db.insertInto('subscription_plans').values(values).executeTakeFirstOrThrow();
    return Number(result.insertId);
  },

  async updatePlan(db: Executor, id: number, f: Partial<ReturnType<typeof planColumns>>, now: number): Promise<boolean> {
    const result = await db.updateTable('subscription_plans').set({ ...f, updated_at: now }).where('id', '=', id).executeTakeFirst();
    return (result.numUpdatedRows ?? 0n) > 0n;
  },

  /** The user's subscriptions with their plans' titles; active ones only when `activeAt` is given. */
  listUserSubscriptions(db: Executor, userId: number, activeAt?: number): Promise<UserSubscriptionWithTitle[]> {
    let q = db
      .selectFrom('user_subscriptions as s')
      .leftJoin('subscription_plans as p', 'p.id', 's.plan_id')
      .selectAll('s')
      .select('p.title as plan_title')
      .where('s.user_id', '=', userId);
    if (activeAt !== undefined) q = q.where('s.status', '=', 'active').where('s.end_time', '>', activeAt).orderBy('s.end_time').orderBy('s.id');
    else q = q.orderBy('s.id', 'desc');
    return q.execute();
  },

  findUserSubscription(db: Executor, id: number): Promise<UserSubscriptionWithTitle | undefined> {
    return db
      .selectFrom('user_subscriptions as s')
      .leftJoin('subscription_plans as p', 'p.id', 's.plan_id')
      .selectAll('s')
      .select('p.title as plan_title')
      .where('s.id', '=', id)
      .executeTakeFirst();
  },

  async insertUserSubscription(db: Executor, row: Omit<UserSubscriptionRow, 'id'>): Promise<number> {
    if (db.getExecutor().adapter.supportsReturning) {
      const r = await db.insertInto('user_subscriptions').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    }
    const result = await db.insertInto('user_subscriptions').values(row).executeTakeFirstOrThrow();
    return Number(result.insertId);
  },

  /** How many times the user bought or was given the plan (any status). */
  async countUserPlan(db: Executor, userId: number, planId: number): Promise<number> {
    const row = await db
      .selectFrom('user_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('plan_id', '=', planId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** Active subscriptions whose end has come (for the expiry job), oldest end first. */
  async endedActive(db: Executor, now: number, limit: number): Promise<number[]> {
    const rows = await db.selectFrom('user_subscriptions').select('id').where('status', '=', 'active').where('end_time', '<=', now).orderBy('end_time').limit(limit).execute();
    return rows.map((r) => Number(r.id));
  },

  /** Active subscriptions whose budget reset time has come. */
  async dueForReset(db: Executor, now: number, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('user_subscriptions')
      .select('id')
      .where('status', '=', 'active')
      .where('next_reset_time', '>', 0)
      .where('next_reset_time', '<=', now)
      .orderBy('next_reset_time')
      .limit(limit)
      .execute();
    return rows.map((r) => Number(r.id));
  },

  /** Recomputes users.subscription_until from the user's active subscriptions. */
  async refreshSubscriptionUntil(db: Executor, userId: number, now: number): Promise<void> {
    const latest = db
      .selectFrom('user_subscriptions')
      .select(sql<number>`coalesce(max(end_time), 0)`.as('until'))
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .where('end_time', '>', now);
    await db.updateTable('users').set({ subscription_until: sql<number>`(${latest})` }).where('id', '=', userId).execute();
  },
};
