import type { UpdateSelfBody, UpdateUserBody, UserView } from '@gw/contracts';
import { spendingLimitBody, spendingLimitToValues, type SpendingLimitValues } from '../../components/spending-limit/spending-limit-form';

/**
 * The edit-user form model. Group, quota add, remarks and the spending limit are only shown (and only sent) when
 * an administrator edits another user; the password is never pre-filled.
 */
export interface EditUserValues extends Partial<SpendingLimitValues> {
  username?: string;
  display_name?: string;
  password?: string;
  original_password?: string;
  group?: string;
  /** Signed quota units to add; empty (null) or 0 leaves the quota alone. */
  add_quota?: number | null;
  remarks?: string;
}

export function userToValues(user: UserView): EditUserValues {
  return {
    username: user.username, display_name: user.display_name, password: '', original_password: '', group: user.group, add_quota: null, remarks: user.remarks,
    ...spendingLimitToValues(user),
  };
}

/**
 * Form values → PUT /api/user/ (an administrator editing user `id`, before the contract checks it). An empty
 * password keeps the old one; quota is only sent as a whole `add_quota` delta, never as an absolute value (so
 * quota spent meanwhile is not overwritten); "no limit" as the period clears the limit's amount too.
 */
export function valuesToUpdateBody(id: number, v: EditUserValues): UpdateUserBody {
  return {
    id, username: v.username?.trim(), display_name: v.display_name?.trim() ?? '', password: v.password ?? '',
    group: v.group, remarks: v.remarks ?? '',
    ...(v.add_quota ? { add_quota: Math.trunc(v.add_quota) } : {}),
    ...spendingLimitBody(v),
  };
}

/** Form values → PUT /api/user/self: the current password goes along only when typed. */
export function valuesToSelfBody(v: EditUserValues): UpdateSelfBody {
  return { display_name: v.display_name?.trim() ?? '', password: v.password ?? '', original_password: v.original_password || undefined };
}
