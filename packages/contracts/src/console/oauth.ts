import type { SignedInUser } from './auth.js';
import { z } from 'zod';
import type { ApiResponse } from '../envelope.js';

// ---- Third-party sign-in and binding (spec 1 §2.6, §7; spec 3 §2, §7) ----

/** Providers whose sign-in goes through an authorization page and comes back to /oauth/{provider}. */
export const REDIRECT_PROVIDERS = ['github', 'google', 'linuxdo', 'oidc', 'discord'] as const;
export type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

/** Every external account kind a user can bind (the user's `<provider>_id` columns). */
export const OAUTH_PROVIDERS = [...REDIRECT_PROVIDERS, 'telegram', 'wechat'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The `message` of a successful callback that bound an account instead of signing in (spec 3 §7). */
export const OAUTH_BIND_MESSAGE = 'bind';

/** Seconds a state from GET /api/oauth/state stays usable. */
export const OAUTH_STATE_TTL_SECONDS = 600;

const shortText = (name: string, max: number) => z.string({ error: `${name} must be text` }).max(max, `${name} is too long`);

/** The message for a `provider` that names neither a built-in provider nor a custom one. */
export const UNKNOWN_OAUTH_PROVIDER = `provider must be one of ${[...REDIRECT_PROVIDERS, 'wechat'].join(', ')} or the slug of a custom provider`;

/**
 * GET /api/oauth/state. `provider` (ours) asks for the provider's authorization address as well: it carries
 * the state, the return address and, for OIDC, the PKCE challenge, so the console only has to navigate there.
 * Besides the built-in names it takes a custom provider's slug (the server knows which exist).
 */
export const OAuthStateQuery = z.object({
  provider: z.string({ error: UNKNOWN_OAUTH_PROVIDER }).trim().toLowerCase().regex(/^[a-z0-9-]{1,32}$/, UNKNOWN_OAUTH_PROVIDER).optional(),
  aff: shortText('aff', 32).optional().default(''),
  oauth_login_params: shortText('oauth_login_params', 2048).optional().default(''),
});
export type OAuthStateQuery = z.infer<typeof OAuthStateQuery>;

/** The answer of GET /api/oauth/state: `data` is the state string (spec 1 §7). */
export type OAuthStateResponse = ApiResponse<string> & { authorize_url?: string };

/** GET /api/oauth/{github|google|linuxdo|oidc|discord|<custom slug>}?code&state (`redirect` is accepted and ignored). */
export const OAuthCallbackQuery = z.object({
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(2048, 'code is too long'),
  state: z.string({ error: 'state is required' }).trim().min(1, 'state is required').max(128, 'state is too long'),
  redirect: shortText('redirect', 2048).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuery>;

/** The user a third-party sign-in answers with: the same fields as the password login. */
export type OAuthSignedInUser = SignedInUser;

/**
 * The answer of a provider callback. Sign-in: `data` is the user, `oauth_login_params` the query of an
 * authorization flow that was waiting for the sign-in. Binding: `message` is {@link OAUTH_BIND_MESSAGE}.
 */
export type OAuthCallbackResponse = ApiResponse<OAuthSignedInUser | undefined> & { oauth_login_params?: string; showType?: string };

/** GET /api/oauth/telegram/login and /bind: the login widget's fields, checked against its `hash`. */
export const TelegramAuthQuery = z
  .object({
    id: z.string({ error: 'id is required' }).regex(/^\d{1,20}$/, 'id must be a number'),
    auth_date: z.string({ error: 'auth_date is required' }).regex(/^\d{1,12}$/, 'auth_date must be unix seconds'),
    hash: z.string({ error: 'hash is required' }).regex(/^[0-9a-fA-F]{64}$/, 'hash must be 64 hexadecimal characters'),
    first_name: shortText('first_name', 256).optional(),
    last_name: shortText('last_name', 256).optional(),
    username: shortText('username', 256).optional(),
    photo_url: shortText('photo_url', 2048).optional(),
    aff: shortText('aff', 32).optional(),
    lang: shortText('lang', 16).optional(),
  })
  .catchall(shortText('field', 2048));
export type TelegramAuthQuery = z.infer<typeof TelegramAuthQuery>;

/** Seconds a Telegram widget answer stays acceptable after its auth_date. */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 600;

/** GET /api/oauth/wechat (the embedded QR page and its return) and /api/oauth/wechat/bind. */
export const WeChatQuery = z.object({
  code: shortText('code', 512).optional(),
  state: shortText('state', 128).optional(),
  aff: shortText('aff', 32).optional().default(''),
  next: shortText('next', 1024).optional().default(''),
});
export type WeChatQuery = z.infer<typeof WeChatQuery>;

// ---- Third-party authorization: an outside application asks for one of the user's tokens (spec 3 §2.10–2.11) ----

/**
 * The protocol, for an outside application (a desktop assistant):
 * 1. make a random `code_verifier` (43–128 characters of [A-Za-z0-9-._~]) and open the user's browser at
 *    `/oauth/login?app_name=<name>&code_challenge=<BASE64URL(SHA256(verifier))>&code_challenge_method=S256`;
 * 2. the console signs the user in if needed and sends the browser to GET /api/oauth/authorize with that
 *    query, which opens a request and continues to `/approve?code=<request code>`;
 * 3. the user approves with one of their tokens or refuses (PATCH /api/request_bind);
 * 4. the application polls POST /api/oauth/authorize/token {code_verifier} until the status is final; the
 *    token is answered once, to whoever holds the verifier, never to the browser's `code` alone.
 */
export const AuthorizationStatus = { Pending: 'pending', Approved: 'approved', Rejected: 'rejected', Delivered: 'delivered', Expired: 'expired' } as const;
export type AuthorizationStatusValue = (typeof AuthorizationStatus)[keyof typeof AuthorizationStatus];

/** Seconds an authorization request may wait for the user and then for the application. */
export const AUTHORIZATION_TTL_SECONDS = 600;
/** After this many round trips through the sign-in page, /oauth/login gives up (spec 3 §2.11). */
export const AUTHORIZE_MAX_RELOADS = 5;

export const AuthorizeQuery = z.object({
  app_name: z.string({ error: 'app_name is required' }).trim().min(1, 'app_name is required').max(64, 'app_name must be at most 64 characters'),
  code_challenge: z
    .string({ error: 'code_challenge is required' })
    .regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters)'),
  code_challenge_method: z.literal('S256', { error: 'code_challenge_method must be S256' }).optional().default('S256'),
  reloadLogin: z.string().max(4).optional(),
});
export type AuthorizeQuery = z.infer<typeof AuthorizeQuery>;

/** GET /api/oauth/authorize/request?code: what the /approve page shows. */
export interface AuthorizationRequestView {
  code: string;
  app_name: string;
  status: AuthorizationStatusValue;
  created_at: number;
  expires_at: number;
}

const RequestCode = z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(64, 'code is too long');

export const AuthorizationRequestQuery = z.object({ code: RequestCode });

/** PATCH /api/request_bind: hand a token (`sk-` + key) to the request, or refuse it with `reject`. */
export const RequestBindBody = z
  .object({
    code: RequestCode,
    token: z.string({ error: 'token must be text' }).trim().max(80, 'token is too long').optional().default(''),
    reject: z.boolean({ error: 'reject must be true or false' }).optional().default(false),
  })
  .refine((b) => b.reject || b.token !== '', { message: 'token is required', path: ['token'] });
export type RequestBindBody = z.input<typeof RequestBindBody>;

/** POST /api/oauth/authorize/token: the application's poll. */
export const AuthorizationTokenBody = z.object({
  code_verifier: z
    .string({ error: 'code_verifier is required' })
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'code_verifier must be 43-128 characters of A-Z a-z 0-9 - . _ ~'),
});
export type AuthorizationTokenBody = z.infer<typeof AuthorizationTokenBody>;

export interface AuthorizationTokenResult {
  status: AuthorizationStatusValue;
  /** `sk-` + key, present exactly once: in the first answer after approval. */
  token?: string;
}
