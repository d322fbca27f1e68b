import type { Kysely, Selectable } from 'kysely';
import type { Database, PrefillGroupsTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type PrefillGroupRow = Selectable<PrefillGroupsTable>;
export type PrefillGroupColumns = Pick<PrefillGroupRow, 'name' | 'live_name' | 'type' | 'items' | 'description'>;

/** The only code that reads and writes the prefill_groups table. Deleted groups (deleted_at set) are never read. */
export const prefillGroupsRepository = {
  /** Every live group, or one type's; the most recently changed first (new-api's order). */
  list(db: Executor, type?: string): Promise<PrefillGroupRow[]> {
    let q = db.selectFrom('prefill_groups').selectAll().where('deleted_at', 'is', null);
    if (type) q = q.where('type', '=', type);
    return q.orderBy('updated_time', 'desc').orderBy('id', 'desc').execute();
  },

  find(db: Executor, id: number): Promise<PrefillGroupRow | undefined> {
    return db.selectFrom('prefill_groups').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  },

  findByLiveName(db: Executor, liveName: string): Promise<PrefillGroupRow | undefined> {
    return db.selectFrom('prefill_groups').selectAll().where('live_name', '=', liveName).executeTakeFirst();
  },

  /** Fails with a unique violation when a live group already has the name. */
  insert(db: Executor, row: PrefillGroupColumns & { created_time: number; updated_time: number }): Promise<number> {
    return insertReturningId(db, 'prefill_groups', row);
  },

  /** Answers whether a live group was changed; fails with a unique violation when the new name is taken. */
  async update(db: Executor, id: number, patch: PrefillGroupColumns & { updated_time: number }): Promise<boolean> {
    const r = await db.updateTable('prefill_groups').set(patch).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Marks a live group deleted and frees its name; answers whether there was one. */
  async softDelete(db: Executor, id: number, now: number): Promise<boolean> {
    const r = await db
      .updateTable('prefill_groups')
      .set({ deleted_at: now, live_name: null, updated_time: now })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },
};
