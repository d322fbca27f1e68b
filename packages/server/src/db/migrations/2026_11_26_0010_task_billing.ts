import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Asynchronous tasks (drawing_tasks for Midjourney, tasks for Suno and video) remember the API key that
 * paid for them, so a task that fails later gives the quota back to that key as well as to its owner.
 * The polling worker reads unfinished tasks by status, oldest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['drawing_tasks', 'tasks']) {
    await db.schema.alterTable(table).addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex(`idx_${table}_status_submit`).ifNotExists().on(table).columns(['status', 'submit_time']).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['drawing_tasks', 'tasks']) {
    const drop = db.schema.dropIndex(`idx_${table}_status_submit`).ifExists();
    await (dialectOf(db) === 'mysql' ? drop.on(table) : drop).execute();
    await db.schema.alterTable(table).dropColumn('token_id').execute();
  }
}
