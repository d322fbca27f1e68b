import { z } from 'zod';

/**
 * Administrators' account-security tools (new-api's /api/user/2fa/stats, /:id/2fa, /:id/reset_passkey,
 * /:id/bindings/:binding_type, /:id/oauth/bindings) and secure verification (POST /api/verify).
 */

/** GET /api/user/2fa/stats, new-api's field names: users with TOTP on, out of every (not deleted) user. */
export interface TwoFactorStats {
  total_users: number;
  enabled_users: number;
  /** The share as new-api writes it: one decimal and a percent sign ("12.5%"). */
  enabled_rate: string;
}

/** The built-in bindings an administrator can clear, by new-api's names, with the users column of each. */
export const BINDING_COLUMNS = {
  email: 'email',
  github: 'github_id',
  google: 'google_id',
  discord: 'discord_id',
  oidc: 'oidc_id',
  wechat: 'wechat_id',
  telegram: 'telegram_id',
  linuxdo: 'linux_do_id',
} as const;
export type BindingType = keyof typeof BINDING_COLUMNS;
export const BINDING_TYPES = Object.keys(BINDING_COLUMNS) as BindingType[];

export const isBindingType = (value: string): value is BindingType => Object.prototype.hasOwnProperty.call(BINDING_COLUMNS, value);

/** Seconds a secure verification keeps the session verified (new-api's SecureVerificationTimeout). */
export const SECURE_VERIFICATION_SECONDS = 300;

export const SecureVerifyMethod = { TwoFactor: '2fa', Passkey: 'passkey' } as const;
export type SecureVerifyMethodValue = (typeof SecureVerifyMethod)[keyof typeof SecureVerifyMethod];

/**
 * POST /api/verify. `2fa` needs a current authenticator code (or an unused backup code); `passkey` confirms a
 * check just made with POST /api/user/passkey/verify/begin and /finish.
 */
export const SecureVerifyBody = z
  .object({
    method: z.enum([SecureVerifyMethod.TwoFactor, SecureVerifyMethod.Passkey], { error: 'method must be "2fa" or "passkey"' }),
    code: z.string().trim().max(32, 'code is too long').optional().default(''),
  })
  .refine((b) => b.method !== SecureVerifyMethod.TwoFactor || b.code !== '', { message: 'code is required for method "2fa"', path: ['code'] });
export type SecureVerifyBody = z.infer<typeof SecureVerifyBody>;

/** What a successful verification answers: the session is verified until `expires_at` (unix seconds). */
export interface SecureVerification {
  verified: true;
  expires_at: number;
}

/** The second factors a user can verify with; sent in the `data` of a VERIFICATION_REQUIRED refusal. */
export interface SecureVerificationMethods {
  two_factor: boolean;
  passkey: boolean;
}
