import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Two-factor sign-in, quota notifications and online top-up (issue 7, part C):
 * - `user_two_factor`: one row per user with a TOTP secret (sealed), whether it is enabled, and the last
 *   accepted time step; a conditional UPDATE on `last_time_step` makes each code usable once.
 * - `two_factor_backup_codes`: SHA-256 of each backup code; a conditional UPDATE on `used_at` makes it single-use.
 * - `passkeys`: WebAuthn credentials (unique credential id) with their public key and signature counter.
 * - `auth_challenges`: short-lived server-side secrets (pending 2FA sign-ins, WebAuthn challenges) by the
 *   hash of their id; consumed by a DELETE whose row count says who got it first.
 * - `notification_throttle`: when a user was last notified of each kind; the conditional UPDATE on
 *   `last_sent_at` is what lets several processes agree on "at most once per 2 hours".
 * - `users.notify_webhook_secret`: the (sealed) HMAC key of the user's quota webhook, kept out of `setting`
 *   so that user views never carry it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('user_two_factor')
    .ifNotExists()
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('totp_secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_time_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('two_factor_backup_codes').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_two_factor_backup_codes_user_code').ifNotExists().on('two_factor_backup_codes').columns(['user_id', 'code_hash']).unique().execute();

  await withId(db.schema.createTable('passkeys').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('credential_id', 'varchar(255)', (c) => c.notNull())
    .addColumn('public_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_passkeys_credential_id').ifNotExists().on('passkeys').columns(['credential_id']).unique().execute();
  await db.schema.createIndex('idx_passkeys_user_id').ifNotExists().on('passkeys').columns(['user_id']).execute();

  await db.schema
    .createTable('auth_challenges')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payload', 'varchar(2048)', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_auth_challenges_expires_at').ifNotExists().on('auth_challenges').columns(['expires_at']).execute();

  await db.schema
    .createTable('notification_throttle')
    .ifNotExists()
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_sent_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_notification_throttle', ['user_id', 'kind'])
    .execute();

  await db.schema.alterTable('users').addColumn('notify_webhook_secret', 'varchar(512)', (c) => c.notNull().defaultTo('')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const dropIndex = (name: string, table: string) => {
    const q = db.schema.dropIndex(name).ifExists();
    return (dialectOf(db) === 'mysql' ? q.on(table) : q).execute();
  };
  await db.schema.alterTable('users').dropColumn('notify_webhook_secret').execute();
  await db.schema.dropTable('notification_throttle').ifExists().execute();
  await dropIndex('idx_auth_challenges_expires_at', 'auth_challenges');
  await db.schema.dropTable('auth_challenges').ifExists().execute();
  await dropIndex('idx_passkeys_user_id', 'passkeys');
  await dropIndex('idx_passkeys_credential_id', 'passkeys');
  await db.schema.dropTable('passkeys').ifExists().execute();
  await dropIndex('idx_two_factor_backup_codes_user_code', 'two_factor_backup_codes');
  await db.schema.dropTable('two_factor_backup_codes').ifExists().execute();
  await db.schema.dropTable('user_two_factor').ifExists().execute();
}
