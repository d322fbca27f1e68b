import { PENDING_LOGIN_SECONDS, UserStatus, isAdmin, type TotpSetup, type TwoFactorChallenge, type TwoFactorStatus } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { ConflictError, ValidationError } from '../http/errors.js';
import type { OptionsService } from '../options/options.service.js';
import { nowSeconds } from '../platform/clock.js';
import type { RateLimiter } from '../platform/rate-limiter.js';
import type { SecretBox } from '../platform/secret-box.js';
import { sha256Hex } from '../platform/crypto.js';
import { usersRepository } from '../users/users.repository.js';
import { authChallengesRepository, ChallengeKind } from './auth-challenges.repository.js';
import { backupCodeHash, newBackupCodes } from './backup-codes.js';
import { passkeysRepository } from './passkeys.repository.js';
import { looksLikeTotp, newTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './totp.js';
import { twoFactorRepository } from './two-factor.repository.js';

export const TwoFactorMessage = {
  InvalidCode: 'the verification code is invalid or has already been used',
  NotEnabled: 'two-factor authentication is not enabled',
  AlreadyEnabled: 'two-factor authentication is already enabled; disable it first',
  NoEnrolment: 'start the two-factor setup first',
  PendingExpired: 'the sign-in has expired; enter your username and password again',
  TooManyAttempts: 'too many wrong codes; enter your username and password again',
  AdminRequired: 'administrators must enable two-factor authentication (personal settings) before using administrator functions',
} as const;

/** Wrong codes allowed for one pending sign-in before it is thrown away. */
const PENDING_LOGIN_ATTEMPTS = 5;

export interface TwoFactorServiceDeps {
  db: Db;
  options: OptionsService;
  /** Seals TOTP secrets at rest. */
  secrets: SecretBox;
  limiter: RateLimiter;
  now?: () => number;
}

/**
 * TOTP two-factor sign-in: enrolment (secret, QR code, backup codes) confirmed by a first code, the
 * second step of a password sign-in, and turning it off. Each TOTP code and each backup code works once.
 */
export class TwoFactorService {
  private readonly now: () => number;

  constructor(private readonly deps: TwoFactorServiceDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  async status(userId: number): Promise<TwoFactorStatus> {
    const { db } = this.deps;
    // The stored role: the admin policy may have lowered the request's own (admin-policy.ts).
    const [user, enabled, remaining, passkeys] = await Promise.all([
      usersRepository.findById(db, userId),
      twoFactorRepository.isEnabled(db, userId),
      twoFactorRepository.unusedBackupCodes(db, userId),
      passkeysRepository.listByUser(db, userId),
    ]);
    return {
      totp_enabled: enabled,
      backup_codes_remaining: enabled ? remaining : 0,
      passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, created_at: p.created_at, last_used_at: p.last_used_at })),
      required: this.requiredFor(user?.role ?? 0),
    };
  }

  /** Whether the site requires this role to use two-factor sign-in (AdminTwoFactorRequired). */
  requiredFor(role: number): boolean {
    return isAdmin(role) && this.deps.options.get('AdminTwoFactorRequired');
  }

  /** Starts an enrolment: a new secret and backup codes, shown once; nothing changes at sign-in until `enable`. */
  async setup(user: { id: number; username: string }): Promise<TotpSetup> {
    const { db, secrets } = this.deps;
    if (await twoFactorRepository.isEnabled(db, user.id)) throw new ConflictError(TwoFactorMessage.AlreadyEnabled);
    const secret = newTotpSecret();
    const backupCodes = newBackupCodes();
    await db.transaction().execute((trx) => twoFactorRepository.startEnrolment(trx, user.id, secrets.seal(secret), backupCodes.map(backupCodeHash), this.now()));
    const uri = totpUri(secret, this.deps.options.get('SystemName') || 'New API', user.username);
    return { secret, otpauth_url: uri, qr_code_data_url: await totpQrDataUrl(uri), backup_codes: backupCodes };
  }

  /** Confirms an enrolment with a first code from the app; from then on sign-in asks for a code. */
  async enable(userId: number, code: string): Promise<void> {
    const { db } = this.deps;
    const row = await twoFactorRepository.find(db, userId);
    if (!row) throw new ValidationError(TwoFactorMessage.NoEnrolment);
    if (row.enabled === 1) throw new ConflictError(TwoFactorMessage.AlreadyEnabled);
    const step = await verifyTotp(this.deps.secrets.open(row.totp_secret), code, 0);
    if (step === null || !(await twoFactorRepository.enable(db, userId, step, this.now()))) {
      throw new ValidationError(TwoFactorMessage.InvalidCode, { field: 'code' });
    }
  }

  /** Turns two-factor sign-in off; needs a current code or an unused backup code. */
  async disable(userId: number, code: string): Promise<void> {
    if (!(await twoFactorRepository.isEnabled(this.deps.db, userId))) throw new ValidationError(TwoFactorMessage.NotEnabled);
    if (!(await this.verifySecondFactor(userId, code))) throw new ValidationError(TwoFactorMessage.InvalidCode, { field: 'code' });
    await this.deps.db.transaction().execute((trx) => twoFactorRepository.remove(trx, userId));
  }

  /** New backup codes (the old ones stop working); needs a current TOTP code. */
  async regenerateBackupCodes(userId: number, code: string): Promise<string[]> {
    if (!(await twoFactorRepository.isEnabled(this.deps.db, userId))) throw new ValidationError(TwoFactorMessage.NotEnabled);
    if (!looksLikeTotp(code) || !(await this.verifySecondFactor(userId, code))) throw new ValidationError(TwoFactorMessage.InvalidCode, { field: 'code' });
    const codes = newBackupCodes();
    await twoFactorRepository.replaceBackupCodes(this.deps.db, userId, codes.map(backupCodeHash));
    return codes;
  }

  /**
   * The sign-in hook: after a correct password, a user with two-factor enabled gets a pending token
   * instead of a session. Answers null when no second factor is needed.
   */
  async challengeFor(user: Pick<UserRow, 'id'>): Promise<TwoFactorChallenge | null> {
    if (!(await twoFactorRepository.isEnabled(this.deps.db, user.id))) return null;
    const token = await authChallengesRepository.create(this.deps.db, ChallengeKind.PendingLogin, user.id, '', this.now(), PENDING_LOGIN_SECONDS);
    return { require_2fa: true, pending_token: token, expires_in: PENDING_LOGIN_SECONDS };
  }

  /** Completes a pending sign-in with a TOTP or backup code; answers the user to start a session for. */
  async completeLogin(pendingToken: string, code: string): Promise<UserRow> {
    const { db, limiter } = this.deps;
    const now = this.now();
    const pending = await authChallengesRepository.peek(db, ChallengeKind.PendingLogin, pendingToken, now);
    if (!pending) throw new ValidationError(TwoFactorMessage.PendingExpired);
    const attempts = await limiter.hit(`2fa-login:${sha256Hex(pendingToken)}`, PENDING_LOGIN_ATTEMPTS, PENDING_LOGIN_SECONDS);
    if (!attempts.allowed) {
      await authChallengesRepository.discard(db, pendingToken);
      throw new ValidationError(TwoFactorMessage.TooManyAttempts);
    }
    if (!(await this.verifySecondFactor(pending.userId, code))) throw new ValidationError(TwoFactorMessage.InvalidCode, { field: 'code' });
    if (!(await authChallengesRepository.take(db, ChallengeKind.PendingLogin, pendingToken, now))) throw new ValidationError(TwoFactorMessage.PendingExpired);
    const user = await usersRepository.findById(db, pending.userId);
    if (!user || user.status !== UserStatus.Enabled) throw new ValidationError(TwoFactorMessage.PendingExpired);
    return user;
  }

  /** Checks a TOTP code (once per time step) or uses up a backup code. */
  async verifySecondFactor(userId: number, code: string): Promise<boolean> {
    const { db } = this.deps;
    const row = await twoFactorRepository.find(db, userId);
    if (!row || row.enabled !== 1) return false;
    if (looksLikeTotp(code)) {
      const step = await verifyTotp(this.deps.secrets.open(row.totp_secret), code, row.last_time_step);
      return step !== null && (await twoFactorRepository.useTimeStep(db, userId, step, this.now()));
    }
    return twoFactorRepository.useBackupCode(db, userId, backupCodeHash(code), this.now());
  }
}
