import { NotifyType, type NotifyTypeValue } from '@gw/contracts';

/**
 * A user's `setting` JSON (spec 3 §3) as the server reads it. Unknown keys saved by other features are
 * kept when the personal page saves. The webhook secret is not in it (see users.notify_webhook_secret).
 */
export interface UserSetting {
  notify_type: NotifyTypeValue;
  /** null when the user never chose one (notifications then use the QuotaRemindThreshold option). */
  quota_warning_threshold: number | null;
  webhook_url: string;
  notification_email: string;
  accept_unset_model_ratio_model: boolean;
}

type Json = Record<string, unknown>;

/** The setting JSON as an object ({} when missing or malformed); other features keep their keys in it too. */
export function parseSettingObject(text: string | null | undefined): Json {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
  } catch {
    return {};
  }
}

/** Reads the stored JSON, with defaults for anything missing or malformed. */
export function parseUserSetting(text: string | null | undefined): UserSetting {
  const o = parseSettingObject(text);
  const threshold = o.quota_warning_threshold;
  return {
    notify_type: o.notify_type === NotifyType.Webhook ? NotifyType.Webhook : NotifyType.Email,
    quota_warning_threshold: typeof threshold === 'number' && Number.isSafeInteger(threshold) && threshold > 0 ? threshold : null,
    webhook_url: typeof o.webhook_url === 'string' ? o.webhook_url : '',
    notification_email: typeof o.notification_email === 'string' ? o.notification_email : '',
    accept_unset_model_ratio_model: o.accept_unset_model_ratio_model === true,
  };
}

/** The stored JSON with `next` written over the saved keys (others' keys stay). */
export function mergeUserSetting(text: string | null | undefined, next: UserSetting): string {
  return JSON.stringify({ ...parseSettingObject(text), ...next });
}
