import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AiRolesTable, Database } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type AiRoleRow = Selectable<AiRolesTable>;
export type NewAiRole = Omit<Insertable<AiRolesTable>, 'id'>;
export type AiRolePatch = Omit<Updateable<AiRolesTable>, 'id'>;

/** The only code that reads and writes ai_roles. */
export const aiRolesRepository = {
  findById(db: Executor, id: number): Promise<AiRoleRow | undefined> {
    return db.selectFrom('ai_roles').selectAll().where('id', '=', id).executeTakeFirst();
  },

  list(db: Executor): Promise<AiRoleRow[]> {
    return db.selectFrom('ai_roles').selectAll().orderBy('id').execute();
  },

  insert(db: Executor, row: NewAiRole): Promise<number> {
    return insertReturningId(db, 'ai_roles', row);
  },

  async update(db: Executor, id: number, patch: AiRolePatch): Promise<void> {
    await db.updateTable('ai_roles').set(patch).where('id', '=', id).execute();
  },

  async delete(db: Executor, id: number): Promise<boolean> {
    const result = await db.deleteFrom('ai_roles').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
