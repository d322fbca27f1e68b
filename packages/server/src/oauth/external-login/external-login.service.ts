import { CustomOAuthKind, ErrorCode, type CustomOAuthKindValue } from '@gw/contracts';
import { AppError, ValidationError } from '../../http/errors.js';
import { nowSeconds } from '../../platform/clock.js';
import { isAllowed, parseAllowList } from '../../platform/ip-allow-list.js';
import type { CustomOAuthProvidersService, CustomProvider } from '../custom-providers.service.js';
import { notEnabled, type CallbackOutcome, type OAuthService } from '../oauth.service.js';
import type { ExternalProfile } from '../providers/provider.js';
import type { OAuthStateRow } from '../oauth-states.repository.js';
import { ProviderError } from '../providers/provider-http.js';
import { textAtPath } from '../providers/json-path.js';
import type { JwksCache } from './jwks-cache.js';
import { JwksUnavailableError } from './jwks-cache.js';
import { JwtRejectedError, verifyJwt, type JwtKeySource } from './jwt-verifier.js';

/** oauth_identities.external_id holds at most this many characters. */
const EXTERNAL_ID_MAX = 128;
const PROFILE_TEXT_MAX = 256;

export const unknownExternalProvider = (kind: string) => `provider must be the slug of an enabled custom provider of kind ${kind}`;
export const UNTRUSTED_PROXY = 'header sign-in is only accepted from the trusted proxies configured for this provider';

/** What a sign-in request brings besides its credential. */
export interface ExternalLoginRequest {
  state: string;
  cookieState: string | undefined;
  /** The signed-in user (binding), or null (signing in). */
  userId: number | null;
}

/** The values a request carries for a header name, as received (one entry per occurrence). */
export type HeaderValues = (lowerCaseName: string) => readonly string[];

/**
 * Sign-in without a redirect at an administrator-defined provider (new-api's jwt_direct and trusted_header
 * kinds). Both take a state from GET /api/oauth/state in the same browser (no login CSRF), then end exactly
 * like the authorization-code callback: the same account linking, registration rules and sessions.
 */
export class ExternalLoginService {
  constructor(private readonly deps: { oauth: OAuthService; customProviders: CustomOAuthProvidersService; jwks: JwksCache }) {}

  /** POST /api/auth/external/:provider/jwt/login: the person is whoever the identity provider's signed token names. */
  async jwtLogin(slug: string, token: string, req: ExternalLoginRequest): Promise<CallbackOutcome> {
    const provider = await this.provider(slug, CustomOAuthKind.JwtDirect);
    const bare = token.replace(/^bearer\s+/i, '').trim();
    if (!bare) throw new ValidationError('id_token, jwt or token is required');
    const state = await this.deps.oauth.consumeState(provider.slug, req);
    let claims: Record<string, unknown>;
    try {
      claims = await verifyJwt(bare, { issuer: provider.issuer, audience: provider.audience, key: keySourceOf(provider) }, { jwks: this.deps.jwks, now: nowSeconds() });
    } catch (err) {
      if (err instanceof JwtRejectedError || err instanceof JwksUnavailableError) throw new ProviderError(provider.name, err.message);
      throw err;
    }
    const profile = profileOf(provider, {
      id: textAtPath(claims, provider.user_id_field),
      username: textAtPath(claims, provider.username_field),
      displayName: textAtPath(claims, provider.display_name_field),
      email: textAtPath(claims, provider.email_field),
    }, `the token has no ${provider.user_id_field} claim`);
    return this.finish(provider, profile, state);
  }

  /**
   * POST /api/auth/external/:provider/header/login: the person is whoever the trusted reverse proxy says,
   * and only when the request comes straight from one of the provider's trusted_proxy_cidrs (the TCP peer,
   * never X-Forwarded-For, which the client could write).
   */
  async headerLogin(slug: string, peerIp: string, headers: HeaderValues, req: ExternalLoginRequest): Promise<CallbackOutcome> {
    const provider = await this.provider(slug, CustomOAuthKind.TrustedHeader);
    if (!isTrustedProxy(provider.trusted_proxy_cidrs, peerIp)) throw new AppError(ErrorCode.Forbidden, UNTRUSTED_PROXY);
    const state = await this.deps.oauth.consumeState(provider.slug, req);
    const read = (name: string) => singleHeader(headers, name);
    const profile = profileOf(provider, {
      id: read(provider.external_id_header),
      username: read(provider.username_header),
      displayName: read(provider.display_name_header),
      email: read(provider.email_header),
    }, `the proxy did not send ${provider.external_id_header}`);
    return this.finish(provider, profile, state);
  }

