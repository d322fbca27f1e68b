import {
  ErrorCode,
  ManageAction,
  Role,
  UserStatus,
  isRoot,
  type CreateUserBody,
  type ManageUserBody,
  type ManageUserResult,
  type PageParams,
  type RegisterBody,
  type UpdateSelfBody,
  type UpdateUserBody,
  type UsableGroups,
  AUTO_GROUP_RATIO_TEXT,
  TOKEN_KEY_LENGTH,
  TOKEN_NAME_MAX,
  TOKEN_NEVER_EXPIRES,
  TokenStatus,
  type UserSearchQuery,
  type UserView,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow, UserUpdate } from '../db/schema.js';
import type { OptionsService } from '../options/options.service.js';
import type { SessionStore } from '../auth/session-store.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { hashPassword, randomAlphanumeric, verifyPassword } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository } from '../logs/logs.repository.js';
import { LogType } from '../logs/log-types.js';
import { AUTO_GROUP, autoGroupOffer, groupExists, usableGroups } from '../groups/groups.service.js';
import { tokensRepository } from '../tokens/tokens.repository.js';
import { usersRepository } from './users.repository.js';
import { toUserView } from './user-view.js';
import { budgetPeriodOf, budgetStanding, hasBudget, spendingLimitPatch, type SpendingLimit } from '../billing/spending-limit.js';
import { newAffCode } from './aff-code.js';
import { VerificationCodes } from '../verification/verification-codes.js';
import { emailRuleViolation } from '../mail/email-rules.js';
import type { ChangeEvents } from '../platform/change-events.js';

