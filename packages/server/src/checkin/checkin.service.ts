import { CHECKIN_ALREADY_DONE, CHECKIN_DISABLED, type CheckinResult, type CheckinStatus } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { ValidationError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { inTransaction } from '../billing/transaction.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository } from '../logs/logs.repository.js';
import { LogType } from '../logs/log-types.js';
import { usersRepository } from '../users/users.repository.js';
import { checkinRepository } from './checkin.repository.js';
import { localDate, randomQuota } from './local-date.js';

export interface CheckinActor {
  id: number;
  username: string;
  group: string;
}

/** Daily check-in (checkin_setting.*): a random reward once per user and server-local day. */
export class CheckinService {
  constructor(
    private readonly db: Db,
    private readonly options: OptionsService,
    private readonly events: ChangeEvents,
  ) {}

  /**
   * Awards a random quota in the user's range (rangeFor): the check-in row, the credit and a system log in
   * one transaction. The unique (user, day) index decides between racing check-ins; the losers roll back
   * and are told they already checked in.
   */
  async checkIn(user: CheckinActor): Promise<CheckinResult> {
    if (!this.options.get('checkin_setting.enabled')) throw new ValidationError(CHECKIN_DISABLED);
    const range = this.rangeFor(user.group);
    const quota = randomQuota(range.min_quota, range.max_quota);
    const date = localDate();
    const now = nowSeconds();
    try {
      await inTransaction(this.db, async (trx) => {
        await checkinRepository.insert(trx, { user_id: user.id, checkin_date: date, quota_awarded: quota, created_at: now });
        if (!(await usersRepository.addQuota(trx, user.id, quota))) {
          throw new ValidationError('check-in failed: your balance would exceed the largest allowed value');
        }
        await logsRepository.insert(trx, {
          user_id: user.id,
          username: user.username,
          type: LogType.System,
          quota,
          created_at: now,
          content: `daily check-in: ${quota} quota`,
          other: JSON.stringify({ reward: 'checkin', checkin_date: date }),
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ValidationError(CHECKIN_ALREADY_DONE);
      throw err;
    }
    this.events.changed('user', user.id);
    return { quota_awarded: quota, checkin_date: date };
  }

  /** The user's check-ins of `month` ('YYYY-MM', default the current one), totals and today's state. */
  async status(user: { id: number; group: string }, month?: string): Promise<CheckinStatus> {
    const userId = user.id;
    const today = localDate();
    const [records, totals, checkedInToday] = await Promise.all([
      checkinRepository.month(this.db, userId, month ?? today.slice(0, 7)),
      checkinRepository.totals(this.db, userId),
      checkinRepository.hasCheckedIn(this.db, userId, today),
    ]);
    const stats = {
      checked_in_today: checkedInToday,
      total_checkins: totals.count,
      total_quota: totals.quota,
      checkin_count: records.length,
      records: records.map((r) => ({ checkin_date: r.checkin_date, quota_awarded: Number(r.quota_awarded) })),
    };
    return {
      enabled: this.options.get('checkin_setting.enabled'),
      ...stats,
      ...this.rangeFor(user.group),
      stats,
    };
  }

  /** The reward range for a user of `group`: the group's own (group_quotas) or the site's. */
  private rangeFor(group: string): { min_quota: number; max_quota: number } {
    const own = this.options.get('checkin_setting.group_quotas')[group];
    return own ?? { min_quota: this.options.get('checkin_setting.min_quota'), max_quota: this.options.get('checkin_setting.max_quota') };
  }
}
