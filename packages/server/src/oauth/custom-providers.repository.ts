import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CustomOAuthBinding } from '@gw/contracts';
import type { CustomOAuthProvidersTable, Database } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

export type CustomProviderRow = Selectable<CustomOAuthProvidersTable>;
export type NewCustomProvider = Omit<Insertable<CustomOAuthProvidersTable>, 'id'>;
export type CustomProviderPatch = Omit<Updateable<CustomOAuthProvidersTable>, 'id' | 'created_at'>;

/** The only code that reads and writes custom_oauth_providers. */
export const customProvidersRepository = {
  listAll(db: Executor): Promise<CustomProviderRow[]> {
    return db.selectFrom('custom_oauth_providers').selectAll().orderBy('id').execute();
  },

  findById(db: Executor, id: number): Promise<CustomProviderRow | undefined> {
    return db.selectFrom('custom_oauth_providers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findBySlug(db: Executor, slug: string): Promise<CustomProviderRow | undefined> {
    return db.selectFrom('custom_oauth_providers').selectAll().where('slug', '=', slug).executeTakeFirst();
  },

  /** Fails with a unique violation when the slug is taken. */
  insert(db: Executor, row: NewCustomProvider): Promise<number> {
    return insertReturningId(db, 'custom_oauth_providers', row);
  },

  async update(db: Executor, id: number, patch: CustomProviderPatch): Promise<void> {
    await db.updateTable('custom_oauth_providers').set(patch).where('id', '=', id).execute();
  },

  async delete(db: Executor, id: number): Promise<void> {
    await db.deleteFrom('custom_oauth_providers').where('id', '=', id).execute();
  },

  /** How many users have an account at the provider of this slug. */
  async countBindings(db: Executor, slug: string): Promise<number> {
    const row = await db.selectFrom('oauth_identities').select((eb) => eb.fn.countAll<number>().as('n')).where('provider', '=', slug).executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Moves the accounts (and the pending states) of a provider to its new slug. */
  async renameBindings(db: Executor, from: string, to: string): Promise<void> {
    await db.updateTable('oauth_identities').set({ provider: to }).where('provider', '=', from).execute();
    await db.updateTable('oauth_states').set({ provider: to }).where('provider', '=', from).execute();
  },

  /** The user's accounts at custom providers, by provider id. */
  bindingsOf(db: Executor, userId: number): Promise<CustomOAuthBinding[]> {
    return db
      .selectFrom('oauth_identities as i')
      .innerJoin('custom_oauth_providers as p', 'p.slug', 'i.provider')
      .select(['p.id as provider_id', 'p.name as provider_name', 'p.slug as provider_slug', 'i.external_id as provider_user_id'])
      .where('i.user_id', '=', userId)
      .orderBy('p.id')
      .execute();
  },
};
