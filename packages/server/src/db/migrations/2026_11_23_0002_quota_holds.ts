import type { Kysely } from 'kysely';

/**
 * Quota holds: one row per relayed request between pre-consume and settlement, so a crash between the
 * two can be repaired (billing/billing.service.ts `reconcileStaleHolds` refunds holds left 'held').
 * `amount` was taken from the user; `token_amount` is the part taken from the token's remain_quota
 * (equal to `amount` for a limited token, 0 for an unlimited one or no token), so settlement and refund
 * move exactly what was moved, even if the token's unlimited flag changes mid-request.
 * `updated_at` is refreshed by the owning process while a long request is still running, so staleness is
 * judged on it (index status + updated_at) rather than on created_at: a long stream is never refunded early.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quota_holds')
    .ifNotExists()
    .addColumn('request_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('token_amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('held'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_quota_holds_status_updated_at').ifNotExists().on('quota_holds').columns(['status', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quota_holds').ifExists().execute();
}
