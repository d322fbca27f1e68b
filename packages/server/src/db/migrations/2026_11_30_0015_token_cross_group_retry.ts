import type { Kysely } from 'kysely';

/**
 * new-api's `cross_group_retry` on a token: an `auto` key whose group's channels all failed moves on to
 * the next of its auto groups (relay/pipeline/auto-group.ts). 0 for every existing token.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('cross_group_retry', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').dropColumn('cross_group_retry').execute();
}
