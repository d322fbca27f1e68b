import type { Kysely, Selectable } from 'kysely';
import type { Database, StoredResponsesTable } from '../../db/schema.js';

type Executor = Kysely<Database>;

export type StoredResponseRow = Selectable<StoredResponsesTable>;

/**
 * The `stored_responses` table. Every read and delete is scoped by the owning user, and a row whose
 * `expires_at` has passed reads as absent even before the clean-up deletes it.
 */
export const storedResponsesRepository = {
  async insert(db: Executor, row: StoredResponseRow): Promise<void> {
    await db.insertInto('stored_responses').values(row).execute();
  },

  /** The conversation items (JSON) of a live response of this user. */
  async findItems(db: Executor, userId: number, id: string, now: number): Promise<string | undefined> {
    const row = await db.selectFrom('stored_responses').select('items').where('id', '=', id).where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
    return row?.items;
  },

  /** The final response object (JSON) of a live response of this user. */
  async findResponse(db: Executor, userId: number, id: string, now: number): Promise<string | undefined> {
    const row = await db.selectFrom('stored_responses').select('response').where('id', '=', id).where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
    return row?.response;
  },

  /** Deletes a live response of this user; true when there was one. */
  async delete(db: Executor, userId: number, id: string, now: number): Promise<boolean> {
    const result = await db.deleteFrom('stored_responses').where('id', '=', id).where('user_id', '=', userId).where('expires_at', '>', now).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Deletes every response expired at `now`; answers how many. */
  async deleteExpired(db: Executor, now: number): Promise<number> {
    const result = await db.deleteFrom('stored_responses').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
