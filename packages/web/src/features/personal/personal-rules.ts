import { PERSONAL_MODELS_PREVIEW, type UserSettingBody, type UserSettingView } from '@gw/contracts';

/** The models list shows the first 10 until expanded (spec 3 §9). */
export function visibleModels(models: readonly string[], expanded: boolean): { shown: readonly string[]; hidden: number } {
  if (expanded || models.length <= PERSONAL_MODELS_PREVIEW) return { shown: models, hidden: 0 };
  return { shown: models.slice(0, PERSONAL_MODELS_PREVIEW), hidden: models.length - PERSONAL_MODELS_PREVIEW };
}

/** Account deletion needs the username typed exactly (spec 3 §5); answers the problem key, or null. */
export function accountNameProblem(typed: string, username: string): 'empty' | 'mismatch' | null {
  if (!typed.trim()) return 'empty';
  return typed.trim() === username ? null : 'mismatch';
}

/** The body that saves `changes` on top of the saved settings (the call replaces them all; the secret is kept when empty). */
export function settingBody(saved: UserSettingView, changes: Partial<UserSettingBody> = {}): UserSettingBody {
  return {
    notify_type: saved.notify_type,
    quota_warning_threshold: saved.quota_warning_threshold,
    webhook_url: saved.webhook_url,
    notification_email: saved.notification_email,
    accept_unset_model_ratio_model: saved.accept_unset_model_ratio_model,
    webhook_secret: '',
    ...changes,
  };
}

/** A webhook address the form accepts before asking the server: https only (spec 3 §5). */
export const isHttpsUrl = (value: string): boolean => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};
