import type { QuotaDataQuery, QuotaDataRow, UserQuotaDataRow } from '@gw/contracts';
import type { Db } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { nowSeconds } from '../platform/clock.js';
import { quotaDataRepository } from './quota-data.repository.js';

/** Whose usage a dashboard call reads: everyone's (admin, optionally one username) or the caller's own. */
export type DashboardScope = { all: true } | { all: false; userId: number };

const DAY = 24 * 3600;
/** Without a start the dashboard shows the last week. */
const DEFAULT_RANGE = 7 * DAY;
/** The longest range one call may ask for (one row per model per hour adds up). */
const MAX_RANGE = 366 * DAY;

/** The data dashboard: hourly usage by model from quota_data (filled by QuotaDataAggregator). */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = nowSeconds,
  ) {}

  async usage(scope: DashboardScope, q: QuotaDataQuery): Promise<QuotaDataRow[]> {
    const { start, end } = this.range(q);
    return quotaDataRepository.list(this.db, {
      start,
      end,
      userId: scope.all ? undefined : scope.userId,
      username: scope.all && q.username ? q.username : undefined,
    });
  }

  /** GET /api/data/users: every user's hourly usage, their models summed. */
  usageByUser(q: QuotaDataQuery): Promise<UserQuotaDataRow[]> {
    return quotaDataRepository.listByUser(this.db, this.range(q));
  }

  /** The asked range: the last week when no start is given, at most MAX_RANGE long. */
  private range(q: QuotaDataQuery): { start: number; end: number } {
    const end = q.end_timestamp || this.now();
    const start = q.start_timestamp || Math.max(0, end - DEFAULT_RANGE);
    if (end - start > MAX_RANGE) throw new ValidationError('the time range must not exceed 366 days');
    return { start, end };
  }
}
