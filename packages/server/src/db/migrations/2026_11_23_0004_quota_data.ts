import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Running aggregates over the logs table, each advanced from a watermark (the highest log id already
 * folded in) kept in `aggregation_watermarks`; reading it with a row lock serialises concurrent runs so no
 * log is counted twice.
 * - `quota_data`: the data dashboard's hourly usage (dashboard/quota-data-aggregator.ts), one row per
 *   user, model and hour (`created_at` = start of the hour, unix seconds), folded from consume logs.
 * - `log_counts`: rows and quota per log type and hour (logs/log-counters.ts), so the log list and stat
 *   filtered by type and time at most never count the table row by row. Seeded from the logs present.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await withId(db.schema.createTable('quota_data').ifNotExists())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(191)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_quota_data_user_model_hour').ifNotExists().on('quota_data').columns(['user_id', 'model_name', 'created_at']).unique().execute();
  await db.schema.createIndex('idx_quota_data_created_at').ifNotExists().on('quota_data').columns(['created_at']).execute();
  await db.schema.createIndex('idx_quota_data_username_created_at').ifNotExists().on('quota_data').columns(['username', 'created_at']).execute();

  await db.schema
    .createTable('aggregation_watermarks')
    .ifNotExists()
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('last_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('aggregation_watermarks').values({ name: 'quota_data', last_id: 0, updated_at: 0 }).execute();

  await db.schema
    .createTable('log_counts')
    .ifNotExists()
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('pk_log_counts', ['type', 'hour'])
    .execute();
  const top = await db.selectFrom('logs').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const lastId = Number(top?.id ?? 0);
  const hour = sql`${sql.ref('created_at')} - (${sql.ref('created_at')} % 3600)`;
  await db
    .insertInto('log_counts')
    .columns(['type', 'hour', 'count', 'quota'])
    .expression(
      db
        .selectFrom('logs')
        .select((eb) => ['type', hour.as('hour'), eb.fn.countAll().as('count'), eb.fn.coalesce(eb.fn.sum('quota'), sql`0`).as('quota')])
        .where('id', '<=', lastId)
        .groupBy(['type', hour]),
    )
    .execute();
  await db.insertInto('aggregation_watermarks').values({ name: 'log_counts', last_id: lastId, updated_at: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('log_counts').ifExists().execute();
  await db.schema.dropTable('aggregation_watermarks').ifExists().execute();
  await db.schema.dropTable('quota_data').ifExists().execute();
}