/** A limit's period as the manage log names it ("per day"). */
const PERIOD_NOUN = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** Who is acting: the signed-in user (http/request-context's Actor fits this shape). */
export interface ActorRef {
  id: number;
  role: number;
  username: string;
}

export interface UsersServiceExtras {
  verificationCodes?: VerificationCodes;
  /** Told about every change to a user, so caches (the relay's API keys) drop it at once. */
  events?: ChangeEvents;
  /** Invite-code generator; replaceable so tests can force a collision. */
  newAffCode?: () => string;
  /** GENERATE_DEFAULT_TOKEN: a user who signs up gets an initial key (see insertNewUser). */
  generateDefaultToken?: boolean;
}

export const USERNAME_TAKEN = 'username already taken';
export const EMAIL_TAKEN = 'this e-mail address is already in use';
export const INVALID_VERIFICATION_CODE = 'the verification code is invalid or has expired';
export const PHONE_TAKEN = 'this phone number is already registered';

const AFF_CODE_ATTEMPTS = 5;
/** The group the users table gives a new account. */
const NEW_USER_GROUP = 'default';

/** Root may act on anyone; everyone else only on users of a strictly lower role (spec 1 §6). */
export const outranks = (actor: ActorRef, target: Pick<UserRow, 'role'>) => isRoot(actor.role) || actor.role > target.role;

/** User rules: registration, invites, admin management and self-service. */
export class UsersService {
  readonly verificationCodes: VerificationCodes;
  private readonly newAffCode: () => string;
  private readonly events: ChangeEvents | undefined;
  private readonly generateDefaultToken: boolean;

  constructor(
    readonly db: Db,
    readonly options: OptionsService,
    readonly sessions: SessionStore,
    extras: UsersServiceExtras = {},
  ) {
    this.verificationCodes = extras.verificationCodes ?? new VerificationCodes(db);
    this.newAffCode = extras.newAffCode ?? newAffCode;
    this.events = extras.events;
    this.generateDefaultToken = extras.generateDefaultToken ?? false;
  }

  /** All users, newest first, soft-deleted ones included (the console shows them as signed out). */
  async list(page: PageParams): Promise<{ items: UserView[]; total: number }> {
    return this.search({ keyword: '', token: '', aff_code: '', group: '' }, page);
  }

  /** Filters combine with AND; `keyword` matches the id exactly or username / display name / e-mail partly. */
  async search(query: UserSearchQuery, page: PageParams): Promise<{ items: UserView[]; total: number }> {
    const { rows, total } = await usersRepository.list(
      this.db,
      { keyword: query.keyword, tokenKey: query.token.replace(/^sk-/, ''), affCode: query.aff_code, group: query.group },
      { offset: (page.page - 1) * page.pageSize, limit: page.pageSize },
    );
    return { items: rows.map(toUserView), total };
  }

  async getById(actor: ActorRef, id: number): Promise<UserView> {
    const user = await usersRepository.findById(this.db, id, { includeDeleted: true });
    if (!user) throw new NotFoundError('user');
    if (user.id !== actor.id && !outranks(actor, user)) {
      throw new ForbiddenError('you cannot view a user whose role is equal to or higher than your own');
    }
    return toUserView(user);
  }

  async getSelf(actor: ActorRef): Promise<UserView> {
    const user = await usersRepository.findById(this.db, actor.id);
    if (!user) throw new NotFoundError('user');
    return toUserView(user);
  }

  /** Admin creates a user. The new role (default normal user) must be below the caller's own. */
  async create(actor: ActorRef, body: CreateUserBody): Promise<UserView> {
    const role = body.role ?? Role.User;
    if (role !== Role.User && role !== Role.Admin && role !== Role.Root) throw new ValidationError('role must be 1, 10 or 100');
    if (role >= actor.role) throw new ForbiddenError('you cannot create a user with a role equal to or higher than your own');
    if (await usersRepository.usernameTaken(this.db, body.username)) throw new ConflictError(USERNAME_TAKEN);
    const password = await hashPassword(body.password);
    const id = await this.insertNewUser({
      username: body.username,
      password,
      display_name: body.display_name || body.username,
      role,
      email: '',
      inviter: undefined,
    });
    return this.viewOf(id);
  }

  /**
   * Admin edits another user. Quota moves by `add_quota` in one atomic statement (or is set to an
   * absolute `quota`, new-api style, when no `add_quota` is sent); every change writes a manage log.
   */
  async update(actor: ActorRef, body: UpdateUserBody): Promise<UserView> {
    const target = await usersRepository.findById(this.db, body.id);
    if (!target) throw new NotFoundError('user');
    if (!outranks(actor, target)) throw new ForbiddenError('you cannot edit a user whose role is equal to or higher than your own');

    const patch: UserUpdate = {};
    if (body.username !== undefined && body.username !== target.username) {
      if (await usersRepository.usernameTaken(this.db, body.username, target.id)) throw new ConflictError(USERNAME_TAKEN);
      patch.username = body.username;
    }
    if (body.display_name !== undefined) patch.display_name = body.display_name || (patch.username ?? target.username);
    if (body.email !== undefined && body.email !== target.email) {
      if (body.email && (await usersRepository.emailTaken(this.db, body.email, target.id))) throw new ConflictError(EMAIL_TAKEN);
      patch.email = body.email;
    }
    if (body.group !== undefined && body.group !== target.group) {
      if (!groupExists(this.options, body.group)) throw new ValidationError(`group "${body.group}" does not exist`);
      patch.group = body.group;
    }
    if (body.remarks !== undefined) patch.remarks = body.remarks;
    if (body.password) patch.password = await hashPassword(body.password);
    const limit = spendingLimitPatch(target, body);
    Object.assign(patch, limit);

    try {
      await this.db.transaction().execute(async (trx) => {
        if (Object.keys(patch).length > 0) await usersRepository.update(trx, target.id, patch);
        const username = patch.username ?? target.username;
        if (Object.keys(limit).length > 0) await this.logLimitChange(trx, actor, target.id, username, { ...target, ...limit });
        if (body.add_quota !== undefined) {
          if (body.add_quota === 0) return;
          if (!(await usersRepository.addQuota(trx, target.id, body.add_quota))) {
            throw new ValidationError(body.add_quota < 0 ? 'quota cannot go below 0' : 'quota would exceed the largest allowed value', { field: 'add_quota' });
          }
          const after = (await usersRepository.findById(trx, target.id))!.quota;
          await this.logQuotaChange(trx, actor, target.id, username, after - body.add_quota, after);
        } else if (body.quota !== undefined && body.quota !== target.quota) {
          const locked = await usersRepository.findByIdForUpdate(trx, target.id);
          if (!locked) throw new NotFoundError('user');
          await usersRepository.update(trx, target.id, { quota: body.quota });
          await this.logQuotaChange(trx, actor, target.id, username, locked.quota, body.quota);
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError(USERNAME_TAKEN);
      throw err;
    }
    // A password set by an administrator ends the user's current sessions.
    if (patch.password) await this.sessions.destroyAllForUser(target.id);
    this.events?.changed('user', target.id);
    return this.viewOf(target.id);
  }

  /** The signed-in user changes their display name and/or password (the latter needs the current one). */
  async updateSelf(actor: ActorRef, body: UpdateSelfBody): Promise<UserView> {
    const user = await usersRepository.findById(this.db, actor.id);
    if (!user) throw new NotFoundError('user');
    const patch: UserUpdate = {};
    if (body.display_name !== undefined) patch.display_name = body.display_name || user.username;
    if (body.password) {
      // An account without a password (third-party sign-in only) may set one without the old one.
      if (user.password && !(await verifyPassword(user.password, body.original_password ?? ''))) {
        throw new ValidationError('the original password is incorrect', { field: 'original_password' });
      }
      patch.password = await hashPassword(body.password);
    }
    if (Object.keys(patch).length > 0) await usersRepository.update(this.db, user.id, patch);
    return this.viewOf(user.id);
  }

  /** Soft-deletes the signed-in user and ends all their sessions. The super administrator cannot. */
  async deleteSelf(actor: ActorRef): Promise<void> {
    if (isRoot(actor.role)) throw new ForbiddenError('the super administrator account cannot be deleted');
    await usersRepository.softDelete(this.db, actor.id, nowSeconds());
    await this.sessions.destroyAllForUser(actor.id);
    this.events?.changed('user', actor.id);
  }

  /** promote / demote / disable / enable / delete (spec 1 §6); answers the row's new role and status. */
  async manage(actor: ActorRef, body: ManageUserBody): Promise<ManageUserResult> {
    const target = await usersRepository.findById(this.db, body.id);
    if (!target) throw new NotFoundError('user');
    if (!outranks(actor, target)) throw new ForbiddenError('you cannot manage a user whose role is equal to or higher than your own');
    let { role, status } = target;
    switch (body.action) {
      case ManageAction.Promote:
        if (!isRoot(actor.role)) throw new ForbiddenError('only the super administrator can promote users to administrator');
        if (target.role >= Role.Admin) throw new AppError(ErrorCode.Conflict, 'this user is already an administrator');
        role = Role.Admin;
        break;
      case ManageAction.Demote:
        if (isRoot(target.role)) throw new ForbiddenError('the super administrator cannot be demoted');
        if (target.role <= Role.User) throw new AppError(ErrorCode.Conflict, 'this user is already a normal user');
        role = Role.User;
        break;
      case ManageAction.Disable:
        if (isRoot(target.role)) throw new ForbiddenError('the super administrator cannot be disabled');
        status = UserStatus.Disabled;
        break;
      case ManageAction.Enable:
        if (target.status === UserStatus.NotEnableable) throw new ValidationError('this user cannot be enabled');
        status = UserStatus.Enabled;
        break;
      case ManageAction.ResetSpending:
        await this.resetSpending(actor, target);
        return { role, status };
      case ManageAction.Delete:
        if (isRoot(target.role)) throw new ForbiddenError('the super administrator cannot be deleted');
        await usersRepository.softDelete(this.db, target.id, nowSeconds());
        await this.sessions.destroyAllForUser(target.id);
        this.events?.changed('user', target.id);
        return { role, status };
    }
    await usersRepository.update(this.db, target.id, { role, status });
    this.events?.changed('user', target.id);
    // A disabled user is signed out at once; the request guard also re-checks status on every call.
    if (status === UserStatus.Disabled) await this.sessions.destroyAllForUser(target.id);
    return { role, status };
  }

  /**
   * Public sign-up with a password. New users get QuotaForNewUser; a valid invite code also gives the
   * invitee QuotaForInvitee and the inviter an invite count and QuotaForInviter, all in one transaction.
   */
  async register(body: RegisterBody): Promise<UserView> {
    if (!this.options.get('RegisterEnabled')) {
      throw new AppError(ErrorCode.Forbidden, 'new user registration has been disabled by the administrator');
    }
    if (!this.options.get('PasswordRegisterEnabled')) {
      throw new AppError(ErrorCode.Forbidden, 'registration with a username and password has been disabled by the administrator; use another sign-up method');
    }
    if (await usersRepository.usernameTaken(this.db, body.username)) throw new ConflictError(USERNAME_TAKEN);

    let email = '';
    if (this.options.get('EmailVerificationEnabled')) {
      if (!body.email) throw new ValidationError('email is required because e-mail verification is enabled', { field: 'email' });
      const violation = emailRuleViolation(body.email, this.options);
      if (violation) throw new ValidationError(violation, { field: 'email' });
      if (!body.verification_code) throw new ValidationError('verification_code is required', { field: 'verification_code' });
      if (await usersRepository.emailTaken(this.db, body.email)) throw new ConflictError(EMAIL_TAKEN);
      if (!(await this.verificationCodes.consume('email', body.email, body.verification_code))) {
        throw new ValidationError(INVALID_VERIFICATION_CODE, { field: 'verification_code' });
      }
      email = body.email;
    }

    const password = await hashPassword(body.password);
    const inviter = body.aff_code ? await usersRepository.findByAffCode(this.db, body.aff_code) : undefined;
    const id = await this.insertNewUser({ username: body.username, password, display_name: body.username, role: Role.User, email, inviter, selfSignUp: true });
    return this.viewOf(id);
  }

  /**
   * A new account for a phone number whose SMS code was just checked (phone sign-up, or the first phone
   * sign-in). It has no password; the username is the number when that is free. Registration toggles are
   * the caller's business (sms/phone-auth.service.ts).
   */
  async registerPhoneUser(phone: string, affCode: string): Promise<UserRow> {
    if (await usersRepository.phoneTaken(this.db, phone)) throw new ConflictError(PHONE_TAKEN);
    const inviter = affCode ? await usersRepository.findByAffCode(this.db, affCode) : undefined;
    const username = (await usersRepository.usernameTaken(this.db, phone)) ? `m${randomAlphanumeric(10)}` : phone;
    const display = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const id = await this.insertNewUser({ username, password: '', display_name: display, role: Role.User, email: '', phone, inviter, selfSignUp: true });
    const user = await usersRepository.findById(this.db, id);
    if (!user) throw new NotFoundError('user');
    return user;
  }

  /** Groups the signed-in user (or, without one, anybody) may choose for a token, `auto` included when offered. */
  usableGroups(userGroup?: string): UsableGroups {
    const groups: UsableGroups = usableGroups(this.options, userGroup);
    const auto = autoGroupOffer(this.options, userGroup);
    if (auto !== undefined) groups[AUTO_GROUP] = { ratio: AUTO_GROUP_RATIO_TEXT, desc: auto };
    return groups;
  }

  /**
   * Inserts a user with a fresh invite code and the new-user / invite rewards, in one transaction.
   * An invite-code collision retries with a new code; a username collision (a concurrent sign-up) is a conflict.
   */
  async insertNewUser(u: {
    username: string;
    password: string;
    display_name: string;
    role: number;
    email: string;
    /** A phone number already verified by SMS (phone sign-up). */
    phone?: string;
    inviter: { id: number; username: string } | undefined;
    /** Runs inside the insert's transaction (third-party sign-in records the external account here). */
    afterInsert?: (trx: Db, id: number) => Promise<void>;
    /** The user signs up themselves (not created by an administrator): gets the initial key if configured. */
    selfSignUp?: boolean;
  }): Promise<number> {
    const newUserQuota = this.options.get('QuotaForNewUser');
    const inviteeReward = u.inviter ? this.options.get('QuotaForInvitee') : 0;
    const inviterReward = u.inviter ? this.options.get('QuotaForInviter') : 0;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          const id = await usersRepository.insert(trx, {
            username: u.username,
            password: u.password,
            display_name: u.display_name,
            role: u.role,
            status: UserStatus.Enabled,
            email: u.email,
            phone: u.phone ?? '',
            quota: newUserQuota + inviteeReward,
            aff_code: this.newAffCode(),
            inviter_id: u.inviter?.id ?? 0,
            created_at: nowSeconds(),
          });
          const system = (userId: number, username: string, quota: number, content: string) =>
            logsRepository.insert(trx, { user_id: userId, username, type: LogType.System, quota, content });
          if (newUserQuota > 0) await system(id, u.username, newUserQuota, `new user gift: ${newUserQuota} quota`);
          if (u.inviter) {
            if (inviteeReward > 0) await system(id, u.username, inviteeReward, `invite code bonus: ${inviteeReward} quota (invited by ${u.inviter.username})`);
            await usersRepository.rewardInviter(trx, u.inviter.id, inviterReward);
            if (inviterReward > 0) await system(u.inviter.id, u.inviter.username, inviterReward, `invitation reward: ${inviterReward} quota for inviting ${u.username}`);
          }
          if (u.selfSignUp && this.generateDefaultToken) await this.insertInitialToken(trx, id, u.username);
          await u.afterInsert?.(trx, id);
          return id;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        if (isAffCodeViolation(err) && attempt < AFF_CODE_ATTEMPTS) continue;
        if (isAffCodeViolation(err)) throw err;
        throw new ConflictError(USERNAME_TAKEN);
      }
    }
  }

  /**
   * new-api's initial key: unlimited, never expiring, named "<username>'s initial token"; in the `auto`
   * group when DefaultUseAutoGroup is on and auto is offered to a new user's group.
   */
  private async insertInitialToken(trx: Db, userId: number, username: string) {
    const now = nowSeconds();
    const auto = this.options.get('DefaultUseAutoGroup') && autoGroupOffer(this.options, NEW_USER_GROUP) !== undefined;
    await tokensRepository.insert(trx, {
      user_id: userId,
      key: randomAlphanumeric(TOKEN_KEY_LENGTH),
      status: TokenStatus.Enabled,
      name: `${username}'s initial token`.slice(0, TOKEN_NAME_MAX),
      created_time: now,
      accessed_time: now,
      expired_time: TOKEN_NEVER_EXPIRES,
      remain_quota: 0,
      unlimited_quota: 1,
      group: auto ? AUTO_GROUP : '',
    });
  }

  /**
   * Starts the current period of the user's spending limit over from nothing, in one transaction with its
   * manage log (what had been spent); the limit itself stays. Charges still being settled count afterwards.
   */
  private async resetSpending(actor: ActorRef, target: UserRow): Promise<void> {
    if (!hasBudget(target)) throw new ValidationError('this user has no spending limit to reset');
    const period = target.budget_period;
    const spent = budgetStanding(target, nowSeconds()).used;
    await this.db.transaction().execute(async (trx) => {
      await usersRepository.update(trx, target.id, { budget_used: 0, budget_window: 0 });
      await logsRepository.insert(trx, {
        user_id: target.id,
        username: target.username,
        type: LogType.Manage,
        content: `administrator ${actor.username} reset this ${PERIOD_NOUN[period]}'s spending (${spent} of ${target.budget_quota} spent)`,
        other: JSON.stringify({ admin_id: actor.id, budget_used_before: spent, budget_quota: target.budget_quota, budget_period: period }),
      });
    });
    this.events?.changed('user', target.id);
  }

  private async logQuotaChange(trx: Db, actor: ActorRef, userId: number, username: string, before: number, after: number) {
    const delta = after - before;
    await logsRepository.insert(trx, {
      user_id: userId,
      username,
      type: LogType.Manage,
      quota: delta,
      content: `administrator ${actor.username} changed the quota by ${delta > 0 ? '+' : ''}${delta} (from ${before} to ${after})`,
      other: JSON.stringify({ admin_id: actor.id, quota_before: before, quota_after: after }),
    });
  }

  private async logLimitChange(trx: Db, actor: ActorRef, userId: number, username: string, limit: SpendingLimit) {
    const period = budgetPeriodOf(limit);
    await logsRepository.insert(trx, {
      user_id: userId,
      username,
      type: LogType.Manage,
      content: period
        ? `administrator ${actor.username} set the spending limit to ${limit.budget_quota} per ${PERIOD_NOUN[period]}`
        : `administrator ${actor.username} removed the spending limit`,
      other: JSON.stringify({ admin_id: actor.id, budget_quota: period ? limit.budget_quota : 0, budget_period: period }),
    });
  }

  private async viewOf(id: number): Promise<UserView> {
    const user = await usersRepository.findById(this.db, id, { includeDeleted: true });
    if (!user) throw new NotFoundError('user');
    return toUserView(user);
  }
}

/**
 * Whether a unique violation hit the invite-code index, read from the driver's error: the index name
 * (PostgreSQL constraint, MySQL message) or SQLite's "users.aff_code". Usernames are too short to fake it.
 */
function isAffCodeViolation(err: unknown): boolean {
  const e = err as { constraint?: string; message?: string; sqlMessage?: string };
  return [e.constraint, e.message, e.sqlMessage].some((s) => typeof s === 'string' && /idx_users_aff_code|users\.aff_code/.test(s));
}
