import {
  ACTIVITY_EXPIRED,
  ACTIVITY_NOT_ACTIVE,
  ACTIVITY_NOT_STARTED,
  type ActivityBody,
  type ActivityListItem,
  type ActivityListQuery,
  type ActivityRewardBody,
  type ActivityRewardResult,
  type ActivityView,
  type PageParams,
} from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { ChangeEvents } from '../platform/change-events.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { isUniqueViolation } from '../db/dialect-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { logsRepository } from '../logs/logs.repository.js';
import { inTransaction } from '../billing/transaction.js';
import { ACTIVITY_LOG_TYPE } from '../rewards/rewards.service.js';
import { activitiesRepository, type ActivityRow, type ActivityWithCount } from './activities.repository.js';

/** Activities a user sees in the activity center. */
const OPEN_ACTIVITIES_LIMIT = 50;

/** Whether an activity can grant rewards at `now`: the reason when it cannot. */
export function rewardRefusal(a: Pick<ActivityRow, 'status' | 'start_date' | 'end_date'>, now: number): string | null {
  if (a.status !== 1) return ACTIVITY_NOT_ACTIVE;
  if (a.start_date !== 0 && now < a.start_date) return ACTIVITY_NOT_STARTED;
  if (a.end_date !== 0 && now > a.end_date) return ACTIVITY_EXPIRED;
  return null;
}

/** The activity manager (admin) and the activity list of the activity center (spec 3 §2.12–2.13, §4). */
export class ActivitiesService {
  constructor(
    private readonly db: Db,
    private readonly events: ChangeEvents,
  ) {}

  async list(query: ActivityListQuery, page: PageParams): Promise<{ items: ActivityView[]; total: number }> {
    const { rows, total } = await activitiesRepository.list(this.db, query, { offset: (page.page - 1) * page.pageSize, limit: page.pageSize });
    return { items: rows.map(toActivityView), total };
  }

  async create(body: ActivityBody): Promise<ActivityView> {
    const id = await activitiesRepository.insert(this.db, { ...fieldsOf(body), status: body.status === false ? 0 : 1, created_at: nowSeconds() });
    return this.get(id);
  }

  async update(id: number, body: ActivityBody): Promise<ActivityView> {
    await this.existing(id);
    await activitiesRepository.update(this.db, id, fieldsOf(body));
    return this.get(id);
  }

  async get(id: number): Promise<ActivityView> {
    const row = await this.existing(id);
    return toActivityView({ ...row, rewarded_count: await activitiesRepository.rewardedCount(this.db, id) });
  }

  /**
   * Grants the activity's quota to each named user as activity reward, once per user, all or nothing:
   * one transaction writes every reward row, credit and type-5 log, so a failure for one user (an
   * overflowing reward balance) leaves every user unchanged. Users who already had the reward are
   * skipped and reported. Refused as a whole when the activity is not active or outside its dates, or
   * when a user id is unknown.
   */
  async reward(body: ActivityRewardBody): Promise<ActivityRewardResult> {
    const activity = await this.existing(body.activity_id);
    const now = nowSeconds();
    const refusal = rewardRefusal(activity, now);
    if (refusal) throw new ValidationError(refusal);
    const users = (await activitiesRepository.liveUsers(this.db, body.user_ids)).sort((a, b) => a.id - b.id);
    const found = new Set(users.map((u) => u.id));
    const unknown = body.user_ids.filter((id) => !found.has(id));
    if (unknown.length > 0) throw new ValidationError(`user not found: ${unknown.join(', ')}`, { user_ids: unknown });

    const granted = await this.grantAll(activity, users, now);
    const result: ActivityRewardResult = { rewarded: [], already_rewarded: [] };
    for (const user of users) {
      if (granted.has(user.id)) {
        result.rewarded.push(user.id);
        this.events.changed('user', user.id);
      } else result.already_rewarded.push(user.id);
    }
    return result;
  }

  /** The open activities for a signed-in user, each with whether they were rewarded. */
  async listForUser(userId: number): Promise<ActivityListItem[]> {
    const now = nowSeconds();
    const rows = await activitiesRepository.listOpen(this.db, now, OPEN_ACTIVITIES_LIMIT);
    const times = await activitiesRepository.rewardTimes(this.db, userId, rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      desc: r.desc ?? '',
      quota: r.quota,
      start_date: r.start_date,
      end_date: r.end_date,
      created_at: r.created_at,
      in_progress: rewardRefusal(r, now) === null,
      rewarded: times.has(r.id),
      rewarded_at: times.get(r.id) ?? 0,
    }));
  }

  /**
   * Rewards every user who does not have the reward yet, in one transaction; returns who was rewarded.
   * Users are taken in id order so concurrent grants lock rows in the same order. When a concurrent
   * grant commits one of these users first, the unique (activity, user) index aborts this transaction
   * (rolled back whole) and it runs again, now skipping that user; each rerun therefore has one user
   * fewer to reward, which bounds the reruns.
   */
  private async grantAll(activity: ActivityRow, users: readonly { id: number; username: string }[], now: number): Promise<Set<number>> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await inTransaction(this.db, async (trx) => {
          const before = await activitiesRepository.rewardedUserIds(trx, activity.id, users.map((u) => u.id));
          const granted = new Set<number>();
          for (const user of users) {
            if (before.has(user.id)) continue;
            await activitiesRepository.insertReward(trx, { activity_id: activity.id, user_id: user.id, quota: activity.quota, created_at: now });
            if (!(await activitiesRepository.creditActivityQuota(trx, user.id, activity.quota))) {
              throw new ValidationError(`the reward cannot be granted to user ${user.id}: the reward balance would exceed the largest allowed value`);
            }
            await logsRepository.insert(trx, {
              user_id: user.id,
              username: user.username,
              type: ACTIVITY_LOG_TYPE,
              quota: activity.quota,
              created_at: now,
              content: `activity reward: ${activity.name}`,
              other: JSON.stringify({ reward: 'activity', activity_id: activity.id }),
            });
            granted.add(user.id);
          }
          return granted;
        });
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= users.length) throw err;
      }
    }
  }

  private async existing(id: number): Promise<ActivityRow> {
    const row = await activitiesRepository.findById(this.db, id);
    if (!row) throw new NotFoundError('activity');
    return row;
  }
}

/** The stored fields; `status` only when given (an edit without it keeps the current one). */
function fieldsOf(body: ActivityBody) {
  const fields = { name: body.name, desc: body.desc, quota: body.quota, start_date: body.start_date, end_date: body.end_date };
  return body.status === undefined ? fields : { ...fields, status: body.status ? 1 : 0 };
}

export function toActivityView(r: ActivityWithCount): ActivityView {
  return {
    id: r.id,
    name: r.name,
    status: r.status === 1,
    quota: r.quota,
    desc: r.desc ?? '',
    start_date: r.start_date,
    end_date: r.end_date,
    created_at: r.created_at,
    rewarded_count: r.rewarded_count,
  };
}
