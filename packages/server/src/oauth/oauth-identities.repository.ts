import type { Kysely } from 'kysely';
import type { OAuthProvider } from '@gw/contracts';
import type { UsersTable } from '../db/schema.js';
import type { Database } from '../db/schema.js';
import { nowSeconds } from '../platform/clock.js';

type Executor = Kysely<Database>;

/** The users column that shows each provider's external id. */
export const PROVIDER_COLUMN = {
  github: 'github_id',
  google: 'google_id',
  linuxdo: 'linux_do_id',
  oidc: 'oidc_id',
  discord: 'discord_id',
  telegram: 'telegram_id',
  wechat: 'wechat_id',
} as const satisfies Record<OAuthProvider, keyof UsersTable>;

/** The users column of a built-in provider; custom providers (named by slug) have none. */
export function providerColumn(provider: string): (typeof PROVIDER_COLUMN)[OAuthProvider] | undefined {
  return Object.prototype.hasOwnProperty.call(PROVIDER_COLUMN, provider) ? PROVIDER_COLUMN[provider as OAuthProvider] : undefined;
}

/**
 * The only code that reads and writes oauth_identities: which user owns an external account. `provider` is a
 * built-in provider's name or a custom provider's slug.
 */
export const oauthIdentitiesRepository = {
  async findOwner(db: Executor, provider: string, externalId: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('oauth_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('external_id', '=', externalId)
      .executeTakeFirst();
    return row?.user_id;
  },

  /** Fails with a unique violation when the external account already has an owner. */
  async insert(db: Executor, provider: string, externalId: string, userId: number): Promise<void> {
    await db.insertInto('oauth_identities').values({ provider, external_id: externalId, user_id: userId, created_at: nowSeconds() }).execute();
  },

  /** Forgets the user's account at this provider (before binding another one). */
  async deleteForUser(db: Executor, provider: string, userId: number): Promise<void> {
    await db.deleteFrom('oauth_identities').where('provider', '=', provider).where('user_id', '=', userId).execute();
  },

  /** The providers (built-in names and custom slugs) the user has an account at. */
  async providersOf(db: Executor, userId: number): Promise<string[]> {
    const rows = await db.selectFrom('oauth_identities').select('provider').where('user_id', '=', userId).execute();
    return rows.map((r) => r.provider);
  },
};
