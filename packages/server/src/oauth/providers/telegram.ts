import { createHash, createHmac } from 'node:crypto';
import { TELEGRAM_AUTH_MAX_AGE_SECONDS } from '@gw/contracts';
import { safeEqual } from '../../platform/crypto.js';
import type { ExternalProfile } from './provider.js';

/** Query fields that are ours, not the widget's, and so are not covered by its hash. */
const NOT_SIGNED = new Set(['hash', 'aff', 'lang']);
/** Tolerated clock difference for an auth_date slightly in the future. */
const FUTURE_SKEW_SECONDS = 60;

export type TelegramCheck = { ok: true; profile: ExternalProfile } | { ok: false; reason: string };

/**
 * Checks a Telegram login widget answer (core.telegram.org/widgets/login): the hash must be
 * HMAC-SHA256 of the sorted `key=value` lines, keyed with SHA-256 of the bot token, and auth_date recent.
 */
export function checkTelegramLogin(fields: Readonly<Record<string, string>>, botToken: string, nowSeconds: number): TelegramCheck {
  const hash = fields.hash ?? '';
  const dataCheckString = Object.keys(fields)
    .filter((k) => !NOT_SIGNED.has(k))
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  if (!botToken || !safeEqual(expected, hash.toLowerCase())) return { ok: false, reason: 'the Telegram login data has an invalid signature' };
  const authDate = Number(fields.auth_date);
  if (!Number.isSafeInteger(authDate) || authDate > nowSeconds + FUTURE_SKEW_SECONDS || nowSeconds - authDate > TELEGRAM_AUTH_MAX_AGE_SECONDS) {
    return { ok: false, reason: 'the Telegram login data has expired; please log in with Telegram again' };
  }
  const name = [fields.first_name, fields.last_name].filter(Boolean).join(' ');
  return { ok: true, profile: { id: fields.id, username: fields.username ?? '', displayName: name || fields.username || '', email: '' } };
}
