import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  REDEMPTION_KEY_LENGTH,
  RedeemFailure,
  RedemptionStatus,
  type CreateRedemptionBody,
  type PageParams,
  type RedemptionSearchQuery,
  type RedemptionStatusBody,
  type RedemptionView,
  type UpdateRedemptionBody,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository } from '../logs/logs.repository.js';
import { LogType } from '../logs/log-types.js';
import { usersRepository } from '../users/users.repository.js';
import { redemptionsRepository, type RedemptionRow, type RedemptionUpdate } from './redemptions.repository.js';

export const REDEMPTION_EXPIRY_IN_PAST = 'the expiry time is in the past; choose a later time or 0 (never expires)';
export const REDEMPTION_USED_NO_EDIT = 'a used redemption code cannot be edited';
export const REDEMPTION_USED_NO_ENABLE = 'a used redemption code cannot be enabled';
export const REDEMPTION_USED_NO_DISABLE = 'a used redemption code cannot be disabled';

/** The administrator creating codes, or the user redeeming one. */
export interface RedemptionActor {
  id: number;
  username: string;
}

export interface RedemptionsServiceExtras {
  /** Milliseconds to wait before answering a failed redemption (brute-force brake); default random 0–300. */
  failureDelayMs?: () => number;
}

/** Redemption codes (admin) and redeeming them (any signed-in user), spec 3 §2.3, §4, §7. */
export class RedemptionsService {
  private readonly failureDelayMs: () => number;

  constructor(
    readonly db: Db,
    readonly options: OptionsService,
    private readonly events: ChangeEvents,
    extras: RedemptionsServiceExtras = {},
  ) {
    this.failureDelayMs = extras.failureDelayMs ?? (() => randomInt(0, 301));
  }

  async list(page: PageParams): Promise<{ items: RedemptionView[]; total: number }> {
    return this.search({ keyword: '' }, page);
  }

  async search(query: RedemptionSearchQuery, page: PageParams): Promise<{ items: RedemptionView[]; total: number }> {
    const { rows, total } = await redemptionsRepository.list(this.db, query.keyword, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    return { items: rows.map(toRedemptionView), total };
  }

  async get(id: number): Promise<RedemptionView> {
    return toRedemptionView(await this.existing(id));
  }

  /** Creates `count` codes of `quota` each in one transaction and answers their keys. */
  async create(admin: RedemptionActor, body: CreateRedemptionBody): Promise<string[]> {
    const now = nowSeconds();
    if (body.expired_time !== 0 && body.expired_time <= now) throw new ValidationError(REDEMPTION_EXPIRY_IN_PAST, { field: 'expired_time' });
    // 62^32 possible codes: a collision is not a practical concern, and the unique index would refuse it.
    const keys = Array.from({ length: body.count }, () => randomAlphanumeric(REDEMPTION_KEY_LENGTH));
    await this.db.transaction().execute((trx) =>
      redemptionsRepository.insertMany(
        trx,
        keys.map((key) => ({
          user_id: admin.id,
          key,
          status: RedemptionStatus.Enabled,
          name: body.name,
          quota: body.quota,
          created_time: now,
          expired_time: body.expired_time,
        })),
      ),
    );
    return keys;
  }

  /** Edits name, quota and expiry; only while the code is unused (spec 3 §4). */
  async update(body: UpdateRedemptionBody): Promise<RedemptionView> {
    const current = await this.existing(body.id);
    if (current.status === RedemptionStatus.Used) throw new ValidationError(REDEMPTION_USED_NO_EDIT);
    const patch: RedemptionUpdate = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.quota !== undefined) patch.quota = body.quota;
    if (body.expired_time !== undefined && body.expired_time !== current.expired_time) {
      if (body.expired_time !== 0 && body.expired_time <= nowSeconds()) throw new ValidationError(REDEMPTION_EXPIRY_IN_PAST, { field: 'expired_time' });
      patch.expired_time = body.expired_time;
    }
    await this.saveUnused(current.id, patch, REDEMPTION_USED_NO_EDIT);
    return this.get(current.id);
  }