  /** Binds to the user the state was made for, or signs in (with the state's aff code and waiting authorization flow). */
  private async finish(provider: CustomProvider, profile: ExternalProfile, state: OAuthStateRow): Promise<CallbackOutcome> {
    const account = { provider: provider.slug, label: provider.name, profile };
    const { accounts } = this.deps.oauth;
    if (state.user_id !== null) {
      await accounts.bind(state.user_id, account);
      return { kind: 'bound', userId: state.user_id };
    }
    const user = await accounts.signIn(account, state.aff, { register: provider.auto_register });
    return { kind: 'signedIn', user, loginParams: state.login_params ?? '', next: '' };
  }

  /** The enabled custom provider of that slug and kind (another kind is "unknown", as in new-api). */
  private async provider(slug: string, kind: CustomOAuthKindValue): Promise<CustomProvider> {
    const provider = await this.deps.customProviders.findBySlug(slug.toLowerCase());
    if (!provider || provider.kind !== kind) throw new ValidationError(unknownExternalProvider(kind));
    if (!provider.enabled) throw new AppError(ErrorCode.Forbidden, notEnabled(provider.name));
    return provider;
  }
}

/** The configured key decides the algorithms: a public key (JWKS or PEM) wins, the secret is HMAC-only. */
function keySourceOf(p: CustomProvider): JwtKeySource {
  if (p.jwks_url) return { kind: 'jwks', url: p.jwks_url };
  if (p.public_key) return { kind: 'pem', pem: p.public_key };
  return { kind: 'hmac', secret: p.client_secret };
}

function profileOf(provider: CustomProvider, raw: ExternalProfile, missing: string): ExternalProfile {
  if (!raw.id) throw new ProviderError(provider.name, missing);
  if (raw.id.length > EXTERNAL_ID_MAX) throw new ProviderError(provider.name, `the account id is longer than ${EXTERNAL_ID_MAX} characters`);
  const cut = (s: string) => s.slice(0, PROFILE_TEXT_MAX);
  const username = cut(raw.username);
  return { id: raw.id, username, displayName: cut(raw.displayName) || username, email: cut(raw.email) };
}

/** Whether the TCP peer is one of the provider's trusted proxies (a broken list trusts nobody). */
export function isTrustedProxy(cidrsJson: string, peerIp: string): boolean {
  let entries: unknown;
  try {
    entries = JSON.parse(cidrsJson || '[]');
  } catch {
    return false;
  }
  if (!Array.isArray(entries) || entries.length === 0) return false;
  try {
    const list = parseAllowList(entries.filter((e): e is string => typeof e === 'string').join(','));
    return list !== null && isAllowed(list, peerIp);
  } catch {
    return false;
  }
}

/**
 * A header's one value ('' when the header is not configured or absent). A header sent twice is refused:
 * the proxy should have replaced the client's copy, and one of the two may be the client's.
 */
function singleHeader(headers: HeaderValues, name: string): string {
  if (!name) return '';
  const values = headers(name.toLowerCase()).map((v) => v.trim()).filter(Boolean);
  if (values.length > 1) throw new ValidationError(`the proxy sent ${name} more than once`);
  return values.length ? utf8Of(values[0]) : '';
}

/** Node reads header bytes as Latin-1; a proxy that sends UTF-8 (a display name in Chinese) is read back as UTF-8. */
function utf8Of(value: string): string {
  if (!/[\u0080-\u00ff]/.test(value)) return value;
  const decoded = Buffer.from(value, 'latin1').toString('utf8');
  return decoded.includes('\ufffd') ? value : decoded;
}
