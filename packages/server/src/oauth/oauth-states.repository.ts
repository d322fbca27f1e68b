import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, OAuthStatesTable } from '../db/schema.js';

type Executor = Kysely<Database>;
export type OAuthStateRow = Selectable<OAuthStatesTable>;

/** The only code that reads and writes oauth_states. */
export const oauthStatesRepository = {
  async insert(db: Executor, row: Insertable<OAuthStatesTable>): Promise<void> {
    await db.insertInto('oauth_states').values(row).execute();
  },

  /**
   * Takes a state out: answers its row only to the caller whose DELETE removed it, so two racing
   * callbacks cannot both use one state.
   */
  async consume(db: Executor, state: string): Promise<OAuthStateRow | undefined> {
    const row = await db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirst();
    if (!row) return undefined;
    const result = await db.deleteFrom('oauth_states').where('state', '=', state).executeTakeFirst();
    return Number(result.numDeletedRows) === 1 ? row : undefined;
  },

  /** Like consume, for a state made for `provider` only: another provider's state is left alone. */
  async consumeOf(db: Executor, state: string, provider: string): Promise<OAuthStateRow | undefined> {
    const row = await db.selectFrom('oauth_states').selectAll().where('state', '=', state).where('provider', '=', provider).executeTakeFirst();
    if (!row) return undefined;
    const result = await db.deleteFrom('oauth_states').where('state', '=', state).where('provider', '=', provider).executeTakeFirst();
    return Number(result.numDeletedRows) === 1 ? row : undefined;
  },

  async deleteExpired(db: Executor, now: number): Promise<void> {
    await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
  },
};
