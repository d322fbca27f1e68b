import type { Db } from '../db/database.js';
import { UserStatus, type LoginBody } from '@gw/contracts';
import { usersRepository } from '../users/users.repository.js';
import { burnPasswordCheck, randomAlphanumeric, sha256Hex, verifyPassword } from '../platform/crypto.js';
import { AppError } from '../http/errors.js';
import { ErrorCode } from '@gw/contracts';
import type { UserRow } from '../db/schema.js';
import { nowSeconds } from '../platform/clock.js';
import type { OptionsService } from '../options/options.service.js';

export const INVALID_LOGIN = 'invalid username or password';

/** Built-in credentials that earlier gateways shipped; signing in with them triggers the change-password warning. */
const DEFAULT_ADMIN = { username: 'root', password: '123456' };

export class AuthService {
  constructor(private readonly db: Db, private readonly options: OptionsService) {}

  /** Checks credentials. Every failure (unknown user, wrong password, disabled) gives the same message. */
  async login(body: LoginBody, ip: string): Promise<{ user: UserRow; usesDefaultPassword: boolean }> {
    if (!this.options.get('PasswordLoginEnabled')) {
      throw new AppError(ErrorCode.Forbidden, 'password login has been disabled by the administrator', 200);
    }
    const user = await usersRepository.findByLogin(this.db, body.username);
    if (!user) {
      await burnPasswordCheck(body.password);
      throw new AppError(ErrorCode.Unauthorized, INVALID_LOGIN, 200);
    }
    const valid = await verifyPassword(user.password, body.password);
    if (!valid || user.status !== UserStatus.Enabled) throw new AppError(ErrorCode.Unauthorized, INVALID_LOGIN, 200);
    await usersRepository.update(this.db, user.id, { login_ip: ip.slice(0, 64), last_login_at: nowSeconds() });
    const usesDefaultPassword = user.username === DEFAULT_ADMIN.username && body.password === DEFAULT_ADMIN.password;
    return { user, usesDefaultPassword };
  }

  /** Issues a new personal access token; only its hash is stored, so it is shown once. */
  async resetAccessToken(userId: number): Promise<string> {
    const token = randomAlphanumeric(32);
    await usersRepository.update(this.db, userId, { access_token_hash: sha256Hex(token) });
    return token;
  }
}
