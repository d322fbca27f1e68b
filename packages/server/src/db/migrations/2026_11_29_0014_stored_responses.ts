import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Responses the gateway answered through its chat bridge, kept so a later request can continue them by
 * `previous_response_id` (relay/responses-store/). `items` is the whole conversation as Responses input
 * items (up to 8 MiB), `response` the final response object for GET /v1/responses/{id}; on MySQL both are
 * longtext, as TEXT holds only 64 KiB there. Times are unix seconds; expired rows are deleted periodically.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const text = (dialectOf(db) === 'mysql' ? sql`longtext` : 'text') as 'text';
  await db.schema
    .createTable('stored_responses')
    .ifNotExists()
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('model', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('items', text, (c) => c.notNull())
    .addColumn('response', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_stored_responses_user_id').ifNotExists().on('stored_responses').columns(['user_id']).execute();
  await db.schema.createIndex('idx_stored_responses_expires_at').ifNotExists().on('stored_responses').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['idx_stored_responses_expires_at', 'idx_stored_responses_user_id']) {
    const q = db.schema.dropIndex(name).ifExists();
    await (dialectOf(db) === 'mysql' ? q.on('stored_responses') : q).execute();
  }
  await db.schema.dropTable('stored_responses').ifExists().execute();
}
