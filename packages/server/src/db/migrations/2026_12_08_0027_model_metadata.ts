import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * new-api's model metadata and vendors (model-metadata/): what the pricing page says about a model and
 * who makes it. `model_metadata.model_name` is unique and case-sensitive on every dialect (model names
 * are), so MySQL compares it in binary. `vendors.name_key` is the lower-cased name: vendor names are
 * unique ignoring case, alike on every dialect. Long text (icons may be data URLs, endpoint maps) is
 * mediumtext on MySQL, where TEXT holds only 64 KiB. The default vendors are written once, so the pricing
 * page can group models by maker from the start; an administrator may rename or delete them.
 */
/** The vendors a new site starts with (frozen here; model-metadata/vendor-inference.ts guesses among them by name). */
export const SEEDED_VENDORS = [
  'OpenAI', 'Anthropic', 'Google', 'DeepSeek', 'Alibaba', 'Zhipu', 'Moonshot', 'MiniMax', 'Baidu', 'Tencent', 'iFlytek',
  'ByteDance', 'Mistral', 'xAI', 'Meta', 'Cohere', '01.AI', '360', 'Jina', 'Microsoft',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const long = (dialect === 'mysql' ? sql`mediumtext` : 'text') as 'text';
  const binary = (dialect === 'mysql' ? sql`character set utf8mb4 collate utf8mb4_bin` : undefined);
  const id = (t: ReturnType<Kysely<any>['schema']['createTable']>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await id(db.schema.createTable('vendors').ifNotExists())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(128)', (c) => (binary ? c.notNull().modifyFront(binary) : c.notNull()))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', long, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uk_vendors_name_key').ifNotExists().on('vendors').column('name_key').unique().execute();

  await id(db.schema.createTable('model_metadata').ifNotExists())
    .addColumn('model_name', 'varchar(128)', (c) => (binary ? c.notNull().modifyFront(binary) : c.notNull()))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('icon', long, (c) => c.notNull())
    .addColumn('tags', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('vendor_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('endpoints', long, (c) => c.notNull())
    .addColumn('context_length', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_output_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('knowledge_cutoff', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('release_date', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('parameter_count', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('input_modalities', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('output_modalities', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sync_official', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name_rule', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uk_model_metadata_model_name').ifNotExists().on('model_metadata').column('model_name').unique().execute();
  await db.schema.createIndex('idx_model_metadata_vendor_id').ifNotExists().on('model_metadata').column('vendor_id').execute();

  const now = Math.floor(Date.now() / 1000);
  await db
    .insertInto('vendors')
    .values(SEEDED_VENDORS.map((name) => ({ name, name_key: name.toLowerCase(), description: '', icon: '', status: 1, created_time: now, updated_time: now })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('model_metadata').ifExists().execute();
  await db.schema.dropTable('vendors').ifExists().execute();
}
