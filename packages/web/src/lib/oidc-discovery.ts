import type { OidcDiscoveryDocument } from '@gw/contracts';

/** The well-known URL must be an absolute http(s) address (spec 2 §5). */
export function isWellKnownUrl(url: string | undefined): boolean {
  return /^https?:\/\/\S+$/i.test((url ?? '').trim());
}

/**
 * The parts of an OpenID Provider's discovery document the settings forms use; null when it is not an
 * object or lacks the authorization or token endpoint (what every form needs).
 */
export function readDiscovery(doc: unknown): OidcDiscoveryDocument | null {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return null;
  const d = doc as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const found: OidcDiscoveryDocument = {
    issuer: text(d.issuer),
    authorization_endpoint: text(d.authorization_endpoint),
    token_endpoint: text(d.token_endpoint),
    userinfo_endpoint: text(d.userinfo_endpoint),
    jwks_uri: text(d.jwks_uri),
    scopes_supported: Array.isArray(d.scopes_supported) ? d.scopes_supported.filter((s): s is string => typeof s === 'string') : [],
  };
  return found.authorization_endpoint && found.token_endpoint ? found : null;
}

/** The usual sign-in scopes (openid profile email) the provider supports; '' when it does not say. */
export function signInScopes(supported: readonly string[]): string {
  return ['openid', 'profile', 'email'].filter((s) => supported.includes(s)).join(' ');
}
