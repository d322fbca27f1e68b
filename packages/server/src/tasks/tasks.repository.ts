import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, TasksTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import { selectPage, type Page, type PageWindow } from '../db/paging.js';
import { FINAL_STATUSES } from './task-status.js';

type Executor = Kysely<Database>;

export type TaskRow = Selectable<TasksTable>;
export type NewTask = Omit<Insertable<TasksTable>, 'id'>;
export type TaskPatch = Omit<Updateable<TasksTable>, 'id' | 'user_id' | 'quota' | 'token_id' | 'platform'>;

/** Filters of the task log; zero / empty means "no filter". Times are unix seconds on submit_time. */
export interface TaskFilter {
  userId?: number;
  channelId?: number;
  taskId?: string;
  start?: number;
  end?: number;
  platform?: string;
  status?: string;
  action?: string;
}

const changed = (r: { numUpdatedRows: bigint } | undefined) => (r?.numUpdatedRows ?? 0n) > 0n;

/** Suno and video tasks (table tasks). `task_id` is the upstream's task id. */
export const tasksRepository = {
  insert(db: Executor, task: NewTask): Promise<number> {
    return insertReturningId(db, 'tasks', task);
  },

  /** A user's task of a platform by the upstream's id; another user's task is not found. */
  findByTaskId(db: Executor, userId: number, platform: string, taskId: string): Promise<TaskRow | undefined> {
    return db.selectFrom('tasks').selectAll().where('user_id', '=', userId).where('platform', '=', platform).where('task_id', '=', taskId).orderBy('id', 'desc').executeTakeFirst();
  },

  findManyByTaskIds(db: Executor, userId: number, platform: string, taskIds: readonly string[]): Promise<TaskRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('tasks').selectAll().where('user_id', '=', userId).where('platform', '=', platform).where('task_id', 'in', taskIds).orderBy('id', 'desc').execute();
  },

  findById(db: Executor, id: number): Promise<TaskRow | undefined> {
    return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  },

  list(db: Executor, filter: TaskFilter, window: PageWindow): Promise<Page<TaskRow>> {
    let q = db.selectFrom('tasks');
    if (filter.userId) q = q.where('user_id', '=', filter.userId);
    if (filter.channelId) q = q.where('channel_id', '=', filter.channelId);
    if (filter.taskId) q = q.where('task_id', '=', filter.taskId);
    if (filter.start) q = q.where('submit_time', '>=', filter.start);
    if (filter.end) q = q.where('submit_time', '<=', filter.end);
    if (filter.platform) q = q.where('platform', '=', filter.platform);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.action) q = q.where('action', '=', filter.action);
    return selectPage(q, (page) => page.selectAll().orderBy('id', 'desc'), window);
  },

  /** A platform's tasks the poller still has to ask about, oldest first. */
  listUnfinished(db: Executor, platform: string, limit: number): Promise<TaskRow[]> {
    return db.selectFrom('tasks').selectAll().where('platform', '=', platform).where('status', 'not in', FINAL_STATUSES).orderBy('id').limit(limit).execute();
  },

  /** Unfinished tasks of every platform submitted before `before` (unix seconds; the timeout sweep), oldest first. */
  listStuck(db: Executor, before: number, limit: number): Promise<TaskRow[]> {
    return db.selectFrom('tasks').selectAll().where('status', 'not in', FINAL_STATUSES).where('submit_time', '<', before).orderBy('id').limit(limit).execute();
  },

  /** Applies a poll result unless the task already finished; returns whether the row changed. */
  async updateIfUnfinished(db: Executor, id: number, patch: TaskPatch): Promise<boolean> {
    return changed(await db.updateTable('tasks').set(patch).where('id', '=', id).where('status', 'not in', FINAL_STATUSES).executeTakeFirst());
  },
};
