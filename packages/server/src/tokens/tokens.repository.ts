import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import type { Database, TokensTable } from '../db/schema.js';
import { dialectOf, insertReturningId } from '../db/dialect-helpers.js';
import type { SpendingLimit } from '../billing/spending-limit.js';

type Executor = Kysely<Database>;

export type TokenRow = Selectable<TokensTable>;
export type NewToken = Insertable<TokensTable>;
export type TokenUpdate = Updateable<TokensTable>;

/** A token joined with its owner: everything the gateway checks before an upstream call, in one query. */
export interface TokenWithOwner {
  id: number;
  user_id: number;
  name: string;
  status: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: number;
  model_limits_enabled: number;
  model_limits: string | null;
  allow_ips: string | null;
  group: string;
  cross_group_retry: number;
  budget_quota: number;
  budget_period: string;
  budget_used: number;
  budget_window: number;
  /** Requests and tokens per minute; 0 = no limit. */
  rpm_limit: number;
  tpm_limit: number;
  user_username: string;
  user_role: number;
  user_status: number;
  user_group: string;
  user_quota: number;
  user_setting: string | null;
  user_deleted_at: number | null;
  /** Latest end of the owner's active subscriptions; 0 = none. */
  user_subscription_until: number;
  /** The owner's spending limit over all their keys (billing/spending-limit.ts; ownerSpendingLimit). */
  user_budget_quota: number;
  user_budget_period: string;
  user_budget_used: number;
  user_budget_window: number;
}

/** The owner's spending limit of a key row, in the shape billing/spending-limit.ts reads. */
export function ownerSpendingLimit(row: TokenWithOwner): SpendingLimit {
  return { budget_quota: row.user_budget_quota, budget_period: row.user_budget_period, budget_used: row.user_budget_used, budget_window: row.user_budget_window };
}

/** Balances of a token and of its owner, in quota units. */
export interface TokenQuotaFigures {
  remain_quota: number;
  used_quota: number;
  unlimited_quota: number;
  expired_time: number;
  user_quota: number;
  user_used_quota: number;
  /** The key's spending limit per period, and its owner's (billing/spending-limit.ts). */
  budget_quota: number;
  budget_period: string;
  budget_used: number;
  budget_window: number;
  user_budget_quota: number;
  user_budget_period: string;
  user_budget_used: number;
  user_budget_window: number;
}

/** Filters of a user's token search; empty strings are "no filter". */
export interface TokenFilters {
  /** Part of the name (case-insensitive). */
  namePart?: string;
  /** The start of the key, without "sk-" (case-insensitive). */
  keyPrefix?: string;
}

const TOKEN_COLUMNS = [
  'id', 'user_id', 'key', 'status', 'name', 'created_time', 'accessed_time', 'expired_time', 'remain_quota', 'unlimited_quota',
  'model_limits_enabled', 'model_limits', 'allow_ips', 'used_quota', 'group', 'cross_group_retry',
  'budget_quota', 'budget_period', 'budget_used', 'budget_window', 'rpm_limit', 'tpm_limit', 'deleted_at',
] as const;

/**
 * The only code that reads and writes the tokens table. Every method used by the console takes the
 * owner's id and matches it in SQL, so a user can never reach another user's token; deleted tokens
 * (deleted_at set) are invisible to all of them.
 */
