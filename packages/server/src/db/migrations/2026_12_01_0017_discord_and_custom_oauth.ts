import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/** The providers whose names fit the old 16-character columns (everything but custom slugs). */
const BUILT_IN = ['github', 'google', 'linuxdo', 'oidc', 'discord', 'telegram', 'wechat'];

/** Changes the width of a NOT NULL varchar column (SQLite does not enforce widths, so it has nothing to do). */
async function setWidth(db: Kysely<any>, table: string, column: string, width: number): Promise<void> {
  const dialect = dialectOf(db);
  if (dialect === 'sqlite') return;
  const type = `varchar(${width})` as const;
  const alter = db.schema.alterTable(table);
  await (dialect === 'mysql' ? alter.modifyColumn(column, type, (c) => c.notNull()) : alter.alterColumn(column, (c) => c.setDataType(type))).execute();
}

/**
 * Discord sign-in and administrator-defined OAuth providers (oauth/custom-providers.service.ts):
 * - `users.discord_id`, the displayed copy of the Discord account id (as github_id and the others);
 * - `custom_oauth_providers`, one row per provider; `slug` names its routes and its oauth_identities rows;
 * - `oauth_states.provider` and `oauth_identities.provider` widen from 16 to 64 characters to hold slugs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('users').addColumn('discord_id', 'varchar(128)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('idx_users_discord_id').ifNotExists().on('users').columns(['discord_id']).execute();

  const table = db.schema.createTable('custom_oauth_providers').ifNotExists();
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('slug', 'varchar(32)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('client_id', 'varchar(256)', (c) => c.notNull())
    .addColumn('client_secret', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('authorization_endpoint', 'varchar(512)', (c) => c.notNull())
    .addColumn('token_endpoint', 'varchar(512)', (c) => c.notNull())
    .addColumn('user_info_endpoint', 'varchar(512)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('use_pkce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auth_style', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id_field', 'varchar(128)', (c) => c.notNull())
    .addColumn('username_field', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name_field', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('email_field', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_custom_oauth_providers_slug').ifNotExists().on('custom_oauth_providers').columns(['slug']).unique().execute();

  await setWidth(db, 'oauth_states', 'provider', 64);
  await setWidth(db, 'oauth_identities', 'provider', 64);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('oauth_identities').where('provider', 'not in', BUILT_IN).execute();
  await db.deleteFrom('oauth_states').where('provider', 'not in', [...BUILT_IN, '']).execute();
  await setWidth(db, 'oauth_identities', 'provider', 16);
  await setWidth(db, 'oauth_states', 'provider', 16);
  await db.schema.dropTable('custom_oauth_providers').ifExists().execute();
  await db.deleteFrom('oauth_identities').where('provider', '=', 'discord').execute();
  const dropIndex = db.schema.dropIndex('idx_users_discord_id').ifExists();
  await (dialectOf(db) === 'mysql' ? dropIndex.on('users') : dropIndex).execute();
  await db.schema.alterTable('users').dropColumn('discord_id').execute();
}
