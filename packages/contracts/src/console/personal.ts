import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './auth.js';

/** A password a user chooses for themselves (spec 3 §5): 8-20 characters with at least one letter and one digit. */
export const NewPassword = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`)
  .regex(/[A-Za-z]/, 'password must contain at least one letter')
  .regex(/\d/, 'password must contain at least one digit');

/** How a user is told that their quota runs low (spec 3 §3 user setting). */
export const NotifyType = { Email: 'email', Webhook: 'webhook' } as const;
export type NotifyTypeValue = (typeof NotifyType)[keyof typeof NotifyType];

export const DEFAULT_QUOTA_WARNING_THRESHOLD = 100_000;
/** The threshold suggestions offered by the settings form (spec 3 §9). */
export const QUOTA_WARNING_SUGGESTIONS = [100_000, 500_000, 1_000_000, 5_000_000] as const;
export const WEBHOOK_URL_MAX = 512;
export const WEBHOOK_SECRET_MAX = 128;
/** The personal page lists this many models before "show all" (spec 3 §9). */
export const PERSONAL_MODELS_PREVIEW = 10;

/** The spec's message when the typed account name differs from the username (spec 3 §5). */
export const ACCOUNT_NAME_MISMATCH = 'account name incorrect';

/**
 * PUT /api/user/setting. The webhook address must be https and must not point to a private or loopback
 * address (checked by the server, which resolves it). An empty or missing `webhook_secret` keeps the saved one.
 */
export const UserSettingBody = z
  .object({
    notify_type: z.enum([NotifyType.Email, NotifyType.Webhook], { error: 'notify_type must be email or webhook' }).default(NotifyType.Email),
    quota_warning_threshold: z
      .number({ error: 'quota_warning_threshold must be a positive integer' })
      .int('quota_warning_threshold must be a positive integer')
      .positive('quota_warning_threshold must be a positive integer')
      .max(Number.MAX_SAFE_INTEGER, 'quota_warning_threshold is too large')
      .default(DEFAULT_QUOTA_WARNING_THRESHOLD),
    webhook_url: z.string().trim().max(WEBHOOK_URL_MAX, `webhook_url must be at most ${WEBHOOK_URL_MAX} characters`).default(''),
    webhook_secret: z.string().max(WEBHOOK_SECRET_MAX, `webhook_secret must be at most ${WEBHOOK_SECRET_MAX} characters`).optional(),
    notification_email: z.union([z.literal(''), z.email('notification_email is not a valid e-mail address').max(100)]).default(''),
    accept_unset_model_ratio_model: z.boolean({ error: 'accept_unset_model_ratio_model must be true or false' }).default(false),
  })
  .refine((s) => s.notify_type !== NotifyType.Webhook || s.webhook_url !== '', { message: 'webhook_url is required for webhook notifications', path: ['webhook_url'] });
export type UserSettingBody = z.infer<typeof UserSettingBody>;

/** GET /api/user/setting: the saved settings; the webhook secret itself is never sent back. */
export interface UserSettingView {
  notify_type: NotifyTypeValue;
  quota_warning_threshold: number;
  webhook_url: string;
  webhook_secret_set: boolean;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

/** The body of a quota notification webhook (spec 3 §7); signed in the X-Webhook-Signature header. */
export interface WebhookNotification {
  type: string;
  title: string;
  /** Text with `{{value}}` placeholders, filled in order from `values`. */
  content: string;
  values: (string | number)[];
  /** Unix seconds. */
  timestamp: number;
}
