import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Indexes for the usage-log list, its stat and export (logs/logs.repository.ts). Every list is ordered
 * newest first (created_at desc, id desc) and usually bounded in time, so each equality filter gets an
 * index (column, created_at): a page is a short index range read in order, and a count is an index-only
 * range scan. SQLite and InnoDB append the primary key to every index and PostgreSQL sorts equal
 * created_at values incrementally, so the `id desc` tie-break costs nothing. The single-column indexes
 * replaced here are prefixes of the new ones.
 *
 * The stat sums `quota` of consume logs (type 2) under the same filters, so the indexes also carry
 * `type` and `quota`: such sums then never read the wide rows (the `other` JSON makes a row ~600 bytes).
 * PostgreSQL keeps them as INCLUDE columns; SQLite as trailing columns, which only adds a cheap partial
 * sort of equal created_at values to a page; MariaDB would have to sort every matching row for a page
 * instead, so there the indexes stay without them and its sums read the rows.
 */
const REPLACED = ['created_at_type', 'username', 'token_name', 'model_name', 'channel_id'];
const ADDED: [name: string, columns: string[], covering: string[]][] = [
  ['created_at', ['created_at'], []],
  ['type_created_at', ['type', 'created_at'], ['quota']],
  ['user_id_type_created_at', ['user_id', 'type', 'created_at'], ['quota']],
  ['username_created_at', ['username', 'created_at'], ['type', 'quota']],
  ['token_name_created_at', ['token_name', 'created_at'], ['type', 'quota']],
  ['model_name_created_at', ['model_name', 'created_at'], ['type', 'quota']],
  ['channel_id_created_at', ['channel_id', 'created_at'], ['type', 'quota']],
  ['group_created_at', ['group', 'created_at'], ['type', 'quota']],
];

/** MySQL names the table in DROP INDEX; PostgreSQL and SQLite refuse it there. */
function dropIndex(db: Kysely<any>, name: string) {
  const q = db.schema.dropIndex(name).ifExists();
  return (dialectOf(db) === 'mysql' ? q.on('logs') : q).execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  for (const [name, columns, covering] of ADDED) {
    if (dialect === 'postgres' && covering.length > 0) {
      const list = (cs: string[]) => sql.join(cs.map((c) => sql.id(c)));
      await sql`create index if not exists ${sql.id(`idx_logs_${name}`)} on logs (${list(columns)}) include (${list(covering)})`.execute(db);
    } else {
      const all = dialect === 'sqlite' ? [...columns, ...covering] : columns;
      await db.schema.createIndex(`idx_logs_${name}`).ifNotExists().on('logs').columns(all).execute();
    }
  }
  for (const name of REPLACED) await dropIndex(db, `idx_logs_${name}`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_logs_created_at_type').ifNotExists().on('logs').columns(['created_at', 'type']).execute();
  for (const column of REPLACED.slice(1)) await db.schema.createIndex(`idx_logs_${column}`).ifNotExists().on('logs').columns([column]).execute();
  for (const [name] of ADDED) await dropIndex(db, `idx_logs_${name}`);
}
