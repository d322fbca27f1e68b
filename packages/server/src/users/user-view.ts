import type { UserView } from '@gw/contracts';
import type { UserRow } from '../db/schema.js';
import { spendingLimitView } from '../billing/spending-limit.js';
import { nowSeconds } from '../platform/clock.js';

/** The console's view of a user: never the password hash or access-token hash; the spending limit as it stands now. */
export function toUserView(u: UserRow): UserView {
  return {
    id: u.id,
    username: u.username,
    display_name: u.display_name,
    password: '',
    role: u.role,
    status: u.status,
    email: u.email,
    github_id: u.github_id,
    oidc_id: u.oidc_id,
    wechat_id: u.wechat_id,
    telegram_id: u.telegram_id,
    google_id: u.google_id,
    linux_do_id: u.linux_do_id,
    discord_id: u.discord_id,
    quota: u.quota,
    used_quota: u.used_quota,
    request_count: u.request_count,
    group: u.group,
    remarks: u.remarks,
    aff_code: u.aff_code,
    aff_count: u.aff_count,
    aff_quota: u.aff_quota,
    aff_history_quota: u.aff_history_quota,
    activity_quota: u.activity_quota,
    activity_history_quota: u.activity_history_quota,
    history_fuel_pack_quota: u.history_fuel_pack_quota,
    inviter_id: u.inviter_id,
    created_at: u.created_at,
    login_ip: u.login_ip,
    DeletedAt: u.deleted_at === null ? null : new Date(u.deleted_at * 1000).toISOString(),
    setting: u.setting ?? '',
    ...spendingLimitView(u, nowSeconds()),
  };
}