  /** Enables or disables a code; a used code keeps status 3 for good. */
  async setStatus(body: RedemptionStatusBody): Promise<RedemptionView> {
    const current = await this.existing(body.id);
    const refusal = body.status === RedemptionStatus.Enabled ? REDEMPTION_USED_NO_ENABLE : REDEMPTION_USED_NO_DISABLE;
    if (current.status === RedemptionStatus.Used) throw new ValidationError(refusal);
    await this.saveUnused(current.id, { status: body.status }, refusal);
    return this.get(current.id);
  }

  async delete(id: number): Promise<void> {
    if (!(await redemptionsRepository.softDelete(this.db, id, nowSeconds()))) throw new NotFoundError('redemption code');
  }

  /** Deletes every used, disabled or expired code; answers how many. */
  async deleteInvalid(): Promise<number> {
    return redemptionsRepository.softDeleteInvalid(this.db, nowSeconds());
  }

  /**
   * Redeems a code for `user`, exactly once however many requests race: in one transaction the code is
   * claimed by a conditional update (only one claim can match), the quota is added in one atomic
   * statement and a top-up log (type 1) is written. A refused code changes nothing and is answered
   * after a short random delay. Answers the quota added.
   */
  async redeem(user: RedemptionActor, key: string): Promise<number> {
    const now = nowSeconds();
    const claimed = await this.db.transaction().execute(async (trx) => {
      if (!(await redemptionsRepository.claim(trx, key, user.id, now))) return undefined;
      const code = (await redemptionsRepository.findByKey(trx, key))!;
      if (!(await usersRepository.addQuota(trx, user.id, code.quota))) {
        throw new ValidationError('this code cannot be redeemed: your balance would exceed the largest allowed value');
      }
      await logsRepository.insert(trx, {
        user_id: user.id,
        username: user.username,
        type: LogType.TopUp,
        quota: code.quota,
        created_at: now,
        content: `redeemed code #${code.id} for ${this.formatQuota(code.quota)}`,
        other: JSON.stringify({ redemption_id: code.id }),
      });
      return code;
    });
    if (!claimed) {
      const reason = await this.refusalOf(key, now);
      await sleep(this.failureDelayMs());
      throw new ValidationError(reason);
    }
    this.events.changed('user', user.id);
    return claimed.quota;
  }

  /** Why a code could not be claimed (read after the failed claim; nothing was changed). */
  private async refusalOf(key: string, now: number): Promise<string> {
    const code = await redemptionsRepository.findByKey(this.db, key);
    if (!code || code.deleted_at !== null) return RedeemFailure.Invalid;
    if (code.status === RedemptionStatus.Used) return RedeemFailure.Used;
    if (code.status === RedemptionStatus.Disabled) return RedeemFailure.Disabled;
    if (code.expired_time !== 0 && code.expired_time <= now) return RedeemFailure.Expired;
    return RedeemFailure.Invalid;
  }

  /** "$1.00 (500000 quota)": the dollar value at QuotaPerUnit, and the exact quota. */
  private formatQuota(quota: number): string {
    const perUnit = this.options.get('QuotaPerUnit');
    return `$${(quota / perUnit).toFixed(2)} (${quota} quota)`;
  }

  private async existing(id: number): Promise<RedemptionRow> {
    const row = await redemptionsRepository.findById(this.db, id);
    if (!row) throw new NotFoundError('redemption code');
    return row;
  }

  /** Applies a patch unless the code was redeemed (or deleted) since it was read. */
  private async saveUnused(id: number, patch: RedemptionUpdate, usedMessage: string): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    if (await redemptionsRepository.updateUnused(this.db, id, patch)) return;
    const now = await redemptionsRepository.findById(this.db, id);
    if (!now) throw new NotFoundError('redemption code');
    throw new ValidationError(usedMessage);
  }
}

export function toRedemptionView(r: RedemptionRow): RedemptionView {
  return {
    id: r.id,
    user_id: r.user_id,
    key: r.key,
    status: r.status,
    name: r.name,
    quota: r.quota,
    created_time: r.created_time,
    redeemed_time: r.redeemed_time,
    used_user_id: r.used_user_id,
    expired_time: r.expired_time,
  };
}
