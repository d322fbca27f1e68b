import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * new-api's subscription plans (subscriptions/): plans an administrator sells, the subscriptions users hold
 * (each with its own quota budget, used before or after the wallet as the user prefers), and the payment
 * orders that buy them.
 *
 * - A user subscription copies what it needs of its plan when it is created (budget, reset period,
 *   upgrade group), so editing a plan never changes what was already bought.
 * - `quota_holds.subscription_id`: the subscription a request's hold was taken from (0 = the wallet), so
 *   settlement and refund move that subscription's `amount_used` instead of the user's balance.
 * - `users.subscription_until`: the latest end of the user's active subscriptions (0 = none), kept with
 *   every change, so the relay knows from the cached key row whether to look at subscriptions at all.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const withId = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const text = (dialect === 'mysql' ? sql`mediumtext` : 'text') as 'text';

  await withId(db.schema.createTable('subscription_plans').ifNotExists())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('subtitle', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('price_amount', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('USD'))
    .addColumn('duration_unit', 'varchar(16)', (c) => c.notNull().defaultTo('month'))
    .addColumn('duration_value', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('custom_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stripe_price_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('creem_product_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('max_purchase_per_user', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upgrade_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('total_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota_reset_period', 'varchar(16)', (c) => c.notNull().defaultTo('never'))
    .addColumn('quota_reset_custom_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable('user_subscriptions').ifNotExists())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('plan_id', 'bigint', (c) => c.notNull())
    .addColumn('amount_total', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'bigint', (c) => c.notNull())
    .addColumn('end_time', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('active'))
    .addColumn('source', 'varchar(32)', (c) => c.notNull().defaultTo('order'))
    .addColumn('quota_reset_period', 'varchar(16)', (c) => c.notNull().defaultTo('never'))
    .addColumn('quota_reset_custom_seconds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_reset_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('next_reset_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('upgrade_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('prev_user_group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_user_subscriptions_user').ifNotExists().on('user_subscriptions').columns(['user_id', 'status', 'end_time']).execute();
  await db.schema.createIndex('idx_user_subscriptions_status_end').ifNotExists().on('user_subscriptions').columns(['status', 'end_time']).execute();
  await db.schema.createIndex('idx_user_subscriptions_plan').ifNotExists().on('user_subscriptions').columns(['plan_id', 'user_id']).execute();

  await withId(db.schema.createTable('subscription_orders').ifNotExists())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('plan_id', 'bigint', (c) => c.notNull())
    .addColumn('money', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('trade_no', 'varchar(255)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('create_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('complete_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('provider_payload', text)
    .execute();
  await db.schema.createIndex('idx_subscription_orders_trade_no').ifNotExists().on('subscription_orders').column('trade_no').unique().execute();
  await db.schema.createIndex('idx_subscription_orders_user').ifNotExists().on('subscription_orders').columns(['user_id', 'plan_id']).execute();

  await db.schema.alterTable('quota_holds').addColumn('subscription_id', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('subscription_until', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('subscription_until').execute();
  await db.schema.alterTable('quota_holds').dropColumn('subscription_id').execute();
  await db.schema.dropTable('subscription_orders').ifExists().execute();
  await db.schema.dropTable('user_subscriptions').ifExists().execute();
  await db.schema.dropTable('subscription_plans').ifExists().execute();
}
