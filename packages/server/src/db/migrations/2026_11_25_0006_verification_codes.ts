import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * One-time secrets shared by every process of the site (issue 7):
 * - `verification_codes`: e-mail codes, SMS codes and password-reset tokens, one live row per
 *   (purpose, target). Only a SHA-256 of the secret is kept. The primary key is what enforces the resend
 *   interval (a second insert fails until the old row is cleared) and a conditional DELETE is what
 *   makes a code single-use, so racing requests on different nodes cannot both use one code.
 * - `captcha_challenges`: slider puzzles by the hash of their key, with the answer and whether it was solved.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .ifNotExists()
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('target', 'varchar(191)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_verification_codes', ['purpose', 'target'])
    .execute();
  await db.schema.createIndex('idx_verification_codes_expires_at').ifNotExists().on('verification_codes').columns(['expires_at']).execute();

  await db.schema
    .createTable('captcha_challenges')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer_x', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_captcha_challenges_expires_at').ifNotExists().on('captcha_challenges').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const dropIndex = (name: string, table: string) => {
    const q = db.schema.dropIndex(name).ifExists();
    return (dialectOf(db) === 'mysql' ? q.on(table) : q).execute();
  };
  await dropIndex('idx_captcha_challenges_expires_at', 'captcha_challenges');
  await db.schema.dropTable('captcha_challenges').ifExists().execute();
  await dropIndex('idx_verification_codes_expires_at', 'verification_codes');
  await db.schema.dropTable('verification_codes').ifExists().execute();
}
