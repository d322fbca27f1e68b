import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { randomAlphanumeric, sha256Hex } from '../platform/crypto.js';

type Executor = Kysely<Database>;

export const ChallengeKind = {
  /** Password accepted, second factor pending. */
  PendingLogin: 'login_2fa',
  PasskeyRegistration: 'passkey_register',
  PasskeyLogin: 'passkey_login',
  /** A signed-in user confirming a sensitive action with a passkey (secure verification). */
  PasskeyVerify: 'passkey_verify',
} as const;
export type ChallengeKindValue = (typeof ChallengeKind)[keyof typeof ChallengeKind];

export interface Challenge {
  userId: number;
  payload: string;
}

/**
 * Short-lived secrets kept in the database, so every process of the site sees them. Only the SHA-256 of
 * the id is stored; `take` deletes the row and only the caller whose DELETE removed it gets it.
 */
export const authChallengesRepository = {
  async create(db: Executor, kind: ChallengeKindValue, userId: number, payload: string, now: number, ttlSeconds: number): Promise<string> {
    const id = randomAlphanumeric(48);
    await db.insertInto('auth_challenges').values({ id: sha256Hex(id), kind, user_id: userId, payload, expires_at: now + ttlSeconds }).execute();
    if (Math.random() < 0.02) await db.deleteFrom('auth_challenges').where('expires_at', '<', now).execute();
    return id;
  },

  /** A live challenge without using it up. */
  async peek(db: Executor, kind: ChallengeKindValue, id: string, now: number): Promise<Challenge | null> {
    const row = await db
      .selectFrom('auth_challenges')
      .select(['user_id', 'payload', 'expires_at'])
      .where('id', '=', sha256Hex(id))
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) return null;
    return { userId: row.user_id, payload: row.payload };
  },

  /** Uses a challenge up: answers it to exactly one caller, or null when expired, unknown or already taken. */
  async take(db: Executor, kind: ChallengeKindValue, id: string, now: number): Promise<Challenge | null> {
    const found = await this.peek(db, kind, id, now);
    if (!found) return null;
    const deleted = await db.deleteFrom('auth_challenges').where('id', '=', sha256Hex(id)).where('kind', '=', kind).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0 ? found : null;
  },

  async discard(db: Executor, id: string): Promise<void> {
    await db.deleteFrom('auth_challenges').where('id', '=', sha256Hex(id)).execute();
  },
};
