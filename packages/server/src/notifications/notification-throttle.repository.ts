import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';

type Executor = Kysely<Database>;

/** The only code that reads and writes `notification_throttle`. */
export const notificationThrottleRepository = {
  /**
   * Claims the right to send one notification of `kind` to a user: true for exactly one caller per
   * window, across every process sharing the database (a conditional UPDATE, or the first INSERT).
   */
  async claim(db: Executor, userId: number, kind: string, now: number, windowSeconds: number): Promise<boolean> {
    const updated = await db
      .updateTable('notification_throttle')
      .set({ last_sent_at: now })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('last_sent_at', '<=', now - windowSeconds)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return true;
    try {
      await db.insertInto('notification_throttle').values({ user_id: userId, kind, last_sent_at: now }).execute();
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  },
};
