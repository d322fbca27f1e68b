import { z } from 'zod';

/** Redemption code status (spec 3 §4): 1 unused, 2 disabled, 3 used. A used code never changes again. */
export const RedemptionStatus = { Enabled: 1, Disabled: 2, Used: 3 } as const;
export type RedemptionStatusValue = (typeof RedemptionStatus)[keyof typeof RedemptionStatus];

export const REDEMPTION_NAME_MAX = 20;
/** At most this many codes per POST /api/redemption/. */
export const REDEMPTION_BATCH_MAX = 100;
/** Length of a generated code. */
export const REDEMPTION_KEY_LENGTH = 32;

/** Answers of POST /api/user/topup for a code that cannot be redeemed (nothing is changed). */
export const RedeemFailure = {
  Invalid: 'invalid redemption code',
  Used: 'this code has already been used',
  Disabled: 'this code is disabled',
  Expired: 'this code has expired',
} as const;

/** A redemption code as administrators see it. Times are unix seconds; `expired_time` 0 = never; `used_user_id` 0 = unused. */
export interface RedemptionView {
  id: number;
  /** The administrator who created it. */
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: number;
  used_user_id: number;
  expired_time: number;
}

const RedemptionName = z
  .string({ error: `name must be 1-${REDEMPTION_NAME_MAX} characters` })
  .trim()
  .min(1, `name must be 1-${REDEMPTION_NAME_MAX} characters`)
  .max(REDEMPTION_NAME_MAX, `name must be 1-${REDEMPTION_NAME_MAX} characters`);

const RedemptionQuota = z
  .number({ error: 'quota must be a positive integer' })
  .int('quota must be a positive integer')
  .positive('quota must be a positive integer')
  .max(Number.MAX_SAFE_INTEGER, 'quota is too large');

/** Unix seconds, or 0 for "never expires". Numeric strings are accepted. */
const RedemptionExpiry = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: 'expiry time format error' }).int('expiry time format error').min(0, 'expiry time format error').max(253_402_300_799, 'expiry time format error'),
);

const RedemptionId = z.coerce.number({ error: 'id is required' }).int('id must be an integer').positive('id must be a positive integer');

/** POST /api/redemption/ (admin): creates `count` codes worth `quota` each; answers the list of codes. */
export const CreateRedemptionBody = z.object({
  name: RedemptionName,
  quota: RedemptionQuota,
  count: z
    .number({ error: 'count must be an integer' })
    .int('count must be an integer')
    .min(1, 'count must be at least 1')
    .max(REDEMPTION_BATCH_MAX, `count must be at most ${REDEMPTION_BATCH_MAX}`)
    .optional()
    .default(1),
  expired_time: RedemptionExpiry.optional().default(0),
});
export type CreateRedemptionBody = z.infer<typeof CreateRedemptionBody>;

/** PUT /api/redemption/ (admin): edits name, quota and expiry of an unused code. Omitted fields keep their value. */
export const UpdateRedemptionBody = z.object({
  id: RedemptionId,
  name: RedemptionName.optional(),
  quota: RedemptionQuota.optional(),
  expired_time: RedemptionExpiry.optional(),
});
export type UpdateRedemptionBody = z.infer<typeof UpdateRedemptionBody>;

/** PUT /api/redemption/?status_only=true (admin): enable (1) or disable (2) a code that is not used. */
export const RedemptionStatusBody = z.object({
  id: RedemptionId,
  status: z.union([z.literal(RedemptionStatus.Enabled), z.literal(RedemptionStatus.Disabled)], {
    error: 'status must be 1 (enabled) or 2 (disabled)',
  }),
});
export type RedemptionStatusBody = z.infer<typeof RedemptionStatusBody>;

/** GET /api/redemption/search (paging from PageQuery): `keyword` is part of the name, or the exact id. */
export const RedemptionSearchQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
});
export type RedemptionSearchQuery = z.infer<typeof RedemptionSearchQuery>;

/** POST /api/user/topup: redeem a code for the signed-in user; answers the quota added. */
export const RedeemBody = z.object({
  key: z.string({ error: 'please enter redemption code' }).trim().min(1, 'please enter redemption code').max(64, RedeemFailure.Invalid),
});
export type RedeemBody = z.infer<typeof RedeemBody>;
