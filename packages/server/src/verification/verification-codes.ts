import type { Db } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { sha256Hex } from '../platform/crypto.js';

/**
 * What a secret was issued for; one purpose never satisfies another. E-mail codes sent by
 * GET /api/verification serve both registration and binding, as in new-api.
 */
export type VerificationPurpose = 'email' | 'reset_password' | 'sms';

/** Wrong guesses allowed before a code is thrown away. */
export const VERIFICATION_MAX_ATTEMPTS = 5;

export interface IssueOptions {
  /** The secret to store (only its hash is kept). */
  secret: string;
  ttlSeconds: number;
  /** A new secret for the same target is refused until the previous one is this old. */
  resendAfterSeconds: number;
}

export type IssueResult = { issued: true } | { issued: false; retryAfterSeconds: number };

/**
 * One-time secrets (mailed codes, SMS codes, reset tokens) in the database, so that every process of the
 * site sees the same codes: a code mailed by one node can be used on another, and it works the same with
 * or without Redis. The table's primary key (purpose, target) holds one live secret per target.
 */
export class VerificationCodes {
  constructor(private readonly db: Db) {}

  /** Stores a fresh secret for (purpose, target) unless the previous one is younger than the resend interval. */
  async issue(purpose: VerificationPurpose, target: string, opts: IssueOptions): Promise<IssueResult> {
    const now = nowSeconds();
    const key = normalizeTarget(target);
    await this.db
      .deleteFrom('verification_codes')
      .where('purpose', '=', purpose)
      .where('target', '=', key)
      .where((eb) => eb.or([eb('created_at', '<=', now - opts.resendAfterSeconds), eb('expires_at', '<=', now)]))
      .execute();
    try {
      await this.db
        .insertInto('verification_codes')
        .values({ purpose, target: key, code_hash: hashOf(opts.secret), attempts: 0, created_at: now, expires_at: now + opts.ttlSeconds })
        .execute();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another secret is still inside its resend interval (or a racing request stored one just now).
      const row = await this.db.selectFrom('verification_codes').select('created_at').where('purpose', '=', purpose).where('target', '=', key).executeTakeFirst();
      return { issued: false, retryAfterSeconds: Math.max(1, (row?.created_at ?? now) + opts.resendAfterSeconds - now) };
    }
    if (Math.random() < 0.02) await this.db.deleteFrom('verification_codes').where('expires_at', '<=', now).execute();
    return { issued: true };
  }

  /**
   * True when `secret` matches the live secret of (purpose, target); the secret is then used up. One
   * conditional DELETE decides it, so of two racing requests only one can succeed. A wrong guess counts
   * against the secret, which is thrown away after VERIFICATION_MAX_ATTEMPTS wrong guesses.
   */
  async consume(purpose: VerificationPurpose, target: string, secret: string): Promise<boolean> {
    if (!secret) return false;
    const now = nowSeconds();
    const key = normalizeTarget(target);
    const hit = await this.db
      .deleteFrom('verification_codes')
      .where('purpose', '=', purpose)
      .where('target', '=', key)
      .where('code_hash', '=', hashOf(secret))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(hit.numDeletedRows) > 0) return true;
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('purpose', '=', purpose)
      .where('target', '=', key)
      .execute();
    await this.db
      .deleteFrom('verification_codes')
      .where('purpose', '=', purpose)
      .where('target', '=', key)
      .where((eb) => eb.or([eb('attempts', '>=', VERIFICATION_MAX_ATTEMPTS), eb('expires_at', '<=', now)]))
      .execute();
    return false;
  }

  /** Drops the live secret of (purpose, target), e.g. when sending it failed, so the user may retry at once. */
  async discard(purpose: VerificationPurpose, target: string): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('purpose', '=', purpose).where('target', '=', normalizeTarget(target)).execute();
  }
}

/** Codes are typed back by people: compare them without case (codes use capitals and digits). */
const hashOf = (secret: string) => sha256Hex(secret.trim().toUpperCase());
const normalizeTarget = (target: string) => target.trim().toLowerCase();
