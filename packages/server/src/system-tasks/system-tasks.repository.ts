import type { Kysely, Selectable } from 'kysely';
import type { Database, SystemTasksTable } from '../db/schema.js';

type Executor = Kysely<Database>;
export type SystemTaskRow = Selectable<SystemTasksTable>;
export type SystemTaskPatch = Partial<Omit<SystemTaskRow, 'id' | 'task_id' | 'type' | 'created_at'>>;

export const systemTasksRepository = {
  async insert(db: Executor, row: Omit<SystemTaskRow, 'id'>): Promise<void> {
    await db.insertInto('system_tasks').values(row).execute();
  },

  find(db: Executor, taskId: string): Promise<SystemTaskRow | undefined> {
    return db.selectFrom('system_tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  },

  findActive(db: Executor, type: string): Promise<SystemTaskRow | undefined> {
    return db.selectFrom('system_tasks').selectAll().where('active_key', '=', type).executeTakeFirst();
  },

  list(db: Executor, filter: { type?: string; status?: string }, limit: number): Promise<SystemTaskRow[]> {
    let q = db.selectFrom('system_tasks').selectAll();
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.status) q = q.where('status', '=', filter.status);
    return q.orderBy('id', 'desc').limit(limit).execute();
  },

  async update(db: Executor, taskId: string, patch: SystemTaskPatch): Promise<void> {
    await db.updateTable('system_tasks').set(patch).where('task_id', '=', taskId).execute();
  },

  /** Fails the active tasks whose runner stopped renewing its lease (its process died); answers how many. */
  async failAbandoned(db: Executor, now: number, error: string): Promise<number> {
    const result = await db
      .updateTable('system_tasks')
      .set({ status: 'failed', active_key: null, error, updated_at: now })
      .where('active_key', 'is not', null)
      .where('locked_until', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },
};
