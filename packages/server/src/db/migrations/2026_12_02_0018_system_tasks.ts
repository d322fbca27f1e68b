import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Background jobs an administrator starts and watches (system-tasks/): new-api's system tasks. A row per
 * task; `active_key` holds the task type while it is pending or running and NULL after, and is unique,
 * so at most one task of a type runs across every process of the site (NULLs never collide).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('system_tasks').ifNotExists();
  await (dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('task_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('active_key', 'varchar(64)')
    .addColumn('payload', 'text')
    .addColumn('state', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('locked_by', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_system_tasks_task_id').ifNotExists().on('system_tasks').column('task_id').unique().execute();
  await db.schema.createIndex('idx_system_tasks_active_key').ifNotExists().on('system_tasks').column('active_key').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('system_tasks').ifExists().execute();
}
