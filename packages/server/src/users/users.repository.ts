import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../db/schema.js';
import { dialectOf, insertReturningId, likePattern } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

/** Filters of the admin user search; empty strings are "no filter". */
export interface UserFilters {
  keyword?: string;
  /** An API token key (stored without the "sk-" prefix). */
  tokenKey?: string;
  affCode?: string;
  group?: string;
}

/** The only code that reads and writes the users table. Deleted users are excluded unless asked for. */
export const usersRepository = {
  findById(db: Executor, id: number, opts: { includeDeleted?: boolean } = {}): Promise<UserRow | undefined> {
    let q = db.selectFrom('users').selectAll().where('id', '=', id);
    if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
    return q.executeTakeFirst();
  },

  /** A live user with its row locked until the transaction ends (SQLite transactions are already exclusive). */
  findByIdForUpdate(db: Executor, id: number): Promise<UserRow | undefined> {
    const q = db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null);
    return (dialectOf(db) === 'sqlite' ? q : q.forUpdate()).executeTakeFirst();
  },

  /** A live user by username or e-mail (login accepts either). */
  findByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('username', '=', login), eb.and([eb('email', '=', login), eb('email', '!=', '')])]))
      .orderBy('id')
      .executeTakeFirst();
  },

  /** A live user by e-mail address (case-insensitive: addresses are stored as typed). */
  findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    const address = email.trim().toLowerCase();
    if (!address) return Promise.resolve(undefined);
    return db.selectFrom('users').selectAll().where('deleted_at', 'is', null).where((eb) => eb(eb.fn('lower', ['email']), '=', address)).orderBy('id').executeTakeFirst();
  },

  /** A live user by phone number. */
  findByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
    if (!phone) return Promise.resolve(undefined);
    return db.selectFrom('users').selectAll().where('deleted_at', 'is', null).where('phone', '=', phone).orderBy('id').executeTakeFirst();
  },

  /** Any user with this phone number, deleted or not. */
  async phoneTaken(db: Executor, phone: string): Promise<boolean> {
    return (await db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()) !== undefined;
  },

  /** The live user owning an invite code. */
  findByAffCode(db: Executor, affCode: string): Promise<Pick<UserRow, 'id' | 'username'> | undefined> {
    return db.selectFrom('users').select(['id', 'username']).where('aff_code', '=', affCode).where('deleted_at', 'is', null).executeTakeFirst();
  },

  /** Any user with this username, deleted or not: usernames are never reused. */
  async usernameTaken(db: Executor, username: string, exceptId?: number): Promise<boolean> {
    let q = db.selectFrom('users').select('id').where('username', '=', username);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  /** Any user (other than `exceptId`) with this e-mail address, deleted or not, in any letter case. */
  async emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
    let q = db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()));
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  },

  insert(db: Executor, user: NewUser): Promise<number> {
    return insertReturningId(db, 'users', user);
  },

  async update(db: Executor, id: number, patch: UserUpdate): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  },

  /**
   * Adds a signed amount to a live user's quota in one statement, refusing to go below zero or above
   * the largest safe integer. Returns false when nothing changed (no such user, or out of range).
   */
  async addQuota(db: Executor, id: number, delta: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', delta) }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .where((eb) => eb(eb('quota', '+', delta), '>=', 0))
      .where((eb) => eb(eb('quota', '+', delta), '<=', Number.MAX_SAFE_INTEGER))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Credits an inviter for one successful invitation: one more invitee, and the reward as pending and lifetime quota. */
  async rewardInviter(db: Executor, inviterId: number, reward: number): Promise<void> {
    await db
      .updateTable('users')
      .set((eb) => ({
        aff_count: eb('aff_count', '+', 1),
        aff_quota: eb('aff_quota', '+', reward),
        aff_history_quota: eb('aff_history_quota', '+', reward),
      }))
      .where('id', '=', inviterId)
      .execute();
  },

  async softDelete(db: Executor, id: number, at: number): Promise<void> {
    await db.updateTable('users').set({ deleted_at: at }).where('id', '=', id).where('deleted_at', 'is', null).execute();
  },

  /** A page of users, newest first, deleted ones included (the console shows them as signed out). */
  async list(db: Executor, filters: UserFilters, page: { offset: number; limit: number }): Promise<{ rows: UserRow[]; total: number }> {
    const where = (eb: ExpressionBuilder<Database, 'users'>) => eb.and(filterConditions(db, eb, filters));
    const [rows, count] = await Promise.all([
      db.selectFrom('users').selectAll().where(where).orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where(where).executeTakeFirst(),
    ]);
    return { rows, total: Number(count?.n ?? 0) };
  },

  async countRoot(db: Executor): Promise<number> {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '>=', 100).executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};

function filterConditions(db: Executor, eb: ExpressionBuilder<Database, 'users'>, f: UserFilters) {
  const conditions: Expression<SqlBool>[] = [];
  if (f.keyword) {
    const pattern = likePattern(f.keyword);
    const alternatives: Expression<SqlBool>[] = (['username', 'display_name', 'email'] as const).map((col) => containsText(db, col, pattern));
    if (/^\d{1,15}$/.test(f.keyword)) alternatives.push(eb('id', '=', Number(f.keyword)));
    conditions.push(eb.or(alternatives));
  }
  if (f.tokenKey) {
    conditions.push(eb('id', 'in', eb.selectFrom('tokens').select('tokens.user_id').where('tokens.key', '=', f.tokenKey)));
  }
  if (f.affCode) conditions.push(eb('aff_code', '=', f.affCode));
  if (f.group) conditions.push(eb('group', '=', f.group));
  return conditions;
}

/**
 * Case-insensitive "contains" with an escaped pattern. The escape character is a bound parameter so
 * that it means one backslash on every dialect (SQLite has no default escape; PostgreSQL needs ILIKE).
 */
function containsText(db: Executor, column: 'username' | 'display_name' | 'email', pattern: string) {
  const op = dialectOf(db) === 'postgres' ? sql`ilike` : sql`like`;
  return sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape ${'\\'}`;
}
