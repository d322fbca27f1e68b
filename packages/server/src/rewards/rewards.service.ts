import {
  FUEL_PACK_ALREADY_CLAIMED,
  FUEL_PACK_DISABLED,
  INSUFFICIENT_TRANSFER_QUOTA,
  type FuelPackClaim,
  type FuelPackRefusal,
  type QuotaTransferResult,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { ValidationError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository } from '../logs/logs.repository.js';
import { LogType } from '../logs/log-types.js';
import { rewardsRepository } from './rewards.repository.js';

/** Spec 3 §4 calls log type 5 "activity"; the gateway's error logs share the number (LogType.Error). */
export const ACTIVITY_LOG_TYPE = LogType.Error;

const SECONDS_PER_DAY = 86_400;

export interface RewardsActor {
  id: number;
  username: string;
}

/** The activity center's money moves (spec 3 §2.12, §9): the fuel pack and reward transfers. */
export class RewardsService {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly events: ChangeEvents,
  ) {}

  /**
   * Credits FuelPackQuota to the balance once per FuelPackLimit days, with a type-5 log in the same
   * transaction. A claim inside the window (even a concurrent one) is refused and changes nothing.
   */
  async claimFuelPack(user: RewardsActor): Promise<FuelPackClaim> {
    const quota = this.options.get('FuelPackQuota');
    if (!this.options.get('FuelPackEnabled') || quota <= 0) throw new ValidationError(FUEL_PACK_DISABLED);
    const days = this.options.get('FuelPackLimit');
    const now = nowSeconds();
    const claimed = await this.db.transaction().execute(async (trx) => {
      if (!(await rewardsRepository.claimFuelPack(trx, user.id, quota, now, days))) return false;
      await logsRepository.insert(trx, {
        user_id: user.id,
        username: user.username,
        type: ACTIVITY_LOG_TYPE,
        quota,
        created_at: now,
        content: `claimed the fuel pack: ${quota} quota`,
        other: JSON.stringify({ reward: 'fuel_pack' }),
      });
      return true;
    });
    const after = await rewardsRepository.balances(this.db, user.id);
    if (!claimed) {
      const refusal: FuelPackRefusal = { next_claim_at: (after?.last_fuel_pack_at ?? 0) + days * SECONDS_PER_DAY };
      throw new ValidationError(FUEL_PACK_ALREADY_CLAIMED, refusal);
    }
    this.events.changed('user', user.id);
    return { quota, balance: after?.quota ?? 0, next_claim_at: now + days * SECONDS_PER_DAY };
  }

  /**
   * Moves reward quota (invitation rewards first, then activity rewards) to the balance in one
   * statement, with a type-1 log in the same transaction. Refused unless 0 < amount <= rewards.
   */
  async transferToBalance(user: RewardsActor, amount: number): Promise<QuotaTransferResult> {
    const now = nowSeconds();
    const moved = await this.db.transaction().execute(async (trx) => {
      if (!(await rewardsRepository.transferToBalance(trx, user.id, amount))) return false;
      await logsRepository.insert(trx, {
        user_id: user.id,
        username: user.username,
        type: LogType.TopUp,
        quota: amount,
        created_at: now,
        content: `transferred ${amount} reward quota to the balance`,
        other: JSON.stringify({ reward: 'quota_transfer' }),
      });
      return true;
    });
    if (!moved) throw new ValidationError(INSUFFICIENT_TRANSFER_QUOTA);
    this.events.changed('user', user.id);
    const after = await rewardsRepository.balances(this.db, user.id);
    return { transferred: amount, quota: after?.quota ?? 0, aff_quota: after?.aff_quota ?? 0, activity_quota: after?.activity_quota ?? 0 };
  }
}
