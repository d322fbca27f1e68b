import { randomAlphanumeric, safeEqual } from '../platform/crypto.js';

/** What a code was issued for; a code for one purpose never satisfies another. */
export type VerificationPurpose = 'register' | 'reset_password' | 'bind_email';

/** Codes valid for this long (spec 1 §9: "verification code valid 3 minutes"). */
export const VERIFICATION_CODE_TTL_SECONDS = 180;
/** Wrong guesses allowed before a code is thrown away. */
export const VERIFICATION_MAX_ATTEMPTS = 5;

/**
 * One-time codes sent to an e-mail address (or phone) and typed back by the user. The sending side
 * (mailer, /api/verification) is a later feature; registration only consumes codes.
 */
export interface VerificationCodes {
  /** Creates a fresh code for (purpose, target), replacing any earlier one, and returns it. */
  issue(purpose: VerificationPurpose, target: string): Promise<string>;
  /** True when the code matches and has not expired; a matching code is used up, and so is one guessed wrong too often. */
  consume(purpose: VerificationPurpose, target: string, code: string): Promise<boolean>;
}

/** Process-memory codes: enough for one node. A shared store (Redis) can implement the same interface. */
export class MemoryVerificationCodes implements VerificationCodes {
  private readonly codes = new Map<string, { code: string; expiresAtMs: number; attempts: number }>();

  constructor(
    private readonly ttlSeconds = VERIFICATION_CODE_TTL_SECONDS,
    private readonly nowMs: () => number = Date.now,
  ) {}

  async issue(purpose: VerificationPurpose, target: string): Promise<string> {
    this.dropExpired();
    const code = randomAlphanumeric(6);
    this.codes.set(keyOf(purpose, target), { code, expiresAtMs: this.nowMs() + this.ttlSeconds * 1000, attempts: 0 });
    return code;
  }

  async consume(purpose: VerificationPurpose, target: string, code: string): Promise<boolean> {
    const key = keyOf(purpose, target);
    const entry = this.codes.get(key);
    if (!entry || !code) return false;
    if (entry.expiresAtMs <= this.nowMs()) {
      this.codes.delete(key);
      return false;
    }
    if (!safeEqual(entry.code, code)) {
      entry.attempts += 1;
      if (entry.attempts >= VERIFICATION_MAX_ATTEMPTS) this.codes.delete(key);
      return false;
    }
    this.codes.delete(key);
    return true;
  }

  private dropExpired() {
    const now = this.nowMs();
    for (const [key, entry] of this.codes) if (entry.expiresAtMs <= now) this.codes.delete(key);
  }
}

const keyOf = (purpose: VerificationPurpose, target: string) => `${purpose}:${target.trim().toLowerCase()}`;
