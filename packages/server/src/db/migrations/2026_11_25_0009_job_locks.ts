import type { Kysely } from 'kysely';

/**
 * Locks for periodic jobs (task polling, channel tests): one row per job name held by one process
 * until `expires_at` (unix milliseconds), so exactly one process runs a job even without Redis, and a
 * crashed holder's lock lapses.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_locks')
    .ifNotExists()
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('owner', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_locks').ifExists().execute();
}
