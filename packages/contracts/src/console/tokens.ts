import { z } from 'zod';
import { BUDGET_NEEDS_PERIOD, BUDGET_PERIODS, BudgetPeriodField, BudgetQuota, type BudgetPeriod } from './spending-limits.js';

/** API token status (spec 3 §4). 3 and 4 are set by the gateway when it sees an expired or used-up token. */
export const TokenStatus = { Enabled: 1, Disabled: 2, Expired: 3, Exhausted: 4 } as const;
export type TokenStatusValue = (typeof TokenStatus)[keyof typeof TokenStatus];

export const TOKEN_NAME_MAX = 50;
/** Tokens one user may hold at a time (new-api's `max_user_tokens` default). */
export const MAX_TOKENS_PER_USER = 1000;
/** Largest batch of POST /api/token/ with `count`. */
export const TOKEN_BATCH_MAX = 100;
/** Length of the random suffix `-xxxxxx` given to the extra tokens of a batch (spec 3 §5). */
export const TOKEN_BATCH_SUFFIX_LENGTH = 6;
/** `expired_time` meaning "never expires". */
export const TOKEN_NEVER_EXPIRES = -1;
/** Length of a generated key (stored and sent without the `sk-` prefix). */
export const TOKEN_KEY_LENGTH = 48;

/** A key's spending limit renews every calendar period in UTC (console/spending-limits.ts). */
export const TOKEN_BUDGET_PERIODS = BUDGET_PERIODS;
export type TokenBudgetPeriod = BudgetPeriod;

/** Largest `rpm_limit` / `tpm_limit` a key may have (a billion a minute: far beyond any real traffic). */
export const TOKEN_RATE_LIMIT_MAX = 1_000_000_000;

/** Spec 3 §8 messages. */
export const TOKEN_NAME_EMPTY = 'token name cannot be empty';
export const EXPIRY_FORMAT_ERROR = 'expiry time format error';

/**
 * An API token as its owner sees it. `key` is the full secret WITHOUT the `sk-` prefix (as stored, and
 * as new-api answers); clients show and copy it as `sk-` + key. `expired_time` is unix seconds or -1.
 */
export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** IPs and CIDR ranges, separated by new lines or commas; empty = any address. */
  allow_ips: string;
  used_quota: number;
  /** '' = the owner's own group. */
  group: string;
  /** An `auto` key moves on to its next auto group when every channel of one failed (new-api's field). */
  cross_group_retry: boolean;
  /** Most the key may spend per `budget_period`, in quota units; 0 = no such limit. */
  budget_quota: number;
  /** '' when the key has no periodic limit. */
  budget_period: TokenBudgetPeriod | '';
  /** Spent in the current period. */
  budget_used: number;
  /** When the current period ends and the limit renews (unix seconds); 0 without a limit. */
  budget_reset_time: number;
  /** Most requests (of any outcome) the key may send per minute; 0 = no limit. */
  rpm_limit: number;
  /** Most prompt + completion tokens the key's answers may use per minute; 0 = no limit. */
  tpm_limit: number;
}

/** Latest sensible unix second (9999-12-31); larger values are almost always milliseconds sent by mistake. */
const LAST_UNIX_SECOND = 253_402_300_799;

/** Booleans arrive as JSON booleans; 0/1 (how the database stores them) are accepted too. */
const Flag = (field: string) =>
  z.union([z.boolean(), z.literal(0), z.literal(1)], { error: `${field} must be true or false` }).transform((v) => v === true || v === 1);

const TokenName = z
  .string({ error: TOKEN_NAME_EMPTY })
  .trim()
  .min(1, TOKEN_NAME_EMPTY)
  .max(TOKEN_NAME_MAX, `token name must be at most ${TOKEN_NAME_MAX} characters`);

/** Unix seconds or -1 (never). Numeric strings are accepted; anything else is the spec's format error. */
export const ExpiredTime = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: EXPIRY_FORMAT_ERROR })
    .int(EXPIRY_FORMAT_ERROR)
    .min(TOKEN_NEVER_EXPIRES, EXPIRY_FORMAT_ERROR)
    .max(LAST_UNIX_SECOND, EXPIRY_FORMAT_ERROR),
);

const RemainQuota = z
  .number({ error: 'remain_quota must be an integer' })
  .int('remain_quota must be an integer')
  .min(0, 'remain_quota must not be negative')
  .max(Number.MAX_SAFE_INTEGER, 'remain_quota is too large');

/** A per-minute limit: a whole number from 0 (no limit) to TOKEN_RATE_LIMIT_MAX. */
const RateLimit = (field: string) =>
  z
    .number({ error: `${field} must be a whole number (0 = no limit)` })
    .int(`${field} must be a whole number (0 = no limit)`)
    .min(0, `${field} must not be negative (0 = no limit)`)
    .max(TOKEN_RATE_LIMIT_MAX, `${field} must be at most ${TOKEN_RATE_LIMIT_MAX.toLocaleString('en-US')}`);

