import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS, ErrorCode } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import type { SessionStore } from '../auth/session-store.js';
import { AppError, ConflictError, ValidationError } from '../http/errors.js';
import { hashPassword, randomAlphanumeric } from '../platform/crypto.js';
import { usersRepository } from '../users/users.repository.js';
import { EMAIL_TAKEN, INVALID_VERIFICATION_CODE } from '../users/users.service.js';
import type { Mailer } from '../mail/mailer.js';
import { emailRuleViolation } from '../mail/email-rules.js';
import { passwordResetMail, verificationCodeMail } from '../mail/mail-templates.js';
import type { VerificationCodes, VerificationPurpose } from './verification-codes.js';
import { newEmailCode, newResetToken } from './random-codes.js';

/** Reset links work for 15 minutes, once. */
export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
/** Length of the password a reset link sets. */
export const RESET_PASSWORD_LENGTH = 12;

export const EMAIL_NOT_REGISTERED = 'no account uses this e-mail address';
export const INVALID_RESET_LINK = 'the password reset link is invalid or has expired';

export interface EmailVerificationDeps {
  db: Db;
  options: OptionsService;
  codes: VerificationCodes;
  mailer: Mailer;
  sessions: SessionStore;
  events?: ChangeEvents;
}

/** E-mail codes (registration and binding) and password reset by mailed link. */
export class EmailVerificationService {
  constructor(private readonly deps: EmailVerificationDeps) {}

  /**
   * GET /api/verification: mails a 6-character code, valid 3 minutes, to an address that the e-mail rules
   * allow and no account uses yet. Another code for the same address is refused for 60 s.
   */
  async sendCode(email: string): Promise<void> {
    const { db, options } = this.deps;
    const violation = emailRuleViolation(email, options);
    if (violation) throw new ValidationError(violation, { field: 'email' });
    if (await usersRepository.emailTaken(db, email)) throw new ConflictError(EMAIL_TAKEN);
    const code = newEmailCode();
    await this.issueAndMail('email', email, code, CODE_TTL_SECONDS, () =>
      verificationCodeMail(email, options.get('SystemName'), code, CODE_TTL_SECONDS / 60),
    );
  }

  /** GET /api/oauth/email/bind: sets the signed-in user's address after checking the code mailed to it. */
  async bindEmail(userId: number, email: string, code: string): Promise<void> {
    const { db, options, codes } = this.deps;
    const violation = emailRuleViolation(email, options);
    if (violation) throw new ValidationError(violation, { field: 'email' });
    if (await usersRepository.emailTaken(db, email, userId)) throw new ConflictError(EMAIL_TAKEN);
    if (!(await codes.consume('email', email, code))) throw new ValidationError(INVALID_VERIFICATION_CODE, { field: 'code' });
    await usersRepository.update(db, userId, { email: email.trim() });
    this.deps.events?.changed('user', userId);
  }

  /**
   * GET /api/reset_password: mails `{base}/user/reset?email=…&token=…` to the owner of the address. The
   * token is valid 15 minutes and once. `base` is ServerAddress, or the address the request came to.
   */
  async sendPasswordReset(email: string, requestOrigin: string): Promise<void> {
    const { db, options } = this.deps;
    const user = await usersRepository.findByEmail(db, email);
    if (!user) throw new AppError(ErrorCode.NotFound, EMAIL_NOT_REGISTERED);
    const token = newResetToken();
    const base = (options.get('ServerAddress') || requestOrigin).replace(/\/+$/, '');
    const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${encodeURIComponent(token)}`;
    await this.issueAndMail('reset_password', email, token, RESET_TOKEN_TTL_SECONDS, () =>
      passwordResetMail(email, options.get('SystemName'), link, RESET_TOKEN_TTL_SECONDS / 60),
    );
  }

  /**
   * POST /api/user/reset: uses up the token of a reset link and gives the account a new random password,
   * which is answered once (new-api behaviour). The user's sessions end.
   */
  async resetPassword(email: string, token: string): Promise<string> {
    const { db, codes, sessions } = this.deps;
    if (!(await codes.consume('reset_password', email, token))) throw new ValidationError(INVALID_RESET_LINK);
    const user = await usersRepository.findByEmail(db, email);
    if (!user) throw new ValidationError(INVALID_RESET_LINK);
    const password = randomAlphanumeric(RESET_PASSWORD_LENGTH);
    await usersRepository.update(db, user.id, { password: await hashPassword(password) });
    await sessions.destroyAllForUser(user.id);
    this.deps.events?.changed('user', user.id);
    return password;
  }

  private async issueAndMail(purpose: VerificationPurpose, email: string, secret: string, ttlSeconds: number, message: () => Parameters<Mailer['send']>[0]) {
    const { codes, mailer } = this.deps;
    const issued = await codes.issue(purpose, email, { secret, ttlSeconds, resendAfterSeconds: CODE_RESEND_SECONDS });
    if (!issued.issued) throw new AppError(ErrorCode.RateLimited, tooEarly(issued.retryAfterSeconds));
    try {
      await mailer.send(message());
    } catch (err) {
      // Nothing reached the user: let them ask again at once instead of waiting out the resend interval.
      await codes.discard(purpose, email);
      throw err;
    }
  }
}

export const tooEarly = (seconds: number) => `please wait ${seconds} seconds before asking for another code`;
