import type { Kysely } from 'kysely';

/**
 * A key's request and token rate limits per minute (relay/limits/token-rate-limit/): requests of any
 * outcome, and the prompt + completion tokens of its answers. 0 = no limit; existing tokens have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('rpm_limit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tokens').addColumn('tpm_limit', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['tpm_limit', 'rpm_limit']) await db.schema.alterTable('tokens').dropColumn(column).execute();
}
