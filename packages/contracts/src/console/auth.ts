import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const USERNAME_MAX = 12;

export const Username = z
  .string({ error: 'username is required' })
  .trim()
  .min(1, 'username is required')
  .max(USERNAME_MAX, `username must be at most ${USERNAME_MAX} characters`);

export const Password = z
  .string({ error: 'password is required' })
  .min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`);

export const LoginBody = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required').max(100),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(200),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const SetupBody = z
  .object({
    username: Username,
    password: Password,
    confirmPassword: z.string({ error: 'confirmPassword is required' }),
    SelfUseModeEnabled: z.boolean().optional().default(false),
    DemoSiteEnabled: z.boolean().optional().default(false),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'the two passwords differ', path: ['confirmPassword'] });
export type SetupBody = z.infer<typeof SetupBody>;

/** What every sign-in answers (POST /api/user/login and the others): the fields the console stores locally. */
export interface SignedInUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: 'sqlite' | 'postgres' | 'mysql';
}

// ---- E-mail codes, password reset, phone sign-in and human checks (issue 7) ----

/** Spec 1 §5: 11 digits, starting with 1 then a digit 3-9 (mainland China mobile numbers). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** Seconds before another code may be sent to the same address or number (spec 1 §4). */
export const CODE_RESEND_SECONDS = 60;
/** Seconds a mailed or texted code stays valid (spec 1 §9). */
export const CODE_TTL_SECONDS = 180;
/** Length of e-mail and SMS verification codes. */
export const VERIFICATION_CODE_LENGTH = 6;
/** The slider captcha's background size (spec 1 §4). */
export const CAPTCHA_WIDTH = 300;
export const CAPTCHA_HEIGHT = 220;

const EmailAddress = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(50, 'email must be at most 50 characters')
  .pipe(z.email('email is not a valid e-mail address'));

const Code = (name: string) => z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(64, `${name} is too long`);

const PhoneNumber = z
  .string({ error: 'please enter phone number' })
  .trim()
  .min(1, 'please enter phone number')
  .regex(PHONE_PATTERN, 'please enter a valid phone number');

/** The optional Turnstile token every human-checked route reads from its query (`?turnstile=`). */
export const TurnstileQuery = z.object({ turnstile: z.string().max(4096).optional().default('') });

/** GET /api/verification?email and GET /api/reset_password?email. */
export const EmailQuery = z.object({ email: EmailAddress });
export type EmailQuery = z.infer<typeof EmailQuery>;

/** GET /api/oauth/email/bind?email&code (spec 3 §7). */
export const BindEmailQuery = z.object({ email: EmailAddress, code: Code('code') });
export type BindEmailQuery = z.infer<typeof BindEmailQuery>;

/** POST /api/user/reset: the e-mail and token from the mailed link. */
export const ResetPasswordBody = z.object({ email: EmailAddress, token: Code('token') });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/sms/code. `captcha_key` names a slider captcha solved just before (it guards the sending). */
export const SmsCodeBody = z.object({
  mobile: PhoneNumber,
  captcha_key: z.string({ error: 'please complete the captcha first' }).trim().min(1, 'please complete the captcha first').max(128),
});
export type SmsCodeBody = z.infer<typeof SmsCodeBody>;

/** POST /api/user/login/mobile. */
export const PhoneLoginBody = z.object({
  phone_number: PhoneNumber,
  code: z.string({ error: 'please enter code' }).trim().min(1, 'please enter code').max(64),
  aff: z.string().trim().max(32).optional().default(''),
});
export type PhoneLoginBody = z.infer<typeof PhoneLoginBody>;

/** POST /api/user/register/mobile. */
export const PhoneRegisterBody = z.object({
  phone_number: PhoneNumber,
  code: z.string({ error: 'please enter code' }).trim().min(1, 'please enter code').max(64),
  aff_code: z.string().trim().max(32).optional().default(''),
});
export type PhoneRegisterBody = z.infer<typeof PhoneRegisterBody>;

/** GET /api/captcha (spec 1 §3 "Captcha data"). The images are PNG data URLs; the piece starts at tile_x. */
export interface CaptchaChallenge {
  code: 0;
  captcha_key: string;
  image_base64: string;
  tile_base64: string;
  tile_x: number;
  tile_y: number;
  tile_width: number;
  tile_height: number;
}

/** POST /api/captcha/check: where the user dropped the piece (its left edge on the background). */
export const CaptchaCheckBody = z.object({
  captcha_key: z.string({ error: 'captcha_key is required' }).trim().min(1, 'captcha_key is required').max(128),
  position: z.object(
    {
      x: z.number({ error: 'position.x must be a number' }).finite(),
      y: z.number({ error: 'position.y must be a number' }).finite().optional(),
    },
    { error: 'position is required' },
  ),
});
export type CaptchaCheckBody = z.infer<typeof CaptchaCheckBody>;

/** One signed-in browser of the user (GET /api/user/sessions). `id` is the session's stored hash, never its cookie. */
export interface UserSessionView {
  id: string;
  created_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
  /** The session the listing request came with. */
  current: boolean;
}
