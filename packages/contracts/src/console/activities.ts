import { z } from 'zod';

/** The activity manager (spec 3 §2.13, §3 "Activity", §4, §5; administrators). */

export const ACTIVITY_NAME_MAX = 100;
export const ACTIVITY_DESC_MAX = 2000;
/** Most users one POST /api/activity/reward may name (the user picker pages 100 at a time). */
export const ACTIVITY_REWARD_BATCH_MAX = 500;

export const ACTIVITY_NAME_REQUIRED = 'activity name is required';
export const ACTIVITY_DESC_REQUIRED = 'activity description is required';
export const ACTIVITY_QUOTA_INVALID = 'activity quota must be a positive integer';
export const ACTIVITY_DATE_INVALID = 'dates must be unix seconds, or 0 / empty for unlimited';
export const ACTIVITY_DATES_ORDER = 'the end date must be after the start date';
/** POST /api/activity/reward refusals (nothing is changed). */
export const ACTIVITY_NOT_ACTIVE = 'the activity has ended; rewards can only be granted for active activities';
export const ACTIVITY_NOT_STARTED = 'the activity has not started yet';
export const ACTIVITY_EXPIRED = 'the activity is past its end date';
export const ACTIVITY_NO_USERS = 'please select at least one user';

/**
 * An activity as GET /api/activity/ lists it and POST/PUT /api/activity/ answer it. `status` true =
 * active, false = ended. Dates are unix seconds; 0 = unlimited. `rewarded_count` = users rewarded so far.
 */
export interface ActivityView {
  id: number;
  name: string;
  status: boolean;
  quota: number;
  desc: string;
  start_date: number;
  end_date: number;
  created_at: number;
  rewarded_count: number;
}

/** Unix seconds; 0, '', null or missing = unlimited. Numeric strings are accepted. */
const ActivityDate = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: ACTIVITY_DATE_INVALID }).int(ACTIVITY_DATE_INVALID).min(0, ACTIVITY_DATE_INVALID).max(253_402_300_799, ACTIVITY_DATE_INVALID),
);

/** true/false; 1/0 are accepted too. Missing = active on create, unchanged on edit. */
const ActivityStatus = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'status must be true or false' })
  .transform((v) => v === true || v === 1);

/**
 * POST /api/activity/ and PUT /api/activity/{id}: name, desc and quota are required; dates optional.
 * When both dates are set the end must be after the start (ACTIVITY_DATES_ORDER).
 */
export const ActivityBody = z
  .object({
    name: z.string({ error: ACTIVITY_NAME_REQUIRED }).trim().min(1, ACTIVITY_NAME_REQUIRED).max(ACTIVITY_NAME_MAX, `activity name must be at most ${ACTIVITY_NAME_MAX} characters`),
    desc: z.string({ error: ACTIVITY_DESC_REQUIRED }).trim().min(1, ACTIVITY_DESC_REQUIRED).max(ACTIVITY_DESC_MAX, `activity description must be at most ${ACTIVITY_DESC_MAX} characters`),
    quota: z.coerce.number({ error: ACTIVITY_QUOTA_INVALID }).int(ACTIVITY_QUOTA_INVALID).positive(ACTIVITY_QUOTA_INVALID).max(Number.MAX_SAFE_INTEGER, ACTIVITY_QUOTA_INVALID),
    status: ActivityStatus.optional(),
    start_date: ActivityDate.optional().default(0),
    end_date: ActivityDate.optional().default(0),
  })
  .refine((b) => b.start_date === 0 || b.end_date === 0 || b.end_date > b.start_date, { message: ACTIVITY_DATES_ORDER, path: ['end_date'] });
export type ActivityBody = z.infer<typeof ActivityBody>;

/**
 * GET /api/activity/ query (admin): `q` = part of the name, or the exact id; `status` = 'true'/'1' (active),
 * 'false'/'0' (ended) or '' (all). Paging: `p` (or `page`) 1-based and `page_size` as everywhere; answers
 * PageResult<ActivityView>, newest first.
 */
export const ActivityListQuery = z.object({
  q: z.string().trim().max(100).optional().default(''),
  status: z
    .enum(['', 'true', 'false', '1', '0'], { error: 'status must be true, false or empty' })
    .optional()
    .default('')
    .transform((s) => (s === '' ? undefined : s === 'true' || s === '1')),
});
export type ActivityListQuery = z.infer<typeof ActivityListQuery>;

/**
 * POST /api/activity/reward (admin): grants the activity's quota to each user as activity reward
 * (activity_quota and activity_history_quota, plus a type-5 log), at most once per user and activity.
 * Only while the activity is active and now is within its dates. Unknown user ids refuse the whole call.
 */
export const ActivityRewardBody = z.object({
  activity_id: z.coerce.number({ error: 'activity_id is required' }).int('activity_id must be an integer').positive('activity_id must be a positive integer'),
  user_ids: z
    .array(z.coerce.number().int('user ids must be integers').positive('user ids must be positive integers'), { error: ACTIVITY_NO_USERS })
    .min(1, ACTIVITY_NO_USERS)
    .max(ACTIVITY_REWARD_BATCH_MAX, `at most ${ACTIVITY_REWARD_BATCH_MAX} users per call`)
    .transform((ids) => [...new Set(ids)]),
});
export type ActivityRewardBody = z.infer<typeof ActivityRewardBody>;

/** Answer of POST /api/activity/reward: who got the reward now, and who already had it (unchanged). */
export interface ActivityRewardResult {
  rewarded: number[];
  already_rewarded: number[];
}
