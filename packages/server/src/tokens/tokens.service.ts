import {
  TOKEN_BATCH_SUFFIX_LENGTH,
  TOKEN_KEY_LENGTH,
  TOKEN_NAME_MAX,
  TOKEN_NEVER_EXPIRES,
  TokenStatus,
  type CreateTokenBody,
  type PageParams,
  type TokenSearchQuery,
  type TokenStatusBody,
  type TokenView,
  type UpdateTokenBody,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { spendingLimitPatch } from '../billing/spending-limit.js';
import { nowSeconds } from '../platform/clock.js';
import { parseAllowList } from '../platform/ip-allow-list.js';
import { usableGroupNames } from '../groups/groups.service.js';
import { usersRepository } from '../users/users.repository.js';
import { tokensRepository, type TokenRow, type TokenUpdate } from './tokens.repository.js';
import { toTokenView } from './token-view.js';

/** The signed-in user acting on their own tokens (http/request-context's Actor fits this shape). */
export interface TokenOwner {
  id: number;
  group: string;
}

/** Largest remaining quota of a limited token, in currency units (new-api: 1,000,000,000 × QuotaPerUnit). */
const MAX_REMAIN_UNITS = 1_000_000_000;

export const TOKEN_EXPIRY_IN_PAST = 'the expiry time is in the past; choose a later time or -1 (never expires)';
export const TOKEN_EXPIRED_CANNOT_ENABLE = 'this token has expired and cannot be enabled; change its expiry time or make it never expire first';
export const TOKEN_EXHAUSTED_CANNOT_ENABLE = 'this token has no quota left and cannot be enabled; raise its remaining quota or make it unlimited first';

/**
 * A user's own API tokens. Every read and write is scoped to the owner in SQL (an administrator gets no
 * access to other users' tokens here either). Each change is announced on ChangeEvents so the
 * gateway's API-key cache drops the token at once.
 */
export class TokensService {
  constructor(
    readonly db: Db,
    readonly options: OptionsService,
    private readonly events: ChangeEvents,
  ) {}

  async list(owner: TokenOwner, page: PageParams): Promise<{ items: TokenView[]; total: number }> {
    return this.search(owner, { keyword: '', token: '' }, page);
  }

  /** `keyword` matches part of the name; `token` the start of the key, with or without "sk-". */
  async search(owner: TokenOwner, query: TokenSearchQuery, page: PageParams): Promise<{ items: TokenView[]; total: number }> {
    const { rows, total } = await tokensRepository.listOwned(
      this.db,
      owner.id,
      { namePart: query.keyword, keyPrefix: query.token.replace(/^sk-/, '') },
      { offset: (page.page - 1) * page.pageSize, limit: page.pageSize },
    );
    return { items: rows.map(toTokenView), total };
  }

  async get(owner: TokenOwner, id: number): Promise<TokenView> {
    return toTokenView(await this.owned(owner, id));
  }

  /** The full key of one of the owner's tokens (new-api's reveal for clients that list masked keys). */
  async keyOf(owner: TokenOwner, id: number): Promise<string> {
    return (await this.owned(owner, id)).key;
  }

  /** Keys by token id for those of `ids` the owner has; others (foreign, deleted, unknown) are left out. */
  async keysOf(owner: TokenOwner, ids: number[]): Promise<Record<string, string>> {
    const rows = await tokensRepository.keysOwned(this.db, owner.id, [...new Set(ids)]);
    return Object.fromEntries(rows.map((r) => [String(r.id), r.key]));
  }

  /**
   * Creates one token, or `count` of them: the first keeps the name, the others get `-xxxxxx`
   * (spec 3 §5). The owner's row is locked while counting, so concurrent creates cannot pass the cap.
   */
  async create(owner: TokenOwner, body: CreateTokenBody): Promise<TokenView[]> {
    if (body.count > 1 && body.name.length > TOKEN_NAME_MAX - TOKEN_BATCH_SUFFIX_LENGTH - 1) {
      const max = TOKEN_NAME_MAX - TOKEN_BATCH_SUFFIX_LENGTH - 1;
      throw new ValidationError(`when creating several tokens the name must be at most ${max} characters (a random suffix is added)`, { field: 'name' });
    }
    const now = nowSeconds();
    if (body.expired_time !== TOKEN_NEVER_EXPIRES && body.expired_time <= now) throw new ValidationError(TOKEN_EXPIRY_IN_PAST, { field: 'expired_time' });
    this.checkRemainQuota(body.remain_quota);
    this.checkAllowIps(body.allow_ips);
    this.checkGroup(owner, body.group);

    const ids = await this.db.transaction().execute(async (trx) => {
      if (!(await usersRepository.findByIdForUpdate(trx, owner.id))) throw new NotFoundError('user');
      const existing = await tokensRepository.countOwned(trx, owner.id);
      const cap = this.options.get('token_setting.max_user_tokens');
      if (existing + body.count > cap) {
        throw new ValidationError(`you can have at most ${cap} API tokens (you have ${existing}); delete some first`, { field: 'count' });
      }
      const created: number[] = [];
      for (let i = 0; i < body.count; i++) {
        created.push(
          await tokensRepository.insert(trx, {
            user_id: owner.id,
            // 62^48 possible keys: a collision is not a practical concern, and the unique index would refuse it.
            key: randomAlphanumeric(TOKEN_KEY_LENGTH),
            status: TokenStatus.Enabled,
            name: i === 0 ? body.name : `${body.name}-${randomAlphanumeric(TOKEN_BATCH_SUFFIX_LENGTH)}`,
            created_time: now,
            accessed_time: now,
            expired_time: body.expired_time,
            remain_quota: body.remain_quota,
            unlimited_quota: body.unlimited_quota ? 1 : 0,
            model_limits_enabled: body.model_limits_enabled ? 1 : 0,
            model_limits: normalizeModelLimits(body.model_limits),
            allow_ips: body.allow_ips.trim(),
            group: body.group,
            cross_group_retry: body.cross_group_retry ? 1 : 0,
            budget_quota: body.budget_quota,
            budget_period: body.budget_period,
            rpm_limit: body.rpm_limit,
            tpm_limit: body.tpm_limit,
          }),
        );
      }
      return created;
    });
    return Promise.all(ids.map((id) => this.get(owner, id)));
  }

  /**
   * Edits a token; omitted fields keep their value. An expiry, IP list or group is checked only when it
   * changes, so an expired token can still be renamed. A status change is 1 ↔ 2 only, and enabling is
   * refused while the token (as edited) is expired or used up.
   */
  async update(owner: TokenOwner, body: UpdateTokenBody): Promise<TokenView> {
    const current = await this.owned(owner, body.id);
    const patch: TokenUpdate = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.remain_quota !== undefined) {
      this.checkRemainQuota(body.remain_quota);
      patch.remain_quota = body.remain_quota;
    }
    if (body.unlimited_quota !== undefined) patch.unlimited_quota = body.unlimited_quota ? 1 : 0;
    if (body.expired_time !== undefined && body.expired_time !== current.expired_time) {
      if (body.expired_time !== TOKEN_NEVER_EXPIRES && body.expired_time <= nowSeconds()) throw new ValidationError(TOKEN_EXPIRY_IN_PAST, { field: 'expired_time' });
      patch.expired_time = body.expired_time;
    }
    if (body.model_limits_enabled !== undefined) patch.model_limits_enabled = body.model_limits_enabled ? 1 : 0;
    if (body.model_limits !== undefined) patch.model_limits = normalizeModelLimits(body.model_limits);
    if (body.allow_ips !== undefined && body.allow_ips.trim() !== (current.allow_ips ?? '')) {
      this.checkAllowIps(body.allow_ips);
      patch.allow_ips = body.allow_ips.trim();
    }
    if (body.cross_group_retry !== undefined) patch.cross_group_retry = body.cross_group_retry ? 1 : 0;
    Object.assign(patch, spendingLimitPatch(current, body));
    if (body.rpm_limit !== undefined) patch.rpm_limit = body.rpm_limit;
    if (body.tpm_limit !== undefined) patch.tpm_limit = body.tpm_limit;
    if (body.group !== undefined && body.group !== current.group) {
      this.checkGroup(owner, body.group);
      patch.group = body.group;
    }
    if (body.status !== undefined && body.status !== current.status) {
      if (body.status !== TokenStatus.Enabled && body.status !== TokenStatus.Disabled) {
        throw new ValidationError('status must be 1 (enabled) or 2 (disabled)', { field: 'status' });
      }
      if (body.status === TokenStatus.Enabled) assertEnableable({ ...current, ...patch });
      patch.status = body.status;
    }
    return this.save(owner, current.id, patch);
  }

  /** `?status_only=true`: enable or disable. Enabling an expired or used-up token is refused until the cause is fixed. */
  async setStatus(owner: TokenOwner, body: TokenStatusBody): Promise<TokenView> {
    const current = await this.owned(owner, body.id);
    if (body.status === TokenStatus.Enabled) assertEnableable(current);
    return this.save(owner, current.id, { status: body.status });
  }

  /** Soft-deletes one of the owner's tokens; the gateway refuses its key from then on. */
  async delete(owner: TokenOwner, id: number): Promise<void> {
    if ((await this.deleteMany(owner, [id])) === 0) throw new NotFoundError('token');
  }

  /** Soft-deletes those of `ids` that are the owner's; answers how many were deleted. */
  async deleteMany(owner: TokenOwner, ids: number[]): Promise<number> {
    const deleted = await this.db.transaction().execute((trx) => tokensRepository.softDeleteOwned(trx, owner.id, [...new Set(ids)], nowSeconds()));
    for (const id of deleted) this.events.changed('token', id);
    return deleted.length;
  }

  private async owned(owner: TokenOwner, id: number): Promise<TokenRow> {
    const row = await tokensRepository.findOwned(this.db, owner.id, id);
    if (!row) throw new NotFoundError('token');
    return row;
  }

  private async save(owner: TokenOwner, id: number, patch: TokenUpdate): Promise<TokenView> {
    if (Object.keys(patch).length > 0) {
      if (!(await tokensRepository.updateOwned(this.db, owner.id, id, patch))) throw new NotFoundError('token');
      this.events.changed('token', id);
    }
    return this.get(owner, id);
  }

  private checkRemainQuota(quota: number) {
    const max = Math.min(Number.MAX_SAFE_INTEGER, MAX_REMAIN_UNITS * this.options.get('QuotaPerUnit'));
    if (quota > max) throw new ValidationError(`remain_quota must be at most ${max}`, { field: 'remain_quota' });
  }

  private checkAllowIps(text: string) {
    try {
      parseAllowList(text);
    } catch (err) {
      throw new ValidationError(`allow_ips: ${(err as Error).message}`, { field: 'allow_ips' });
    }
  }

  /** '' means the owner's own group; anything else must be one of the groups the owner may use. */
  private checkGroup(owner: TokenOwner, group: string) {
    if (group === '') return;
    if (!usableGroupNames(this.options, owner.group).has(group)) {
      throw new ValidationError(`group "${group}" is not available to you`, { field: 'group' });
    }
  }
}

/** Refuses to enable a token that is past its expiry or (when limited) has no quota left. */
function assertEnableable(t: Pick<TokenRow, 'expired_time' | 'remain_quota' | 'unlimited_quota'>) {
  if (t.expired_time !== TOKEN_NEVER_EXPIRES && t.expired_time <= nowSeconds()) throw new ValidationError(TOKEN_EXPIRED_CANNOT_ENABLE, { field: 'status' });
  if (t.unlimited_quota !== 1 && t.remain_quota <= 0) throw new ValidationError(TOKEN_EXHAUSTED_CANNOT_ENABLE, { field: 'status' });
}

/** "a, b,,a" → "a,b": trimmed, without empties or repeats, in the given order. */
function normalizeModelLimits(text: string): string {
  return [...new Set(text.split(',').map((m) => m.trim()).filter(Boolean))].join(',');
}
