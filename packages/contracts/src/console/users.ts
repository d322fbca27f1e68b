import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, Password, Username } from './auth.js';
import { NewPassword } from './personal.js';
import { BudgetPeriodField, BudgetQuota, type SpendingLimitView } from './spending-limits.js';

/**
 * A user as the console sees it. The password is never sent (always ""). The spending limit caps what all
 * of the user's keys together may spend per period (console/spending-limits.ts).
 */
export interface UserView extends SpendingLimitView {
  id: number;
  username: string;
  display_name: string;
  password: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  google_id: string;
  linux_do_id: string;
  discord_id: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
  remarks: string;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  activity_quota: number;
  activity_history_quota: number;
  history_fuel_pack_quota: number;
  inviter_id: number;
  created_at: number;
  login_ip: string;
  DeletedAt: string | null;
  setting: string;
}

export const DISPLAY_NAME_MAX = 20;
export const EMAIL_MAX = 50;
export const REMARKS_MAX = 255;

/** The spec's message for an add-user form with a blank name or password. */
export const EMPTY_CREDENTIALS_MESSAGE = 'User name and password cannot be empty!';

const DisplayName = z.string().trim().max(DISPLAY_NAME_MAX, `display_name must be at most ${DISPLAY_NAME_MAX} characters`);
const Email = z.union([z.literal(''), z.email('email is not a valid e-mail address').max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`)]);
/** Ids arrive as JSON integers; numeric strings are accepted too. */
const UserId = z.coerce.number({ error: 'id is required' }).int('id must be an integer').positive('id must be a positive integer');

/** POST /api/user/ (admin). `role` is optional and must be below the caller's own role (default: normal user). */
export const CreateUserBody = z.object({
  username: z.string({ error: EMPTY_CREDENTIALS_MESSAGE }).trim().min(1, EMPTY_CREDENTIALS_MESSAGE).pipe(Username),
  password: z.string({ error: EMPTY_CREDENTIALS_MESSAGE }).min(1, EMPTY_CREDENTIALS_MESSAGE).pipe(Password),
  display_name: DisplayName.optional(),
  role: z.number().int().optional(),
});
export type CreateUserBody = z.infer<typeof CreateUserBody>;

/**
 * PUT /api/user/ (admin editing another user). The console may send the whole user: unknown fields
 * (role, status, counters…) are ignored. An empty `password` keeps the old one.
 *
 * Quota: `add_quota` is a signed delta applied in one atomic statement; the console's "quota add"
 * field sends it. `quota` is the new-api style absolute value and is honoured only when the body has
 * no `add_quota` (so a console that sends the whole, possibly stale, user plus `add_quota` never
 * overwrites quota spent in the meantime).
 *
 * Spending limit: `budget_quota` per `budget_period`; a limit needs a period, and a new period (or none)
 * starts counting from nothing.
 */
export const UpdateUserBody = z.object({
  id: UserId,
  username: Username.optional(),
  display_name: DisplayName.optional(),
  password: z.union([z.literal(''), Password]).optional(),
  email: Email.optional(),
  group: z.string().trim().min(1, 'group must not be empty').max(64, 'group must be at most 64 characters').optional(),
  remarks: z.string().max(REMARKS_MAX, `remarks must be at most ${REMARKS_MAX} characters`).optional(),
  add_quota: z.number({ error: 'add_quota must be an integer' }).int('add_quota must be an integer').optional(),
  quota: z.number({ error: 'quota must be an integer' }).int('quota must be an integer').min(0, 'quota must not be negative').optional(),
  budget_quota: BudgetQuota.optional(),
  budget_period: BudgetPeriodField.optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

/**
 * PUT /api/user/self. A new password needs the current one (`original_password`) and, being chosen by the
 * user, a letter and a digit (spec 3 §5). Other fields are ignored.
 */
export const UpdateSelfBody = z.object({
  display_name: DisplayName.optional(),
  password: z.union([z.literal(''), NewPassword]).optional(),
  original_password: z.string().max(200).optional(),
});
export type UpdateSelfBody = z.infer<typeof UpdateSelfBody>;

/** `reset_spending` starts the user's spending-limit period over from nothing (the limit stays). */
export const ManageAction = { Promote: 'promote', Demote: 'demote', Disable: 'disable', Enable: 'enable', Delete: 'delete', ResetSpending: 'reset_spending' } as const;
export type ManageActionValue = (typeof ManageAction)[keyof typeof ManageAction];

/** POST /api/user/manage (admin). */
export const ManageUserBody = z.object({
  id: UserId,
  action: z.enum(Object.values(ManageAction) as [ManageActionValue, ...ManageActionValue[]], {
    error: 'action must be one of promote, demote, disable, enable, delete, reset_spending',
  }),
});
export type ManageUserBody = z.infer<typeof ManageUserBody>;

/** What POST /api/user/manage answers, so the console can update the row. */
export interface ManageUserResult {
  role: number;
  status: number;
}

/** The register page's wording for a short or long password (spec 1 §5). */
const RegisterPassword = z
  .string({ error: 'password is required' })
  .min(1, 'password is required')
  .min(PASSWORD_MIN, `password length must not be less than ${PASSWORD_MIN}`)
  .max(PASSWORD_MAX, `password length must not be more than ${PASSWORD_MAX}`);

/** POST /api/user/register (public). `password2`, when sent, must equal `password`. */
export const RegisterBody = z
  .object({
    username: Username,
    password: RegisterPassword,
    password2: z.string().max(200).optional(),
    email: z.string().trim().max(EMAIL_MAX, `email must be at most ${EMAIL_MAX} characters`).optional().default(''),
    verification_code: z.string().trim().max(64).optional().default(''),
    aff_code: z.string().trim().max(32).optional().default(''),
  })
  .refine((b) => b.password2 === undefined || b.password2 === b.password, { message: 'the two passwords differ', path: ['password2'] });
export type RegisterBody = z.infer<typeof RegisterBody>;

const Filter = z.string().trim().max(100).optional().default('');

/** GET /api/user/search filters (paging comes from PageQuery). Empty filters match everything. */
export const UserSearchQuery = z.object({
  keyword: Filter,
  token: Filter,
  aff_code: Filter,
  group: Filter,
});
export type UserSearchQuery = z.infer<typeof UserSearchQuery>;

/**
 * GET /api/user/groups and /api/user/self/groups: usable groups with their ratio and description. The
 * `auto` group, when offered, has no ratio of its own (it bills at the ratio of the group that serves each
 * request): its ratio is the text AUTO_GROUP_RATIO_TEXT, as new-api answers.
 */
export type UsableGroups = Record<string, { ratio: number | string; desc: string }>;
export const AUTO_GROUP_RATIO_TEXT = '自动';
/** The token group that routes through the AutoGroups option's groups in turn (new-api's `auto`). */
export const AUTO_GROUP = 'auto';
