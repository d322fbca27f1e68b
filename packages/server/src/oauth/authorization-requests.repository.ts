import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuthorizationStatusValue } from '@gw/contracts';
import type { AuthorizationRequestsTable, Database } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;
export type AuthorizationRequestRow = Selectable<AuthorizationRequestsTable>;

/** The only code that reads and writes authorization_requests. */
export const authorizationRequestsRepository = {
  insert(db: Executor, row: Insertable<AuthorizationRequestsTable>): Promise<number> {
    return insertReturningId(db, 'authorization_requests', row);
  },

  findByChallenge(db: Executor, challenge: string): Promise<AuthorizationRequestRow | undefined> {
    return db.selectFrom('authorization_requests').selectAll().where('code_challenge', '=', challenge).executeTakeFirst();
  },

  /** A request of this user (never another user's). */
  findOwnedByCode(db: Executor, userId: number, code: string): Promise<AuthorizationRequestRow | undefined> {
    return db.selectFrom('authorization_requests').selectAll().where('code', '=', code).where('user_id', '=', userId).executeTakeFirst();
  },

  /**
   * Moves a request from one status to the next in one conditional UPDATE; false when it was no longer
   * in `from` (answered or collected meanwhile).
   */
  async transition(db: Executor, id: number, from: AuthorizationStatusValue, to: AuthorizationStatusValue, at: number, tokenId?: number): Promise<boolean> {
    const result = await db
      .updateTable('authorization_requests')
      .set(tokenId === undefined ? { status: to, updated_at: at } : { status: to, updated_at: at, token_id: tokenId })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async deleteExpiredBefore(db: Executor, at: number): Promise<void> {
    await db.deleteFrom('authorization_requests').where('expires_at', '<', at).execute();
  },
};
