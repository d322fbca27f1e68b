import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, SuggestedPromptsTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type PromptRow = Selectable<SuggestedPromptsTable>;
export type NewPrompt = Omit<Insertable<SuggestedPromptsTable>, 'id'>;
export type PromptPatch = Omit<Updateable<SuggestedPromptsTable>, 'id'>;

/** The only code that reads and writes suggested_prompts. */
export const promptsRepository = {
  findById(db: Executor, id: number): Promise<PromptRow | undefined> {
    return db.selectFrom('suggested_prompts').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Every prompt (or released ones), `sort` descending then id. */
  list(db: Executor, opts: { releasedOnly: boolean }): Promise<PromptRow[]> {
    let q = db.selectFrom('suggested_prompts').selectAll();
    if (opts.releasedOnly) q = q.where('release', '=', 1);
    return q.orderBy('sort', 'desc').orderBy('id').execute();
  },

  insert(db: Executor, row: NewPrompt): Promise<number> {
    return insertReturningId(db, 'suggested_prompts', row);
  },

  async update(db: Executor, id: number, patch: PromptPatch): Promise<void> {
    await db.updateTable('suggested_prompts').set(patch).where('id', '=', id).execute();
  },

  async delete(db: Executor, id: number): Promise<boolean> {
    const result = await db.deleteFrom('suggested_prompts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
