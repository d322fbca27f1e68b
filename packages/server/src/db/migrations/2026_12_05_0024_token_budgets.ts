import type { Kysely } from 'kysely';

/**
 * A key's spending limit per calendar period (tokens/token-budget.ts): the limit and its period, what was
 * spent, and the start of the period that spending belongs to (unix seconds). Existing tokens have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tokens').addColumn('budget_quota', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tokens').addColumn('budget_period', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('tokens').addColumn('budget_used', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tokens').addColumn('budget_window', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['budget_window', 'budget_used', 'budget_period', 'budget_quota']) await db.schema.alterTable('tokens').dropColumn(column).execute();
}
