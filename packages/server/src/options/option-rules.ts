import { ValidationError } from '../http/errors.js';
import type { OptionKey } from './option-registry.js';

/**
 * Switches that only make sense once their credentials are saved (new-api §8): turning one on while a
 * required option is empty is refused, and so is emptying a required option while the switch is on.
 */
const enableRequirements: { flag: OptionKey; feature: string; requires: OptionKey[] }[] = [
  { flag: 'GitHubOAuthEnabled', feature: 'GitHub sign-in', requires: ['GitHubClientId', 'GitHubClientSecret'] },
  { flag: 'GoogleOAuthEnabled', feature: 'Google sign-in', requires: ['GoogleClientId', 'GoogleClientSecret'] },
  { flag: 'LinuxDOOAuthEnabled', feature: 'Linux DO sign-in', requires: ['LinuxDOClientId', 'LinuxDOClientSecret'] },
  { flag: 'discord.enabled', feature: 'Discord sign-in', requires: ['discord.client_id', 'discord.client_secret'] },
  { flag: 'TelegramOAuthEnabled', feature: 'Telegram sign-in', requires: ['TelegramBotToken', 'TelegramBotName'] },
  { flag: 'oidc.enabled', feature: 'OIDC sign-in', requires: ['oidc.client_id', 'oidc.client_secret'] },
  { flag: 'oauth_wechat.enabled', feature: 'WeChat sign-in', requires: ['oauth_wechat.client_id', 'oauth_wechat.client_secret'] },
  { flag: 'TurnstileCheckEnabled', feature: 'Turnstile', requires: ['TurnstileSiteKey', 'TurnstileSecretKey'] },
  { flag: 'EmailDomainRestrictionEnabled', feature: 'the e-mail domain restriction', requires: ['EmailDomainWhitelist'] },
];

function isSet(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return value !== undefined && value !== null;
}

/**
 * Checks the enable requirements touched by a change. `valueOf` answers the value every option will
 * have after the change; `changed` is the set of keys the change writes.
 */
export function checkEnableRequirements(changed: ReadonlySet<OptionKey>, valueOf: (key: OptionKey) => unknown): void {
  for (const rule of enableRequirements) {
    const touched = changed.has(rule.flag) || rule.requires.some((k) => changed.has(k));
    if (!touched || valueOf(rule.flag) !== true) continue;
    const missing = rule.requires.filter((k) => !isSet(valueOf(k)));
    if (missing.length === 0) continue;
    if (changed.has(rule.flag)) {
      throw new ValidationError(`cannot enable ${rule.feature}: set ${missing.join(' and ')} first`);
    }
    throw new ValidationError(`${missing.join(' and ')} cannot be empty while ${rule.flag} is on`);
  }
}

/** Ranges kept as two options: once a change is applied, `max` may not be below `min`. */
const ranges: { min: OptionKey; max: OptionKey; what: string }[] = [
  { min: 'checkin_setting.min_quota', max: 'checkin_setting.max_quota', what: 'check-in reward' },
];

/** Refuses a change that leaves a range's maximum below its minimum (same arguments as above). */
export function checkRanges(changed: ReadonlySet<OptionKey>, valueOf: (key: OptionKey) => unknown): void {
  for (const r of ranges) {
    if (!changed.has(r.min) && !changed.has(r.max)) continue;
    const min = Number(valueOf(r.min));
    const max = Number(valueOf(r.max));
    if (max < min) throw new ValidationError(`the maximum ${r.what} (${r.max} = ${max}) cannot be below the minimum (${r.min} = ${min})`);
  }
}
