import { z } from 'zod';

/**
 * Daily check-in (new-api's checkin_setting.*): once a day a signed-in user may check in for a random
 * reward in [min_quota, max_quota], credited to the balance at once with a system log. Days are the
 * server's local dates, 'YYYY-MM-DD'. GET /api/status tells the console whether it is on (checkin_enabled).
 */

/** POST /api/user/checkin while checkin_setting.enabled is off. Nothing is changed. */
export const CHECKIN_DISABLED = 'check-in is not enabled';
/** POST /api/user/checkin a second time on one day (however many race). Nothing is changed. */
export const CHECKIN_ALREADY_DONE = 'you have already checked in today';
export const CHECKIN_MONTH_INVALID = 'month must be a month in the form YYYY-MM';

/** GET /api/user/checkin?month=YYYY-MM; without a month, the server's current month. */
export const CheckinMonthQuery = z.object({
  month: z
    .string({ error: CHECKIN_MONTH_INVALID })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, CHECKIN_MONTH_INVALID)
    .optional(),
});
export type CheckinMonthQuery = z.infer<typeof CheckinMonthQuery>;

/** `data` of a successful POST /api/user/checkin. */
export interface CheckinResult {
  quota_awarded: number;
  checkin_date: string;
}

export interface CheckinRecord {
  checkin_date: string;
  quota_awarded: number;
}

/** `data` of GET /api/user/checkin (answered whether or not check-in is on). */
export interface CheckinStatus {
  enabled: boolean;
  checked_in_today: boolean;
  /** Check-ins and quota won, all time. */
  total_checkins: number;
  total_quota: number;
  /** Check-ins in the asked month (the length of `records`). */
  checkin_count: number;
  /** The asked month's check-ins, newest first. */
  records: CheckinRecord[];
  min_quota: number;
  max_quota: number;
  /** The same figures where new-api's console reads them. */
  stats: Pick<CheckinStatus, 'checked_in_today' | 'total_checkins' | 'total_quota' | 'checkin_count' | 'records'>;
}
