import { z } from 'zod';
import { bool, int, json, objectError } from '../option-def.js';

const reward = (what: string) =>
  z.number({ error: `${what} must be a number` }).int(`${what} must be a whole number`).min(0, `${what} must be at least 0`).max(Number.MAX_SAFE_INTEGER, `${what} is too large`);

/** A group's own reward range: {"vip": {"min_quota": 5000, "max_quota": 20000}}. */
export const checkinGroupQuotas = z.record(
  z.string(),
  z
    .object({ min_quota: reward('min_quota'), max_quota: reward('max_quota') }, { error: 'each group needs {"min_quota": n, "max_quota": n}' })
    .refine((r) => r.max_quota >= r.min_quota, 'a group\'s max_quota must not be below its min_quota'),
  objectError,
);
export type CheckinGroupQuotas = z.infer<typeof checkinGroupQuotas>;

/**
 * Daily check-in (new-api's checkin_setting.*): a random reward in [min_quota, max_quota] (or the user's
 * group's range) once a day.
 * option-rules.ts refuses a max below the min.
 */
export const checkinOptions = {
  'checkin_setting.enabled': bool(false),
  'checkin_setting.min_quota': int(1000, 0, Number.MAX_SAFE_INTEGER),
  'checkin_setting.max_quota': int(10000, 0, Number.MAX_SAFE_INTEGER),
  /** Per-group ranges that replace [min_quota, max_quota] for users of that group. */
  'checkin_setting.group_quotas': json<CheckinGroupQuotas>({}, checkinGroupQuotas),
};
