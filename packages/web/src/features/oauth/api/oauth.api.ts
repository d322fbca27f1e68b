import type {
  AuthorizationRequestView,
  CustomOAuthBinding,
  AuthorizationStatusValue,
  OAuthSignedInUser,
  RedirectProvider,
  RequestBindBody,
  TwoFactorChallenge,
} from '@gw/contracts';
import { api, requestEnvelope } from '../../../lib/api-client';
import type { CallbackAnswer } from '../oauth-flow';

/** A built-in redirect provider, or a custom provider's slug. */
export type StateProvider = RedirectProvider | (string & {});

/** GET /api/oauth/state?provider: the state and the provider's authorization address to go to. */
export async function getOAuthState(provider: StateProvider, query: { aff?: string; oauth_login_params?: string }): Promise<{ state: string; authorizeUrl: string }> {
  const { data, envelope } = await requestEnvelope<string>('GET', '/api/oauth/state', { query: { provider, ...query } });
  const authorizeUrl = envelope.authorize_url;
  if (typeof authorizeUrl !== 'string') throw new Error('the server did not answer an authorization address');
  return { state: data, authorizeUrl };
}

/** GET /api/oauth/state?provider for a provider that signs in without a redirect (a trusted proxy): the state alone. */
export async function getSignInState(provider: string, query: { aff?: string; oauth_login_params?: string }): Promise<string> {
  const { data } = await requestEnvelope<string>('GET', '/api/oauth/state', { query: { provider, ...query } });
  return data;
}

/** POST /api/auth/external/:provider/header/login: signs in as whoever the trusted reverse proxy names. */
export async function completeHeaderLogin(provider: string, state: string): Promise<CallbackAnswer> {
  return toAnswer(await requestEnvelope<OAuthSignedInUser | TwoFactorChallenge | undefined>('POST', `/api/auth/external/${encodeURIComponent(provider)}/header/login`, { body: { state } }));
}

function toAnswer({ data, message, envelope }: { data: OAuthSignedInUser | TwoFactorChallenge | undefined; message: string; envelope: Record<string, unknown> }): CallbackAnswer {
  const params = envelope.oauth_login_params;
  return { data, message, oauth_login_params: typeof params === 'string' ? params : undefined };
}

/** GET /api/oauth/{provider}?code&state: signs in or binds (message "bind"). */
export async function completeOAuth(provider: StateProvider, code: string, state: string): Promise<CallbackAnswer> {
  return toAnswer(await requestEnvelope<OAuthSignedInUser | TwoFactorChallenge | undefined>('GET', `/api/oauth/${provider}`, { query: { code, state } }));
}

/** GET /api/oauth/telegram/login or /bind with the login widget's fields. */
export async function completeTelegram(mode: 'login' | 'bind', fields: Record<string, string>): Promise<CallbackAnswer> {
  return toAnswer(await requestEnvelope<OAuthSignedInUser | TwoFactorChallenge | undefined>('GET', `/api/oauth/telegram/${mode}`, { query: fields }));
}

/** GET /api/user/oauth/bindings: the signed-in user's accounts at custom providers. */
export function getCustomBindings(signal?: AbortSignal): Promise<CustomOAuthBinding[]> {
  return api.get('/api/user/oauth/bindings', undefined, signal);
}

/** DELETE /api/user/oauth/bindings/:provider_id: removes the signed-in user's account at a custom provider. */
export function unbindCustomBinding(providerId: number): Promise<undefined> {
  return api.delete(`/api/user/oauth/bindings/${providerId}`);
}

export function getAuthorizationRequest(code: string, signal?: AbortSignal): Promise<AuthorizationRequestView> {
  return api.get('/api/oauth/authorize/request', { code }, signal);
}

/** PATCH /api/request_bind: hands the token (`sk-` + key) over, or refuses. */
export async function requestBind(body: RequestBindBody): Promise<AuthorizationStatusValue> {
  const { data } = await requestEnvelope<{ status: AuthorizationStatusValue }>('PATCH', '/api/request_bind', { body });
  return data.status;
}
