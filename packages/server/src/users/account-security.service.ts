import { BINDING_COLUMNS, BINDING_TYPES, isBindingType, type CustomOAuthBinding, type TwoFactorStats } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { SessionStore } from '../auth/session-store.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../http/errors.js';
import { LogType } from '../logs/log-types.js';
import { logsRepository } from '../logs/logs.repository.js';
import { customProvidersRepository } from '../oauth/custom-providers.repository.js';
import { oauthIdentitiesRepository, providerColumn } from '../oauth/oauth-identities.repository.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { passkeysRepository } from '../two-factor/passkeys.repository.js';
import { twoFactorRepository } from '../two-factor/two-factor.repository.js';
import { customWay, isLastWayIn } from './sign-in-ways.js';
import { usersRepository } from './users.repository.js';
import { outranks, type ActorRef } from './users.service.js';

export const AccountSecurityMessage = {
  Outranked: 'you cannot manage a user whose role is equal to or higher than your own',
  TwoFactorOff: 'this user has not enabled two-factor authentication',
  NoPasskeys: 'this user has no passkeys',
  UnknownBinding: (type: string) => `unknown binding type "${type}"; use one of ${BINDING_TYPES.join(', ')}`,
  NotBound: (what: string) => `this user has no ${what} binding`,
  NotBoundSelf: (what: string) => `your account has no ${what} binding`,
  LastWayIn: (username: string) => `this is the only way ${username} can sign in; set a password for the user first`,
  LastWayInSelf: 'this is the only way you can sign in; set a password first',
} as const;

export interface AccountSecurityDeps {
  db: Db;
  options: OptionsService;
  sessions: SessionStore;
  events?: ChangeEvents;
}

/**
 * Administrators' account-security tools (new-api's): 2FA adoption, turning a user's 2FA off, removing their
 * passkeys, clearing built-in and custom third-party bindings; and the user's own custom-binding removal.
 * Every administrator action follows the rule of user management (only users of a lower role, root anyone)
 * and writes a manage log on the user. A binding is never cleared when it is the account's last way in.
 */
export class AccountSecurityService {
  constructor(private readonly deps: AccountSecurityDeps) {}

  async twoFactorStats(): Promise<TwoFactorStats> {
    const { total, enabled } = await twoFactorRepository.adoption(this.deps.db);
    const rate = total > 0 ? (enabled / total) * 100 : 0;
    return { total_users: total, enabled_users: enabled, enabled_rate: `${rate.toFixed(1)}%` };
  }

  /** DELETE /api/user/:id/2fa. The user's sessions end, as after any weakening of their sign-in. */
  async disableTwoFactor(actor: ActorRef, userId: number): Promise<void> {
    const target = await this.manageable(actor, userId);
    if (!(await twoFactorRepository.isEnabled(this.deps.db, target.id))) throw new ValidationError(AccountSecurityMessage.TwoFactorOff);
    await this.deps.db.transaction().execute(async (trx) => {
      await twoFactorRepository.remove(trx, target.id);
      await this.log(trx, actor, target, 'turned off two-factor authentication', { action: '2fa_disable' });
    });
    await this.endSessions(actor, target);
  }

  /** DELETE /api/user/:id/reset_passkey: every passkey of the user goes. */
  async resetPasskeys(actor: ActorRef, userId: number): Promise<{ removed: number }> {
    const target = await this.manageable(actor, userId);
    const removed = await this.deps.db.transaction().execute(async (trx) => {
      const n = await passkeysRepository.deleteAllForUser(trx, target.id);
      if (n > 0) await this.log(trx, actor, target, `removed ${n} passkey(s)`, { action: 'passkey_reset', removed: n });
      return n;
    });
    if (removed === 0) throw new ValidationError(AccountSecurityMessage.NoPasskeys);
    await this.endSessions(actor, target);
    return { removed };
  }

