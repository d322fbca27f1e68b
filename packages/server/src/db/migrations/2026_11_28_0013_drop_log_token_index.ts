import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Drops the logs' token_id index: no log query filters or sorts by token_id (logs.repository.ts), and
 * every relayed request paid for it in its log insert (each of the log table's indexes costs about
 * 1.2 µs per row on SQLite, bench/README.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const q = db.schema.dropIndex('idx_logs_token_id').ifExists();
  // MySQL names the table in DROP INDEX; PostgreSQL and SQLite refuse it there.
  await (dialectOf(db) === 'mysql' ? q.on('logs') : q).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_logs_token_id').ifNotExists().on('logs').column('token_id').execute();
}
