import { OAUTH_BIND_MESSAGE, AUTHORIZE_MAX_RELOADS, type OAuthSignedInUser, type TwoFactorChallenge } from '@gw/contracts';

/** The console's return pages of the redirect providers. */
export const CALLBACK_PATH = '/oauth/';
/** The sign-in entry of a third-party authorization (spec 3 §2.11). */
export const AUTHORIZE_ENTRY = '/oauth/login';

/** What a provider callback answered (the envelope, with our extra field). */
export interface CallbackAnswer {
  message: string;
  /** The signed-in user, or a two-factor challenge when the user has a second factor on. */
  data?: OAuthSignedInUser | TwoFactorChallenge;
  oauth_login_params?: string;
}

/** Where the callback page goes once the answer is in (spec 3 §2: /token, or back into an authorization flow). */
export function afterCallback(
  answer: CallbackAnswer,
): { kind: 'bound'; to: string } | { kind: 'signedIn'; to: string; user: OAuthSignedInUser } | { kind: 'twoFactor'; to: string; pendingToken: string } {
  if (answer.message === OAUTH_BIND_MESSAGE || !answer.data) return { kind: 'bound', to: '/personal' };
  const params = answer.oauth_login_params;
  const next = params ? `${AUTHORIZE_ENTRY}?${params}` : '/token';
  if ('require_2fa' in answer.data) return { kind: 'twoFactor', pendingToken: answer.data.pending_token, to: secondFactorStep(next) };
  return { kind: 'signedIn', user: answer.data, to: next };
}

/** The login page's two-factor step (it takes the pending token from the navigation's state), then `next`. */
export function secondFactorStep(next: string): string {
  return `/login?next=${encodeURIComponent(next)}`;
}

/**
 * Where a failed callback goes: a signed-in user (who was binding) back to the personal page, anybody
 * else to the login page, which shows the message from its `error` query (spec 1 §2.6).
 */
export function afterCallbackFailure(message: string, signedIn: boolean): string {
  return signedIn ? '/personal' : `/login?error=${encodeURIComponent(message)}`;
}

/**
 * The query of the authorization flow waiting for this sign-in, if any: the login page carries it as
 * `next=/oauth/login?…` with `oauth=true` (see {@link authorizeEntryStep}).
 */
export function waitingAuthorizationParams(search: URLSearchParams): string {
  const next = search.get('next') ?? '';
  const prefix = `${AUTHORIZE_ENTRY}?`;
  return search.get('oauth') === 'true' && next.startsWith(prefix) ? next.slice(prefix.length) : '';
}

export type AuthorizeEntryStep = { kind: 'failed' } | { kind: 'authorize'; url: string } | { kind: 'login'; to: string };

/**
 * What /oauth/login does (spec 3 §2.11): with a stored user, go on to the authorize endpoint with the
 * same query; otherwise to the login page, which comes back here after signing in. `reloadLogin` counts
 * the round trips; at the limit the page gives up.
 */
export function authorizeEntryStep(search: URLSearchParams, hasStoredUser: boolean): AuthorizeEntryStep {
  const reloads = Number(search.get('reloadLogin') ?? '0');
  if (!Number.isFinite(reloads) || reloads >= AUTHORIZE_MAX_RELOADS) return { kind: 'failed' };
  if (hasStoredUser) return { kind: 'authorize', url: `/api/oauth/authorize?${search.toString()}` };
  return { kind: 'login', to: loginStepFor(search, reloads) };
}

/** The login page address for an authorization flow, counting one more round trip. */
export function loginStepFor(search: URLSearchParams, reloads = Number(search.get('reloadLogin') ?? '0')): string {
  const back = new URLSearchParams(search);
  back.set('reloadLogin', String((Number.isFinite(reloads) ? reloads : 0) + 1));
  return `/login?oauth=true&next=${encodeURIComponent(`${AUTHORIZE_ENTRY}?${back.toString()}`)}`;
}
