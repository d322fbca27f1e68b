import type { Kysely } from 'kysely';

/**
 * sessions.verified_until (auth/secure-verification.ts): until when (unix seconds) the session counts as
 * freshly verified with a second factor, for actions such as revealing a channel key; 0 = never.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('verified_until', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('verified_until').execute();
}