export const tokensRepository = {
  findByKeyWithOwner(db: Executor, key: string): Promise<TokenWithOwner | undefined> {
    return db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id', 't.user_id', 't.name', 't.status', 't.expired_time', 't.remain_quota', 't.unlimited_quota',
        't.model_limits_enabled', 't.model_limits', 't.allow_ips', 't.group', 't.cross_group_retry',
        't.budget_quota', 't.budget_period', 't.budget_used', 't.budget_window', 't.rpm_limit', 't.tpm_limit',
        'u.username as user_username', 'u.role as user_role', 'u.status as user_status', 'u.group as user_group',
        'u.quota as user_quota', 'u.setting as user_setting', 'u.deleted_at as user_deleted_at',
        'u.subscription_until as user_subscription_until', 'u.budget_quota as user_budget_quota', 'u.budget_period as user_budget_period',
        'u.budget_used as user_budget_used', 'u.budget_window as user_budget_window',
      ])
      .where('t.key', '=', key)
      .where('t.deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /**
   * A token's balance and its owner's, read from the database (the key cache's copies may lag by a few
   * seconds and carry no used amounts): what the key's usage and billing endpoints report.
   */
  findQuotaFigures(db: Executor, tokenId: number): Promise<TokenQuotaFigures | undefined> {
    return db
      .selectFrom('tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.remain_quota', 't.used_quota', 't.unlimited_quota', 't.expired_time', 'u.quota as user_quota', 'u.used_quota as user_used_quota',
        't.budget_quota', 't.budget_period', 't.budget_used', 't.budget_window',
        'u.budget_quota as user_budget_quota', 'u.budget_period as user_budget_period', 'u.budget_used as user_budget_used', 'u.budget_window as user_budget_window',
      ])
      .where('t.id', '=', tokenId)
      .where('t.deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Writes back an observed expiry/exhaustion, only if the token is still enabled. */
  async markStatus(db: Executor, id: number, status: number): Promise<void> {
    await db.updateTable('tokens').set({ status }).where('id', '=', id).where('status', '=', 1).execute();
  },

  /** One of the owner's live tokens. */
  findOwned(db: Executor, userId: number, id: number): Promise<TokenRow | undefined> {
    return db.selectFrom('tokens').select(TOKEN_COLUMNS).where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
  },

  /** The keys of those of `ids` that are the owner's live tokens. */
  keysOwned(db: Executor, userId: number, ids: number[]): Promise<{ id: number; key: string }[]> {
    return db.selectFrom('tokens').select(['id', 'key']).where('id', 'in', ids).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
  },

  /** A page of the owner's live tokens, newest first. */
  async listOwned(db: Executor, userId: number, filters: TokenFilters, page: { offset: number; limit: number }): Promise<{ rows: TokenRow[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'tokens'>) => eb.and(ownedConditions(db, eb, userId, filters));
    const [rows, count] = await Promise.all([
      db.selectFrom('tokens').select(TOKEN_COLUMNS).where(where).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      db.selectFrom('tokens').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  async countOwned(db: Executor, userId: number): Promise<number> {
    const row = await db
      .selectFrom('tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  insert(db: Executor, token: NewToken): Promise<number> {
    return insertReturningId(db, 'tokens', token);
  },

  /** Updates one of the owner's live tokens; false when there is no such token. */
  async updateOwned(db: Executor, userId: number, id: number, patch: TokenUpdate): Promise<boolean> {
    const result = await db.updateTable('tokens').set(patch).where('id', '=', id).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Soft-deletes those of `ids` that are the owner's live tokens; answers the ids actually deleted. */
  async softDeleteOwned(db: Executor, userId: number, ids: number[], at: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const owned = await db.selectFrom('tokens').select('id').where('id', 'in', ids).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
    const found = owned.map((r) => r.id);
    if (found.length === 0) return [];
    await db.updateTable('tokens').set({ deleted_at: at }).where('id', 'in', found).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
    return found;
  },
};

function ownedConditions(db: Executor, eb: ExpressionBuilder<Database, 'tokens'>, userId: number, f: TokenFilters) {
  const conditions: Expression<SqlBool>[] = [eb('user_id', '=', userId), eb('deleted_at', 'is', null)];
  if (f.namePart) conditions.push(likeInsensitive(db, 'name', `%${escapeLike(f.namePart)}%`));
  if (f.keyPrefix) conditions.push(likeInsensitive(db, 'key', `${escapeLike(f.keyPrefix)}%`));
  return conditions;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => '\\' + m);

/**
 * Case-insensitive LIKE with a bound escape character, so that a backslash escapes on every dialect
 * (SQLite has no default escape; PostgreSQL's LIKE is case-sensitive, hence ILIKE there).
 */
function likeInsensitive(db: Executor, column: 'name' | 'key', pattern: string) {
  const op = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape ${'\\'}`;
}
