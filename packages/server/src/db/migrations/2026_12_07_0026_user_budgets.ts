import type { Kysely } from 'kysely';

/**
 * A user's spending limit per calendar period (billing/spending-limit.ts), over all of the user's keys: the
 * limit and its period, what was spent, and the start of the period that spending belongs to (unix seconds).
 * Existing users have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('budget_quota', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('budget_period', 'varchar(16)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('users').addColumn('budget_used', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('budget_window', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['budget_window', 'budget_used', 'budget_period', 'budget_quota']) await db.schema.alterTable('users').dropColumn(column).execute();
}
