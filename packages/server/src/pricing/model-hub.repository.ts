import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, ModelHubTable } from '../db/schema.js';

type Executor = Kysely<Database>;

export type ModelHubRow = Selectable<ModelHubTable>;
export type NewModelHubRow = Omit<Insertable<ModelHubTable>, 'id'>;
export type ModelHubPatch = Omit<Updateable<ModelHubTable>, 'id'>;

/** The only code that reads and writes the model_hub table. Entries are listed by `sort`, then id. */
export const modelHubRepository = {
  list(db: Executor, opts: { includeHidden: boolean }): Promise<ModelHubRow[]> {
    let q = db.selectFrom('model_hub').selectAll();
    if (!opts.includeHidden) q = q.where('hide', '=', 0);
    return q.orderBy('sort').orderBy('id').execute();
  },

  async insert(db: Executor, row: NewModelHubRow): Promise<void> {
    await db.insertInto('model_hub').values(row).execute();
  },

  async update(db: Executor, id: number, patch: ModelHubPatch): Promise<void> {
    await db.updateTable('model_hub').set(patch).where('id', '=', id).execute();
  },

  async deleteMany(db: Executor, ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await db.deleteFrom('model_hub').where('id', 'in', ids).execute();
  },
};