  /** DELETE /api/user/:id/bindings/:binding_type: e-mail or a built-in third-party account. */
  async clearBinding(actor: ActorRef, userId: number, rawType: string): Promise<void> {
    const type = rawType.trim().toLowerCase();
    if (!isBindingType(type)) throw new ValidationError(AccountSecurityMessage.UnknownBinding(rawType), { field: 'binding_type' });
    const target = await this.manageable(actor, userId);
    const column = BINDING_COLUMNS[type];
    const previous = target[column];
    if (!previous) throw new ValidationError(AccountSecurityMessage.NotBound(type));
    if (await isLastWayIn(this.deps.db, this.deps.options, target, type)) throw new ValidationError(AccountSecurityMessage.LastWayIn(target.username));
    await this.deps.db.transaction().execute(async (trx) => {
      await usersRepository.update(trx, target.id, { [column]: '' });
      // A third-party account is also held in oauth_identities (who owns it); it becomes free to bind again.
      if (providerColumn(type)) await oauthIdentitiesRepository.deleteForUser(trx, type, target.id);
      await this.log(trx, actor, target, `cleared the ${type} binding (${previous})`, { action: 'binding_clear', binding_type: type });
    });
    this.deps.events?.changed('user', target.id);
  }

  /** GET /api/user/:id/oauth/bindings: the user's accounts at custom providers. */
  async customBindings(actor: ActorRef, userId: number): Promise<CustomOAuthBinding[]> {
    const target = await this.manageable(actor, userId);
    return customProvidersRepository.bindingsOf(this.deps.db, target.id);
  }

  /** DELETE /api/user/:id/oauth/bindings/:provider_id. */
  async unbindCustom(actor: ActorRef, userId: number, providerId: number): Promise<void> {
    const target = await this.manageable(actor, userId);
    const binding = await this.customBindingOf(target, providerId, AccountSecurityMessage.NotBound);
    if (await isLastWayIn(this.deps.db, this.deps.options, target, customWay(binding.provider_slug))) throw new ValidationError(AccountSecurityMessage.LastWayIn(target.username));
    await this.deps.db.transaction().execute(async (trx) => {
      await oauthIdentitiesRepository.deleteForUser(trx, binding.provider_slug, target.id);
      await this.log(trx, actor, target, `removed the ${binding.provider_name} account binding (${binding.provider_user_id})`, { action: 'custom_oauth_unbind', provider_id: providerId });
    });
  }

  /** DELETE /api/user/oauth/bindings/:provider_id: the signed-in user removes their own custom binding. */
  async unbindOwnCustom(userId: number, providerId: number): Promise<void> {
    const user = await usersRepository.findById(this.deps.db, userId);
    if (!user) throw new NotFoundError('user');
    const binding = await this.customBindingOf(user, providerId, AccountSecurityMessage.NotBoundSelf);
    if (await isLastWayIn(this.deps.db, this.deps.options, user, customWay(binding.provider_slug))) throw new ValidationError(AccountSecurityMessage.LastWayInSelf);
    await oauthIdentitiesRepository.deleteForUser(this.deps.db, binding.provider_slug, user.id);
  }

  /** The live user an administrator may act on (users.service's manage rule). */
  private async manageable(actor: ActorRef, userId: number): Promise<UserRow> {
    const target = await usersRepository.findById(this.deps.db, userId);
    if (!target) throw new NotFoundError('user');
    if (!outranks(actor, target)) throw new ForbiddenError(AccountSecurityMessage.Outranked);
    return target;
  }

  private async customBindingOf(user: UserRow, providerId: number, notBound: (what: string) => string): Promise<CustomOAuthBinding> {
    const provider = await customProvidersRepository.findById(this.deps.db, providerId);
    if (!provider) throw new NotFoundError('OAuth provider');
    const binding = (await customProvidersRepository.bindingsOf(this.deps.db, user.id)).find((b) => b.provider_id === providerId);
    if (!binding) throw new ValidationError(notBound(provider.name));
    return binding;
  }

  /** Ends the user's sessions, except when administrators act on themselves (root may). */
  private async endSessions(actor: ActorRef, target: UserRow): Promise<void> {
    if (target.id !== actor.id) await this.deps.sessions.destroyAllForUser(target.id);
  }

  private log(trx: Db, actor: ActorRef, target: UserRow, what: string, other: Record<string, unknown>) {
    return logsRepository.insert(trx, {
      user_id: target.id,
      username: target.username,
      type: LogType.Manage,
      content: `administrator ${actor.username} ${what}`,
      other: JSON.stringify({ admin_id: actor.id, ...other }),
    });
  }
}
