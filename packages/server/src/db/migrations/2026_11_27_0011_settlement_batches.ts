import type { Kysely } from 'kysely';

/**
 * Settlement batches already applied (billing/settlement-writer.ts). A batch records its id in the same
 * transaction as its balance updates, so a batch whose commit outcome was unknown (the connection was
 * lost after COMMIT was sent) can be written again without charging anyone twice.
 * Rows are purged after a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('settlement_batches')
    .ifNotExists()
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settlement_batches').ifExists().execute();
}
