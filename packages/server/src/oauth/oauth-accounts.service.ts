import { ErrorCode, Role, UserStatus } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { OptionsService } from '../options/options.service.js';
import type { UsersService } from '../users/users.service.js';
import { usersRepository } from '../users/users.repository.js';
import { AppError, ConflictError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { oauthIdentitiesRepository as identities, providerColumn } from './oauth-identities.repository.js';
import type { ExternalProfile } from './providers/provider.js';
import { inTransaction, isTransientLockError } from '../billing/transaction.js';

/** The external account, with the provider's name for messages. */
export interface ExternalAccount {
  /** A built-in provider's name or a custom provider's slug. */
  provider: string;
  label: string;
  profile: ExternalProfile;
}

/** Raised inside the new user's transaction when a racing sign-in recorded the same account first. */
class AccountTakenMeanwhile extends Error {}

const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DISPLAY_NAME_MAX = 20;
const CREATE_ATTEMPTS = 3;

export const boundElsewhere = (label: string) => `this ${label} account is already bound to another user`;

/**
 * Links external accounts to users. One external account belongs to at most one user: the
 * oauth_identities primary key decides, inside the same transaction as the users column update.
 */
export class OAuthAccounts {
  constructor(private readonly db: Db, private readonly options: OptionsService, private readonly users: UsersService) {}

  /** Binds the account to the user, replacing the user's previous account at that provider. */
  async bind(userId: number, { provider, label, profile }: ExternalAccount): Promise<void> {
    // Two binds racing on MariaDB can deadlock on the identities index; the rerun then finds the winner's row.
    await inTransaction(this.db, async (trx) => {
      const owner = await identities.findOwner(trx, provider, profile.id);
      if (owner !== undefined && owner !== userId) throw new ConflictError(boundElsewhere(label));
      if (owner === undefined) {
        await identities.deleteForUser(trx, provider, userId);
        try {
          await identities.insert(trx, provider, profile.id, userId);
        } catch (err) {
          if (isUniqueViolation(err)) throw new ConflictError(boundElsewhere(label));
          throw err;
        }
      }
      await this.showOnUser(trx, provider, userId, profile.id);
    });
  }

  /**
   * The user who owns the account; without one, a new user when registration is on (and `register` is not
   * false). A deleted or banned owner is refused rather than replaced.
   */
  async signIn(account: ExternalAccount, aff: string, opts: { register?: boolean } = {}): Promise<UserRow> {
    const existing = await this.owner(account);
    if (existing) return existing;
    // jwt_direct and trusted_header providers register only when the administrator allowed it (auto_register).
    if (opts.register === false) {
      throw new AppError(ErrorCode.Forbidden, `this ${account.label} account is not bound to any user, and ${account.label} sign-in does not register new users`);
    }
    if (!this.options.get('RegisterEnabled')) {
      throw new AppError(ErrorCode.Forbidden, `new user registration has been disabled by the administrator; this ${account.label} account is not bound to any user`);
    }
    const inviter = aff ? await usersRepository.findByAffCode(this.db, aff) : undefined;
    const email = await this.usableEmail(account.profile.email);
    for (let attempt = 1; ; attempt++) {
      const username = await this.newUsername(account.provider, attempt);
      try {
        const id = await this.users.insertNewUser({
          username,
          password: '',
          display_name: (account.profile.displayName || username).slice(0, DISPLAY_NAME_MAX),
          role: Role.User,
          email,
          inviter,
          selfSignUp: true,
          afterInsert: async (trx, newId) => {
            try {
              await identities.insert(trx, account.provider, account.profile.id, newId);
            } catch (err) {
              if (isUniqueViolation(err)) throw new AccountTakenMeanwhile();
              throw err;
            }
            await this.showOnUser(trx, account.provider, newId, account.profile.id);
          },
        });
        const user = await usersRepository.findById(this.db, id);
        if (!user) throw new Error(`user ${id} vanished after its creation`);
        return user;
      } catch (err) {
        // A racing sign-in of the same account won (or the race deadlocked): use its user if it exists.
        if (err instanceof AccountTakenMeanwhile || isTransientLockError(err)) {
          const owner = await this.owner(account);
          if (owner) return owner;
          if (!(err instanceof AccountTakenMeanwhile) && attempt < 5) continue;
          throw new ConflictError(boundElsewhere(account.label));
        }
        // A racing sign-up took the generated name: try the next one.
        if (err instanceof ConflictError && attempt < CREATE_ATTEMPTS) continue;
        throw err;
      }
    }
  }

  /** A built-in provider's account id is also kept in its users column (github_id, discord_id, …). */
  private async showOnUser(trx: Db, provider: string, userId: number, externalId: string): Promise<void> {
    const column = providerColumn(provider);
    if (column) await usersRepository.update(trx, userId, { [column]: externalId });
  }

  private async owner({ provider, label, profile }: ExternalAccount): Promise<UserRow | undefined> {
    const ownerId = await identities.findOwner(this.db, provider, profile.id);
    if (ownerId === undefined) return undefined;
    const user = await usersRepository.findById(this.db, ownerId, { includeDeleted: true });
    if (!user || user.deleted_at !== null) throw new AppError(ErrorCode.Forbidden, `the user bound to this ${label} account has been deleted`);
    if (user.status !== UserStatus.Enabled) throw new AppError(ErrorCode.Forbidden, 'this user has been banned');
    return user;
  }

  /** new-api's naming: `<provider or slug>_<max id + 1>`, with a random tail after a collision. */
  private async newUsername(provider: string, attempt: number): Promise<string> {
    const row = await this.db.selectFrom('users').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
    const next = Number(row?.max ?? 0) + 1;
    const tail = attempt === 1 ? '' : `_${Math.random().toString(36).slice(2, 6)}`;
    return `${provider}_${next}${tail}`;
  }

  /** The provider's e-mail address, when it is well-formed and no other user has it. */
  private async usableEmail(email: string): Promise<string> {
    if (!email || email.length > 50 || !EMAIL_FORMAT.test(email)) return '';
    return (await usersRepository.emailTaken(this.db, email)) ? '' : email;
  }
}
