import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS, ErrorCode, UserStatus, type PhoneLoginBody, type PhoneRegisterBody } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { OptionsService } from '../options/options.service.js';
import { AppError, ConflictError, ValidationError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { usersRepository } from '../users/users.repository.js';
import { INVALID_VERIFICATION_CODE, PHONE_TAKEN, type UsersService } from '../users/users.service.js';
import type { VerificationCodes } from '../verification/verification-codes.js';
import { newSmsCode } from '../verification/random-codes.js';
import { tooEarly } from '../verification/email-verification.service.js';
import type { CaptchaService } from '../captcha/captcha.service.js';
import type { YunpianClient } from './yunpian-client.js';

export const PHONE_AUTH_DISABLED = 'sign-in and registration by phone have been disabled by the administrator';
export const PHONE_LOGIN_DISABLED = 'phone login has been disabled by the administrator';
export const PHONE_REGISTER_DISABLED = 'registration by phone has been disabled by the administrator';
export const REGISTRATION_CLOSED = 'new user registration has been disabled by the administrator';
export const PHONE_NOT_REGISTERED = 'no account uses this phone number; register first';
export const CAPTCHA_REQUIRED = 'please complete the captcha first';
export const ACCOUNT_DISABLED = 'this account has been disabled';

export interface PhoneAuthDeps {
  db: Db;
  options: OptionsService;
  codes: VerificationCodes;
  captcha: CaptchaService;
  sms: YunpianClient;
  users: UsersService;
}

/** SMS codes and sign-in / sign-up by phone number (PhoneLoginEnabled, PhoneRegisterEnabled). */
export class PhoneAuthService {
  constructor(private readonly deps: PhoneAuthDeps) {}

  /**
   * POST /api/sms/code: texts a 6-digit code, valid 3 minutes; another one to the same number only after
   * 60 s. Each send spends one solved slider captcha, so a script cannot make the site text at will.
   */
  async sendCode(mobile: string, captchaKey: string): Promise<void> {
    const { options, codes, captcha, sms } = this.deps;
    if (!options.get('PhoneLoginEnabled') && !options.get('PhoneRegisterEnabled')) throw new AppError(ErrorCode.Forbidden, PHONE_AUTH_DISABLED);
    if (!(await captcha.consumePass(captchaKey))) throw new AppError(ErrorCode.HumanCheckFailed, CAPTCHA_REQUIRED);
    const code = newSmsCode();
    const issued = await codes.issue('sms', mobile, { secret: code, ttlSeconds: CODE_TTL_SECONDS, resendAfterSeconds: CODE_RESEND_SECONDS });
    if (!issued.issued) throw new AppError(ErrorCode.RateLimited, tooEarly(issued.retryAfterSeconds));
    try {
      await sms.sendCode(mobile, code, CODE_TTL_SECONDS / 60);
    } catch (err) {
      await codes.discard('sms', mobile);
      throw err;
    }
  }

  /**
   * POST /api/user/login/mobile: a valid code signs in the owner of the number. An unknown number gets a
   * new account when phone registration is open (with `aff` as the invite code), else it is refused.
   */
  async login(body: PhoneLoginBody, ip: string): Promise<UserRow> {
    const { db, options, codes, users } = this.deps;
    if (!options.get('PhoneLoginEnabled')) throw new AppError(ErrorCode.Forbidden, PHONE_LOGIN_DISABLED);
    if (!(await codes.consume('sms', body.phone_number, body.code))) throw new ValidationError(INVALID_VERIFICATION_CODE, { field: 'code' });
    let user = await usersRepository.findByPhone(db, body.phone_number);
    if (!user) {
      if (!options.get('RegisterEnabled') || !options.get('PhoneRegisterEnabled')) throw new AppError(ErrorCode.NotFound, PHONE_NOT_REGISTERED);
      user = await users.registerPhoneUser(body.phone_number, body.aff);
    }
    if (user.status !== UserStatus.Enabled) throw new AppError(ErrorCode.Unauthorized, ACCOUNT_DISABLED);
    await usersRepository.update(db, user.id, { login_ip: ip.slice(0, 64), last_login_at: nowSeconds() });
    return user;
  }

  /** POST /api/user/register/mobile: a new account for a number that has none yet. */
  async register(body: PhoneRegisterBody): Promise<UserRow> {
    const { db, options, codes, users } = this.deps;
    if (!options.get('RegisterEnabled')) throw new AppError(ErrorCode.Forbidden, REGISTRATION_CLOSED);
    if (!options.get('PhoneRegisterEnabled')) throw new AppError(ErrorCode.Forbidden, PHONE_REGISTER_DISABLED);
    // Checked before the code so that a taken number does not use the code up.
    if (await usersRepository.phoneTaken(db, body.phone_number)) throw new ConflictError(PHONE_TAKEN);
    if (!(await codes.consume('sms', body.phone_number, body.code))) throw new ValidationError(INVALID_VERIFICATION_CODE, { field: 'code' });
    return users.registerPhoneUser(body.phone_number, body.aff_code);
  }
}
