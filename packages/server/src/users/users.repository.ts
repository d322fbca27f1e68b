import type { Kysely } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../db/schema.js';
import { insertReturningId } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

/** The only code that reads and writes the users table. Deleted users are excluded unless asked for. */
export const usersRepository = {
  findById(db: Executor, id: number, opts: { includeDeleted?: boolean } = {}): Promise<UserRow | undefined> {
    let q = db.selectFrom('users').selectAll().where('id', '=', id);
    if (!opts.includeDeleted) q = q.where('deleted_at', 'is', null);
    return q.executeTakeFirst();
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

  /** Any user with this username, deleted or not: usernames are never reused. */
  async usernameTaken(db: Executor, username: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
    return row !== undefined;
  },

  insert(db: Executor, user: NewUser): Promise<number> {
    return insertReturningId(db, 'users', user);
  },

  async update(db: Executor, id: number, patch: UserUpdate): Promise<void> {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  },

  async countRoot(db: Executor): Promise<number> {
    const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '>=', 100).executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
