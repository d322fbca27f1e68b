import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/** The users' external-id columns; each becomes the provider name of its `oauth_identities` rows. */
const PROVIDER_COLUMNS = {
  github: 'github_id',
  google: 'google_id',
  linuxdo: 'linux_do_id',
  oidc: 'oidc_id',
  telegram: 'telegram_id',
  wechat: 'wechat_id',
} as const;

/**
 * Third-party sign-in and authorization (issue 7):
 * - `oauth_states`: one row per state handed out by GET /api/oauth/state, with what the callback needs
 *   (PKCE verifier, return address, invite code, the user it binds for). A conditional DELETE consumes it,
 *   so a state works once even when two callbacks race on different nodes.
 * - `oauth_identities`: who owns an external account. Its primary key (provider, external id) is what
 *   guarantees one external account is never linked to two users; the users' `<provider>_id` columns
 *   stay as the displayed copy. Existing ids are carried over (the oldest user wins a duplicate).
 * - `authorization_requests`: an outside application's request for one of a user's tokens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const text = dialect === 'mysql' ? 'varchar(2048)' : 'text';

  await db.schema
    .createTable('oauth_states')
    .ifNotExists()
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('aff', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('login_params', text)
    .addColumn('next', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('redirect_uri', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_oauth_states_expires_at').ifNotExists().on('oauth_states').columns(['expires_at']).execute();

  await db.schema
    .createTable('oauth_identities')
    .ifNotExists()
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_oauth_identities', ['provider', 'external_id'])
    .execute();
  await db.schema.createIndex('idx_oauth_identities_user_id').ifNotExists().on('oauth_identities').columns(['user_id']).execute();
  for (const [provider, column] of Object.entries(PROVIDER_COLUMNS)) {
    await db
      .insertInto('oauth_identities')
      .columns(['provider', 'external_id', 'user_id', 'created_at'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select((s) => [sql.lit(provider).as('provider'), s.ref(column).as('external_id'), s.fn.min('id').as('user_id'), sql.lit(0).as('created_at')])
          .where(column, '!=', '')
          .groupBy(column),
      )
      .execute();
  }

  const requests = db.schema.createTable('authorization_requests').ifNotExists();
  await (dialect === 'postgres'
    ? requests.addColumn('id', 'serial', (c) => c.primaryKey())
    : requests.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('code_challenge', 'varchar(64)', (c) => c.notNull())
    .addColumn('app_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_authorization_requests_code').ifNotExists().on('authorization_requests').columns(['code']).unique().execute();
  await db.schema.createIndex('idx_authorization_requests_challenge').ifNotExists().on('authorization_requests').columns(['code_challenge']).unique().execute();
  await db.schema.createIndex('idx_authorization_requests_expires_at').ifNotExists().on('authorization_requests').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const dropIndex = (name: string, table: string) => {
    const q = db.schema.dropIndex(name).ifExists();
    return (dialectOf(db) === 'mysql' ? q.on(table) : q).execute();
  };
  await dropIndex('idx_authorization_requests_expires_at', 'authorization_requests');
  await dropIndex('idx_authorization_requests_challenge', 'authorization_requests');
  await dropIndex('idx_authorization_requests_code', 'authorization_requests');
  await db.schema.dropTable('authorization_requests').ifExists().execute();
  await dropIndex('idx_oauth_identities_user_id', 'oauth_identities');
  await db.schema.dropTable('oauth_identities').ifExists().execute();
  await dropIndex('idx_oauth_states_expires_at', 'oauth_states');
  await db.schema.dropTable('oauth_states').ifExists().execute();
}
