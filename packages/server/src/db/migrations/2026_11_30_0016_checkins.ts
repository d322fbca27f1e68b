import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Daily check-ins (checkin/): one row per user and day, `checkin_date` the server's local date
 * 'YYYY-MM-DD'. The unique (user_id, checkin_date) index is what makes a check-in once a day: of two
 * racing check-ins the second insert fails and its transaction (the credit and the log) rolls back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('checkins').ifNotExists();
  await (dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('checkin_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('quota_awarded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_checkins_user_date').ifNotExists().on('checkins').columns(['user_id', 'checkin_date']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('checkins').ifExists().execute();
}
