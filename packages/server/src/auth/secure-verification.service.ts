import {
  ErrorCode,
  SECURE_VERIFICATION_SECONDS,
  type PasskeyCeremony,
  type PasskeyLoginBody,
  type SecureVerification,
  type SecureVerificationMethods,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import { AppError, ValidationError } from '../http/errors.js';
import { LogType } from '../logs/log-types.js';
import { logsRepository } from '../logs/logs.repository.js';
import type { OptionsService } from '../options/options.service.js';
import { nowSeconds } from '../platform/clock.js';
import { passkeysRepository } from '../two-factor/passkeys.repository.js';
import type { PasskeysService } from '../two-factor/passkeys.service.js';
import { twoFactorRepository } from '../two-factor/two-factor.repository.js';
import type { TwoFactorService } from '../two-factor/two-factor.service.js';
import type { SessionStore } from './session-store.js';

export const SecureVerificationMessage = {
  Required: 'this action needs a fresh check: verify with your authenticator code or passkey first',
  Expired: 'your verification has expired; verify again with your authenticator code or passkey',
  NoMethod: 'this action needs a fresh check with two-factor authentication or a passkey; enable one on the personal page first',
  NeedsSession: 'this action needs a signed-in browser session verified with two-factor authentication or a passkey; an access token cannot do it',
  TwoFactorOff: 'two-factor authentication is not enabled for your account',
  InvalidCode: 'the verification code is invalid or has already been used',
  PasskeyFirst: 'verify with your passkey first (POST /api/user/passkey/verify/begin and /finish)',
  SessionGone: 'your session has ended; sign in again',
} as const;

/** The signed-in caller: who, and the session cookie when the request came with one (not an access token). */
export interface VerifyingCaller {
  id: number;
  username: string;
  /** The session cookie's value; undefined for a personal access token. */
  session: string | undefined;
}

export interface SecureVerificationDeps {
  db: Db;
  options: OptionsService;
  sessions: SessionStore;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  now?: () => number;
}

/**
 * new-api's secure verification: a session that just passed a second-factor check (a TOTP or backup code,
 * or a passkey) counts as verified for SECURE_VERIFICATION_SECONDS, and sensitive actions (revealing a
 * channel key) ask for that. The mark lives on the session itself, so every node sees it with either store.
 * Like new-api, a user with neither 2FA nor a passkey cannot pass: they must enable one first.
 */
export class SecureVerificationService {
  private readonly now: () => number;

  constructor(private readonly deps: SecureVerificationDeps) {
    this.now = deps.now ?? nowSeconds;
  }

  /** The second factors this user can verify with (passkeys only while the site allows them). */
  async methodsOf(userId: number): Promise<SecureVerificationMethods> {
    const [totp, passkeys] = await Promise.all([twoFactorRepository.isEnabled(this.deps.db, userId), passkeysRepository.countForUser(this.deps.db, userId)]);
    return { two_factor: totp, passkey: passkeys > 0 && this.deps.options.get('passkey.enabled') };
  }

  /** POST /api/verify with method "2fa": checks the code (each code works once) and marks the session. */
  async verifyWithCode(caller: VerifyingCaller, code: string): Promise<SecureVerification> {
    const session = this.sessionOf(caller);
    if (!(await twoFactorRepository.isEnabled(this.deps.db, caller.id))) throw new ValidationError(SecureVerificationMessage.TwoFactorOff);
    if (!(await this.deps.twoFactor.verifySecondFactor(caller.id, code))) throw new ValidationError(SecureVerificationMessage.InvalidCode, { field: 'code' });
    return this.mark(caller, session, 'two-factor code');
  }

  /**
   * POST /api/verify with method "passkey": new-api's console calls it after the passkey ceremony. It only
   * confirms a verification that ceremony made (it never trusts the claim alone).
   */
  async confirmPasskey(caller: VerifyingCaller): Promise<SecureVerification> {
    const session = this.sessionOf(caller);
    const until = await this.deps.sessions.verifiedUntil(session);
    if (until <= this.now()) throw new ValidationError(SecureVerificationMessage.PasskeyFirst);
    return { verified: true, expires_at: until };
  }

  /** POST /api/user/passkey/verify/begin: WebAuthn options for one of the caller's passkeys. */
  passkeyOptions(caller: VerifyingCaller, requestOrigin: string): Promise<PasskeyCeremony> {
    this.sessionOf(caller);
    return this.deps.passkeys.verificationOptions(caller.id, requestOrigin);
  }

  /** POST /api/user/passkey/verify/finish: checks the assertion and marks the session. */
  async verifyWithPasskey(caller: VerifyingCaller, body: PasskeyLoginBody): Promise<SecureVerification> {
    const session = this.sessionOf(caller);
    await this.deps.passkeys.verifyOwner(caller.id, body);
    return this.mark(caller, session, 'passkey');
  }

  /** Throws the 403 refusal unless the caller's session is verified now (requireSecureVerification). */
  async assertVerified(caller: VerifyingCaller): Promise<void> {
    if (caller.session === undefined) throw refusal(ErrorCode.VerificationRequired, SecureVerificationMessage.NeedsSession, await this.methodsOf(caller.id));
    const until = await this.deps.sessions.verifiedUntil(caller.session);
    if (until > this.now()) return;
    const methods = await this.methodsOf(caller.id);
    if (!methods.two_factor && !methods.passkey) throw refusal(ErrorCode.VerificationRequired, SecureVerificationMessage.NoMethod, methods);
    throw until > 0 ? refusal(ErrorCode.VerificationExpired, SecureVerificationMessage.Expired, methods) : refusal(ErrorCode.VerificationRequired, SecureVerificationMessage.Required, methods);
  }

  private sessionOf(caller: VerifyingCaller): string {
    if (caller.session === undefined) throw new AppError(ErrorCode.Forbidden, SecureVerificationMessage.NeedsSession, 403);
    return caller.session;
  }

  private async mark(caller: VerifyingCaller, session: string, how: string): Promise<SecureVerification> {
    const expiresAt = this.now() + SECURE_VERIFICATION_SECONDS;
    if (!(await this.deps.sessions.markVerified(session, expiresAt))) throw new ValidationError(SecureVerificationMessage.SessionGone);
    await logsRepository.insert(this.deps.db, { user_id: caller.id, username: caller.username, type: LogType.System, content: `secure verification passed (${how})` });
    return { verified: true, expires_at: expiresAt };
  }
}

/** new-api answers these with HTTP 403 and a code its console recognises; `data` says which methods work. */
function refusal(code: typeof ErrorCode.VerificationRequired | typeof ErrorCode.VerificationExpired, message: string, methods: SecureVerificationMethods): AppError {
  return new AppError(code, message, 403, { methods });
}
