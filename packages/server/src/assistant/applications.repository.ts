import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { ApplicationsTable, Database } from '../db/schema.js';
import { containsAny, insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type ApplicationRow = Selectable<ApplicationsTable>;
export type NewApplication = Omit<Insertable<ApplicationsTable>, 'id'>;
export type ApplicationPatch = Omit<Updateable<ApplicationsTable>, 'id'>;

/** The only code that reads and writes applications. Lists are ordered rank descending, then id. */
export const applicationsRepository = {
  findById(db: Executor, id: number): Promise<ApplicationRow | undefined> {
    return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Another application with this name (names are unique ids). */
  async nameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
    let q = db.selectFrom('applications').select('id').where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  /** A page; `keyword` = part of the name or display name. */
  async list(db: Executor, keyword: string, page: { offset: number; limit: number }): Promise<{ rows: ApplicationRow[]; total: number }> {
    const match = containsAny(db, ['name', 'display_name'], keyword);
    let rows = db.selectFrom('applications').selectAll();
    let count = db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n'));
    if (keyword) {
      rows = rows.where(match);
      count = count.where(match);
    }
    const [list, n] = await Promise.all([rows.orderBy('rank', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(), count.executeTakeFirst()]);
    return { rows: list, total: Number(n?.n ?? 0) };
  },

  listAll(db: Executor): Promise<ApplicationRow[]> {
    return db.selectFrom('applications').selectAll().orderBy('rank', 'desc').orderBy('id').execute();
  },

  insert(db: Executor, row: NewApplication): Promise<number> {
    return insertReturningId(db, 'applications', row);
  },

  async update(db: Executor, id: number, patch: ApplicationPatch): Promise<void> {
    await db.updateTable('applications').set(patch).where('id', '=', id).execute();
  },

  async deleteMany(db: Executor, ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.deleteFrom('applications').where('id', 'in', [...ids]).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
