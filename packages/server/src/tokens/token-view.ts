import type { TokenView } from '@gw/contracts';
import { nowSeconds } from '../platform/clock.js';
import { spendingLimitView } from '../billing/spending-limit.js';
import type { TokenRow } from './tokens.repository.js';

/** The owner's view of a token: the full key (without "sk-"), flags as booleans, no deleted_at. */
export function toTokenView(t: TokenRow): TokenView {
  return {
    id: t.id,
    user_id: t.user_id,
    key: t.key,
    status: t.status,
    name: t.name,
    created_time: t.created_time,
    accessed_time: t.accessed_time,
    expired_time: t.expired_time,
    remain_quota: t.remain_quota,
    unlimited_quota: t.unlimited_quota === 1,
    model_limits_enabled: t.model_limits_enabled === 1,
    model_limits: t.model_limits ?? '',
    allow_ips: t.allow_ips ?? '',
    used_quota: t.used_quota,
    group: t.group,
    cross_group_retry: t.cross_group_retry === 1,
    ...spendingLimitView(t, nowSeconds()),
    rpm_limit: t.rpm_limit,
    tpm_limit: t.tpm_limit,
  };
}
