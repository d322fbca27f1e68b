import type { Db } from '../db/database.js';

/** The `options` table: one row per changed option, value as text. `db` may be a transaction. */
export const optionsRepository = {
  async listAll(db: Db): Promise<{ key: string; value: string | null }[]> {
    return db.selectFrom('options').select(['key', 'value']).execute();
  },

  /** Writes each value; delete + insert is a portable upsert (MySQL reports 0 affected rows for an unchanged UPDATE). */
  async saveMany(db: Db, entries: readonly (readonly [string, string])[]): Promise<void> {
    for (const [key, value] of entries) {
      await db.deleteFrom('options').where('key', '=', key).execute();
      await db.insertInto('options').values({ key, value }).execute();
    }
  },
};
