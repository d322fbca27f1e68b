import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect-helpers.js';

/**
 * Rewards and custom models (issue 8):
 * - `users.last_fuel_pack_at`: when the user last claimed the fuel pack. The claim is one conditional
 *   UPDATE on it (… WHERE last_fuel_pack_at <= now - window), so two racing claims cannot both succeed.
 * - `activity_rewards`: one row per (activity, user) granted; its unique index is what makes a reward
 *   once per user and activity, however many administrators click at the same time.
 * - `user_custom_models`: one config per user and supplier, enforced by a unique index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_fuel_pack_at', 'bigint', (c) => c.notNull().defaultTo(0)).execute();

  const table = db.schema.createTable('activity_rewards').ifNotExists();
  await (dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('activity_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_activity_rewards_activity_user').ifNotExists().on('activity_rewards').columns(['activity_id', 'user_id']).unique().execute();
  await db.schema.createIndex('idx_activity_rewards_user_id').ifNotExists().on('activity_rewards').columns(['user_id']).execute();

  await db.schema.createIndex('idx_user_custom_models_user_supplier').ifNotExists().on('user_custom_models').columns(['user_id', 'supplier_id']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const dropIndex = (name: string, table: string) => {
    const q = db.schema.dropIndex(name).ifExists();
    return (dialectOf(db) === 'mysql' ? q.on(table) : q).execute();
  };
  await dropIndex('idx_user_custom_models_user_supplier', 'user_custom_models');
  await db.schema.dropTable('activity_rewards').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('last_fuel_pack_at').execute();
}
