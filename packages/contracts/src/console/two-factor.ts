import { z } from 'zod';

/** Digits of a TOTP code; backup codes are longer and may be typed with a dash. */
export const TOTP_DIGITS = 6;
export const BACKUP_CODE_COUNT = 8;
/** Seconds a "password accepted, second factor pending" sign-in stays open. */
export const PENDING_LOGIN_SECONDS = 300;
export const PASSKEY_NAME_MAX = 50;

/** A TOTP code or a backup code, as typed. */
const Code = z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(32, 'code is too long');

/** POST /api/user/2fa/enable, /disable and /backup_codes: a current TOTP code (disable also takes a backup code). */
export const TwoFactorCodeBody = z.object({ code: Code });
export type TwoFactorCodeBody = z.infer<typeof TwoFactorCodeBody>;

/** POST /api/user/login/2fa: completes a password sign-in that answered `require_2fa`. */
export const TwoFactorLoginBody = z.object({
  pending_token: z.string({ error: 'pending_token is required' }).min(1, 'pending_token is required').max(128),
  code: Code,
});
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBody>;

/** What POST /api/user/login answers instead of the user when a second factor is needed. */
export interface TwoFactorChallenge {
  require_2fa: true;
  pending_token: string;
  /** Seconds until the pending sign-in expires. */
  expires_in: number;
}

/** POST /api/user/2fa/setup: the new secret (shown once) and its backup codes; active after /enable. */
export interface TotpSetup {
  secret: string;
  otpauth_url: string;
  /** A PNG data URL of the QR code for authenticator apps. */
  qr_code_data_url: string;
  backup_codes: string[];
}

export interface PasskeyView {
  id: number;
  name: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds; 0 = never used. */
  last_used_at: number;
}

/** GET /api/user/2fa/status. */
export interface TwoFactorStatus {
  totp_enabled: boolean;
  backup_codes_remaining: number;
  passkeys: PasskeyView[];
  /** The site requires administrators to use two-factor sign-in, and this user is one. */
  required: boolean;
}

/** A browser WebAuthn answer (@simplewebauthn/browser's JSON); the server checks its shape. */
const WebAuthnResponse = z.record(z.string(), z.unknown(), { error: 'response must be a WebAuthn credential object' });

const ChallengeId = z.string({ error: 'challenge_id is required' }).min(1, 'challenge_id is required').max(128);

/** POST /api/user/passkey/register/finish. */
export const PasskeyRegisterBody = z.object({
  challenge_id: ChallengeId,
  response: WebAuthnResponse,
  name: z.string().trim().max(PASSKEY_NAME_MAX, `name must be at most ${PASSKEY_NAME_MAX} characters`).optional().default(''),
});
export type PasskeyRegisterBody = z.infer<typeof PasskeyRegisterBody>;

/** POST /api/user/passkey/login/finish. */
export const PasskeyLoginBody = z.object({
  challenge_id: ChallengeId,
  response: WebAuthnResponse,
});
export type PasskeyLoginBody = z.infer<typeof PasskeyLoginBody>;

/**
 * POST /api/user/passkey/register/begin and /login/begin: WebAuthn options for the browser
 * (@simplewebauthn/browser's JSON) and the id to send back with its answer.
 */
export interface PasskeyCeremony {
  challenge_id: string;
  options: Record<string, unknown>;
}
