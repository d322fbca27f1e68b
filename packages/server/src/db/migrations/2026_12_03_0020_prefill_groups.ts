import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * new-api's prefill groups (prefill-groups/): named lists of models, tags or endpoints that forms are filled
 * from. Deleting a group only sets `deleted_at`, as new-api does. `live_name` is the lower-cased name while
 * the group exists and NULL once deleted; its unique index keeps live names unique (ignoring case, alike
 * on every dialect) while a deleted group's name can be used again (NULLs never collide). `items` is JSON
 * text: mediumtext on MySQL, where TEXT holds only 64 KiB.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const json = (dialect === 'mysql' ? sql`mediumtext` : 'text') as 'text';
  const table = db.schema.createTable('prefill_groups').ifNotExists();
  await (dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    // MySQL compares with the column's collation: binary, so only the lower-casing decides what collides.
    .addColumn('live_name', 'varchar(64)', (c) => (dialect === 'mysql' ? c.modifyFront(sql`character set utf8mb4 collate utf8mb4_bin`) : c))
    .addColumn('type', 'varchar(32)', (c) => c.notNull())
    .addColumn('items', json, (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('uk_prefill_groups_live_name').ifNotExists().on('prefill_groups').column('live_name').unique().execute();
  await db.schema.createIndex('idx_prefill_groups_type').ifNotExists().on('prefill_groups').column('type').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('prefill_groups').ifExists().execute();
}
