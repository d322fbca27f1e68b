import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PasskeysTable } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeysTable>;

/** The only code that reads and writes `passkeys`. */
export const passkeysRepository = {
  listByUser(db: Executor, userId: number): Promise<PasskeyRow[]> {
    return db.selectFrom('passkeys').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  },

  findByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
    return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  },

  insert(db: Executor, row: Insertable<PasskeysTable>): Promise<number> {
    return insertReturningId(db, 'passkeys', row);
  },

  /**
   * Records a sign-in. The signature counter only moves forward (a cloned authenticator replaying an old
   * counter loses the race); authenticators that always report 0 are allowed.
   */
  async recordUse(db: Executor, id: number, previousCounter: number, newCounter: number, now: number): Promise<boolean> {
    const r = await db
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_at: now })
      .where('id', '=', id)
      .where('counter', '=', previousCounter)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Removes every passkey of the user (an administrator's reset); answers how many there were. */
  async deleteAllForUser(db: Executor, userId: number): Promise<number> {
    const r = await db.deleteFrom('passkeys').where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows);
  },

  async countForUser(db: Executor, userId: number): Promise<number> {
    const row = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async delete(db: Executor, userId: number, id: number): Promise<boolean> {
    const r = await db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  },
};