const TokenFields = {
  remain_quota: RemainQuota,
  unlimited_quota: Flag('unlimited_quota'),
  expired_time: ExpiredTime,
  model_limits_enabled: Flag('model_limits_enabled'),
  model_limits: z.string({ error: 'model_limits must be a comma-separated list' }).max(60_000, 'model_limits is too long'),
  allow_ips: z.string({ error: 'allow_ips must be a list of IPs or CIDR ranges' }).max(10_000, 'allow_ips is too long'),
  group: z.string({ error: 'group must be a string' }).trim().max(64, 'group must be at most 64 characters'),
  cross_group_retry: Flag('cross_group_retry'),
  budget_quota: BudgetQuota,
  budget_period: BudgetPeriodField,
  rpm_limit: RateLimit('rpm_limit'),
  tpm_limit: RateLimit('tpm_limit'),
};


/**
 * POST /api/token/. With `count` > 1 a batch is created: the first token keeps `name`, the others are
 * named `name-xxxxxx` with a random 6-character suffix (spec 3 §5). Answers the created tokens.
 */
export const CreateTokenBody = z.object({
  name: TokenName,
  remain_quota: TokenFields.remain_quota.optional().default(0),
  unlimited_quota: TokenFields.unlimited_quota.optional().default(false),
  expired_time: TokenFields.expired_time.optional().default(TOKEN_NEVER_EXPIRES),
  model_limits_enabled: TokenFields.model_limits_enabled.optional().default(false),
  model_limits: TokenFields.model_limits.optional().default(''),
  allow_ips: TokenFields.allow_ips.optional().default(''),
  group: TokenFields.group.optional().default(''),
  cross_group_retry: TokenFields.cross_group_retry.optional().default(false),
  budget_quota: TokenFields.budget_quota.optional().default(0),
  budget_period: TokenFields.budget_period.optional().default(''),
  rpm_limit: TokenFields.rpm_limit.optional().default(0),
  tpm_limit: TokenFields.tpm_limit.optional().default(0),
  count: z
    .number({ error: 'count must be an integer' })
    .int('count must be an integer')
    .min(1, 'count must be at least 1')
    .max(TOKEN_BATCH_MAX, `count must be at most ${TOKEN_BATCH_MAX}`)
    .optional()
    .default(1),
}).refine((b) => b.budget_quota === 0 || b.budget_period !== '', { message: BUDGET_NEEDS_PERIOD, path: ['budget_period'] });
export type CreateTokenBody = z.infer<typeof CreateTokenBody>;

const TokenId = z.coerce.number({ error: 'id is required' }).int('id must be an integer').positive('id must be a positive integer');

/**
 * PUT /api/token/: edits the caller's token `id`. Omitted fields keep their value; unknown fields (the
 * console sends the whole token) are ignored. `status`, when it differs from the stored one, must be
 * 1 or 2; enabling is refused while the token is expired or used up (after this edit is applied).
 */
export const UpdateTokenBody = z.object({
  id: TokenId,
  name: TokenName.optional(),
  remain_quota: TokenFields.remain_quota.optional(),
  unlimited_quota: TokenFields.unlimited_quota.optional(),
  expired_time: TokenFields.expired_time.optional(),
  model_limits_enabled: TokenFields.model_limits_enabled.optional(),
  model_limits: TokenFields.model_limits.optional(),
  allow_ips: TokenFields.allow_ips.optional(),
  group: TokenFields.group.optional(),
  cross_group_retry: TokenFields.cross_group_retry.optional(),
  budget_quota: TokenFields.budget_quota.optional(),
  budget_period: TokenFields.budget_period.optional(),
  rpm_limit: TokenFields.rpm_limit.optional(),
  tpm_limit: TokenFields.tpm_limit.optional(),
  status: z.number({ error: 'status must be an integer' }).int('status must be an integer').optional(),
});
export type UpdateTokenBody = z.infer<typeof UpdateTokenBody>;

/** PUT /api/token/?status_only=true: enable (1) or disable (2) the caller's token `id`. */
export const TokenStatusBody = z.object({
  id: TokenId,
  status: z.union([z.literal(TokenStatus.Enabled), z.literal(TokenStatus.Disabled)], { error: 'status must be 1 (enabled) or 2 (disabled)' }),
});
export type TokenStatusBody = z.infer<typeof TokenStatusBody>;

/** GET /api/token/search filters (paging from PageQuery): `keyword` is part of the name, `token` the start of the key (with or without `sk-`). */
export const TokenSearchQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  token: z.string().trim().max(128).optional().default(''),
});
export type TokenSearchQuery = z.infer<typeof TokenSearchQuery>;

/** POST /api/token/batch: deletes several of the caller's tokens; answers how many were deleted. */
export const DeleteTokensBody = z.object({
  ids: z
    .array(TokenId, { error: 'ids must be a list of token ids' })
    .min(1, 'please select at least one token')
    .max(TOKEN_BATCH_MAX, `at most ${TOKEN_BATCH_MAX} tokens at a time`),
});
export type DeleteTokensBody = z.infer<typeof DeleteTokensBody>;

/** POST /api/token/batch/keys: the tokens whose full keys are wanted. */
export const TokenIdsBody = DeleteTokensBody;
export type TokenIdsBody = DeleteTokensBody;
