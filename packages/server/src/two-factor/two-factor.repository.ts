import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Executor = Kysely<Database>;

/** The only code that reads and writes `user_two_factor` and `two_factor_backup_codes`. */
export const twoFactorRepository = {
  find(db: Executor, userId: number) {
    return db.selectFrom('user_two_factor').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  async isEnabled(db: Executor, userId: number): Promise<boolean> {
    const row = await db.selectFrom('user_two_factor').select('enabled').where('user_id', '=', userId).executeTakeFirst();
    return row?.enabled === 1;
  },

  /** Starts (or restarts) an enrolment: a new secret, not yet enabled, with new backup codes. */
  async startEnrolment(db: Executor, userId: number, sealedSecret: string, codeHashes: string[], now: number): Promise<void> {
    await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
    await db.insertInto('user_two_factor').values({ user_id: userId, totp_secret: sealedSecret, enabled: 0, last_time_step: 0, created_at: now, updated_at: now }).execute();
    await this.replaceBackupCodes(db, userId, codeHashes);
  },

  async enable(db: Executor, userId: number, timeStep: number, now: number): Promise<boolean> {
    const r = await db
      .updateTable('user_two_factor')
      .set({ enabled: 1, last_time_step: timeStep, updated_at: now })
      .where('user_id', '=', userId)
      .where('enabled', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Records an accepted code's time step; false when this step (or a later one) was already used. */
  async useTimeStep(db: Executor, userId: number, timeStep: number, now: number): Promise<boolean> {
    const r = await db
      .updateTable('user_two_factor')
      .set({ last_time_step: timeStep, updated_at: now })
      .where('user_id', '=', userId)
      .where('last_time_step', '<', timeStep)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  async remove(db: Executor, userId: number): Promise<void> {
    await db.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
    await db.deleteFrom('user_two_factor').where('user_id', '=', userId).execute();
  },

  async replaceBackupCodes(db: Executor, userId: number, codeHashes: string[]): Promise<void> {
    await db.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
    if (codeHashes.length > 0) {
      await db.insertInto('two_factor_backup_codes').values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: 0 }))).execute();
    }
  },

  /** Marks an unused backup code used; true for exactly one caller. */
  async useBackupCode(db: Executor, userId: number, codeHash: string, now: number): Promise<boolean> {
    const r = await db
      .updateTable('two_factor_backup_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', '=', 0)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  },

  /** Users (not deleted) in all, and how many of them have TOTP enabled. */
  async adoption(db: Executor): Promise<{ total: number; enabled: number }> {
    const [all, on] = await Promise.all([
      db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('deleted_at', 'is', null).executeTakeFirst(),
      db
        .selectFrom('user_two_factor as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('t.enabled', '=', 1)
        .where('u.deleted_at', 'is', null)
        .executeTakeFirst(),
    ]);
    return { total: Number(all?.n ?? 0), enabled: Number(on?.n ?? 0) };
  },

  async unusedBackupCodes(db: Executor, userId: number): Promise<number> {
    const row = await db
      .selectFrom('two_factor_backup_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
};
