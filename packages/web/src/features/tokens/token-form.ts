import dayjs, { type Dayjs } from 'dayjs';
import { AUTO_GROUP, TOKEN_NEVER_EXPIRES, type CreateTokenBody, type TokenView } from '@gw/contracts';
import { noSpendingLimit, spendingLimitBody, spendingLimitToValues, type SpendingLimitValues } from '../../components/spending-limit/spending-limit-form';

/** New-token defaults (spec 3 §9): 500000 quota, never expires. */
export const DEFAULT_TOKEN_QUOTA = 500_000;
/** Batch sizes offered when creating tokens (spec 3 §9). */
export const BATCH_COUNT_PRESETS = [10, 20, 30, 100] as const;

/** The token editor's form model; `expires` null means "never" (-1). The spending limit is the key's own. */
export interface TokenFormValues extends SpendingLimitValues {
  name: string;
  remain_quota: number;
  unlimited_quota: boolean;
  expires: Dayjs | null;
  model_limits: string[];
  allow_ips: string;
  group: string;
  /** Only offered (and only meaningful) for the `auto` group. */
  cross_group_retry: boolean;
  /** Requests per minute; empty (null) or 0 = unlimited. */
  rpm_limit: number | null;
  /** Prompt + completion tokens per minute; empty (null) or 0 = unlimited. */
  tpm_limit: number | null;
  count: number;
}

export function newTokenValues(): TokenFormValues {
  return { name: '', remain_quota: DEFAULT_TOKEN_QUOTA, unlimited_quota: false, expires: null, model_limits: [], allow_ips: '', group: '', cross_group_retry: false, ...noSpendingLimit(), rpm_limit: null, tpm_limit: null, count: 1 };
}

export function tokenToValues(token: TokenView): TokenFormValues {
  return {
    name: token.name,
    remain_quota: token.remain_quota,
    unlimited_quota: token.unlimited_quota,
    expires: token.expired_time === TOKEN_NEVER_EXPIRES ? null : dayjs.unix(token.expired_time),
    model_limits: token.model_limits_enabled ? token.model_limits.split(',').map((m) => m.trim()).filter(Boolean) : [],
    allow_ips: token.allow_ips,
    group: token.group,
    cross_group_retry: token.cross_group_retry,
    ...spendingLimitToValues(token),
    // 0 (no limit) shows as an empty field.
    rpm_limit: token.rpm_limit || null,
    tpm_limit: token.tpm_limit || null,
    count: 1,
  };
}

/**
 * Form values → the body of POST /api/token/ (PUT adds the id and drops count). Model limits are comma-joined;
 * "no limit" as the period clears the amount too (the server refuses an amount without a period); an empty
 * rate limit is sent as 0 (unlimited).
 */
export function valuesToBody(v: TokenFormValues): CreateTokenBody {
  return {
    name: v.name.trim(),
    remain_quota: Math.trunc(v.remain_quota ?? 0),
    unlimited_quota: v.unlimited_quota,
    expired_time: v.expires ? v.expires.unix() : TOKEN_NEVER_EXPIRES,
    model_limits_enabled: v.model_limits.length > 0,
    model_limits: v.model_limits.join(','),
    allow_ips: v.allow_ips.trim(),
    group: v.group ?? '',
    cross_group_retry: v.group === AUTO_GROUP && v.cross_group_retry,
    ...spendingLimitBody(v),
    rpm_limit: rateLimitOf(v.rpm_limit),
    tpm_limit: rateLimitOf(v.tpm_limit),
    count: Math.max(1, Math.trunc(v.count || 1)),
  };
}

/** A per-minute limit as sent: whole, 0 when empty (the contract refuses what is left out of range). */
function rateLimitOf(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
}
