import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

/** Count and quota of the logs of one type in one hour (`hour` = its first second). */
export interface HourCount {
  type: number;
  hour: number;
  count: number;
  quota: number;
}

/** Inclusive range of hour starts; either end open. */
export interface HourRange {
  type?: number;
  fromHour?: number;
  toHour?: number;
}

/**
 * The aggregation watermarks (the highest log id each running aggregate has folded in) and the per-type
 * log counts. The only code touching either table.
 */
export const logAggregatesRepository = {
  /**
   * A watermark, locked until the transaction ends so a concurrent run waits and then sees the advanced
   * value (SQLite transactions are already exclusive on its one connection). A missing row (deleted by
   * hand) is put back at 0; a racing insert fails and the caller's transaction is retried.
   */
  async lockWatermark(db: Executor, name: string): Promise<number> {
    const q = db.selectFrom('aggregation_watermarks').select('last_id').where('name', '=', name);
    const row = await (dialectOf(db) === 'sqlite' ? q : q.forUpdate()).executeTakeFirst();
    if (row) return Number(row.last_id);
    await db.insertInto('aggregation_watermarks').values({ name, last_id: 0, updated_at: 0 }).execute();
    return 0;
  },

  async readWatermark(db: Executor, name: string): Promise<number> {
    const row = await db.selectFrom('aggregation_watermarks').select('last_id').where('name', '=', name).executeTakeFirst();
    return Number(row?.last_id ?? 0);
  },

  async setWatermark(db: Executor, name: string, lastId: number, now: number): Promise<void> {
    await db.updateTable('aggregation_watermarks').set({ last_id: lastId, updated_at: now }).where('name', '=', name).execute();
  },

  /** Count and quota summed over the stored hours in a range (one type or all). */
  async sumCounts(db: Executor, r: HourRange): Promise<{ count: number; quota: number }> {
    let q = db.selectFrom('log_counts').select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('count'), sql<number>`0`).as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('quota'), sql<number>`0`).as('quota'),
    ]);
    if (r.type !== undefined) q = q.where('type', '=', r.type);
    if (r.fromHour !== undefined) q = q.where('hour', '>=', r.fromHour);
    if (r.toHour !== undefined) q = q.where('hour', '<=', r.toHour);
    const row = await q.executeTakeFirst();
    return { count: Number(row?.count ?? 0), quota: Number(row?.quota ?? 0) };
  },

  /**
   * Adds (or, with negative numbers, subtracts) counts per type and hour; missing rows are created and
   * rows that reach zero are removed (the clean-up empties old hours).
   */
  async addCounts(db: Executor, changes: readonly HourCount[]): Promise<void> {
    for (const c of changes) {
      const updated = await db
        .updateTable('log_counts')
        .set((eb) => ({ count: eb('count', '+', c.count), quota: eb('quota', '+', c.quota) }))
        .where('type', '=', c.type)
        .where('hour', '=', c.hour)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) await db.insertInto('log_counts').values(c).execute();
    }
    if (changes.some((c) => c.count < 0)) await db.deleteFrom('log_counts').where('count', '<=', 0).execute();
  },
};
