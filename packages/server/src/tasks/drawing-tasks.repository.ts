import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, DrawingTasksTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import { selectPage, type Page, type PageWindow } from '../db/paging.js';
import { FINAL_STATUSES } from './task-status.js';

type Executor = Kysely<Database>;

export type DrawingTaskRow = Selectable<DrawingTasksTable>;
export type NewDrawingTask = Omit<Insertable<DrawingTasksTable>, 'id'>;
export type DrawingTaskPatch = Omit<Updateable<DrawingTasksTable>, 'id' | 'user_id' | 'quota' | 'token_id'>;

/** Filters of the drawing log; zero / empty means "no filter". Times are unix milliseconds on submit_time. */
export interface DrawingTaskFilter {
  userId?: number;
  channelId?: number;
  mjId?: string;
  startMs?: number;
  endMs?: number;
}

const changed = (r: { numUpdatedRows: bigint } | undefined) => (r?.numUpdatedRows ?? 0n) > 0n;

/** Midjourney tasks (table drawing_tasks). `mj_id` is the proxy's task id. */
export const drawingTasksRepository = {
  insert(db: Executor, task: NewDrawingTask): Promise<number> {
    return insertReturningId(db, 'drawing_tasks', task);
  },

  /** A user's task by the proxy's id (a follow-up action or a fetch); another user's task is not found. */
  findByMjId(db: Executor, userId: number, mjId: string): Promise<DrawingTaskRow | undefined> {
    return db.selectFrom('drawing_tasks').selectAll().where('user_id', '=', userId).where('mj_id', '=', mjId).orderBy('id', 'desc').executeTakeFirst();
  },

  /** Any task by the proxy's id (the unauthenticated image proxy). */
  findAnyByMjId(db: Executor, mjId: string): Promise<DrawingTaskRow | undefined> {
    return db.selectFrom('drawing_tasks').selectAll().where('mj_id', '=', mjId).orderBy('id', 'desc').executeTakeFirst();
  },

  findManyByMjIds(db: Executor, userId: number, mjIds: readonly string[]): Promise<DrawingTaskRow[]> {
    if (mjIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('drawing_tasks').selectAll().where('user_id', '=', userId).where('mj_id', 'in', mjIds).orderBy('id', 'desc').execute();
  },

  findById(db: Executor, id: number): Promise<DrawingTaskRow | undefined> {
    return db.selectFrom('drawing_tasks').selectAll().where('id', '=', id).executeTakeFirst();
  },

  list(db: Executor, filter: DrawingTaskFilter, window: PageWindow): Promise<Page<DrawingTaskRow>> {
    let q = db.selectFrom('drawing_tasks');
    if (filter.userId) q = q.where('user_id', '=', filter.userId);
    if (filter.channelId) q = q.where('channel_id', '=', filter.channelId);
    if (filter.mjId) q = q.where('mj_id', '=', filter.mjId);
    if (filter.startMs) q = q.where('submit_time', '>=', filter.startMs);
    if (filter.endMs) q = q.where('submit_time', '<=', filter.endMs);
    return selectPage(q, (page) => page.selectAll().orderBy('id', 'desc'), window);
  },

  /** Tasks the poller still has to ask about, oldest first. */
  listUnfinished(db: Executor, limit: number): Promise<DrawingTaskRow[]> {
    return db.selectFrom('drawing_tasks').selectAll().where('status', 'not in', FINAL_STATUSES).orderBy('id').limit(limit).execute();
  },

  /** Unfinished tasks submitted before `beforeMs` (the timeout sweep), oldest first. */
  listStuck(db: Executor, beforeMs: number, limit: number): Promise<DrawingTaskRow[]> {
    return db.selectFrom('drawing_tasks').selectAll().where('status', 'not in', FINAL_STATUSES).where('submit_time', '<', beforeMs).orderBy('id').limit(limit).execute();
  },

  /**
   * Applies a poll result unless the task already finished (another poller may have got there first);
   * returns whether the row changed. A finished task is never reopened.
   */
  async updateIfUnfinished(db: Executor, id: number, patch: DrawingTaskPatch): Promise<boolean> {
    return changed(await db.updateTable('drawing_tasks').set(patch).where('id', '=', id).where('status', 'not in', FINAL_STATUSES).executeTakeFirst());
  },
};
