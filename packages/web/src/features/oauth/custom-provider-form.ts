import type { z } from 'zod';
import {
  CUSTOM_OAUTH_DEFAULTS,
  CustomOAuthDefinition,
  CustomOAuthKind,
  type CustomOAuthKindValue,
  type CustomOAuthProviderBody,
  type CustomOAuthProviderView,
  type OidcDiscoveryDocument,
} from '@gw/contracts';
import { signInScopes } from '../../lib/oidc-discovery';

/** The custom-provider editor's fields (the secret is empty unless a new one is typed). */
export type CustomProviderFormValues = Omit<CustomOAuthDefinition, 'auth_style'> & { auth_style: number };

/**
 * Stands in for the saved secret while checking an edit that leaves the secret field empty (as long as the
 * shortest HMAC key a JWT provider accepts, so a saved one passes that check too).
 */
const SAVED_SECRET = 'saved-secret-saved-secret-saved-secret';

/** The trusted proxies as the editor shows them: one per line (the server keeps a JSON list). */
function proxiesAsLines(saved: string): string {
  try {
    const list: unknown = JSON.parse(saved || '[]');
    return Array.isArray(list) ? list.filter((e) => typeof e === 'string').join('\n') : saved;
  } catch {
    return saved;
  }
}

/** The editor's starting values: the provider's (never its secret), or the defaults for a new one. */
export function providerToForm(provider?: CustomOAuthProviderView | null): CustomProviderFormValues {
  if (!provider) return { ...CUSTOM_OAUTH_DEFAULTS, name: '', slug: '' };
  const { id: _id, client_secret_set: _set, created_at: _c, updated_at: _u, ...fields } = provider;
  return { ...fields, client_secret: '', trusted_proxy_cidrs: proxiesAsLines(fields.trusted_proxy_cidrs) };
}

export type FormCheck = { ok: true; body: CustomOAuthProviderBody } | { ok: false; error: z.ZodError };

/**
 * Checks the editor's values with the contract (as the server will) and builds the request body. An empty
 * secret field keeps the saved secret, so it is left out of the body and counts as set when one is saved.
 */
export function formToBody(values: CustomProviderFormValues, saved?: CustomOAuthProviderView | null): FormCheck {
  const secret = values.client_secret.trim();
  const parsed = CustomOAuthDefinition.safeParse({ ...values, client_secret: secret || (saved?.client_secret_set ? SAVED_SECRET : '') });
  if (!parsed.success) return { ok: false, error: parsed.error };
  const { client_secret: _secret, ...rest } = parsed.data;
  return { ok: true, body: secret ? { ...rest, client_secret: secret } : rest };
}

/**
 * The fields a discovery document fills for a provider of `kind`: the three endpoints and the usual scopes
 * for the authorization-code flow, the issuer and key set for JWT sign-in.
 */
export function discoveryToForm(found: OidcDiscoveryDocument, kind: CustomOAuthKindValue): Partial<CustomProviderFormValues> {
  if (kind === CustomOAuthKind.JwtDirect) return { issuer: found.issuer, jwks_url: found.jwks_uri };
  const scopes = signInScopes(found.scopes_supported);
  return {
    authorization_endpoint: found.authorization_endpoint,
    token_endpoint: found.token_endpoint,
    user_info_endpoint: found.userinfo_endpoint,
    ...(scopes ? { scopes } : {}),
  };
}

/** Where the provider must send people back: the address to register with it. */
export function callbackUrl(origin: string, slug: string): string {
  return `${origin.replace(/\/+$/, '')}/oauth/${slug || '<slug>'}`;
}

/** The sign-in address of a provider that signs in without a redirect (JWT or trusted proxy). */
export function externalLoginUrl(origin: string, slug: string, kind: CustomOAuthKindValue): string {
  const way = kind === CustomOAuthKind.TrustedHeader ? 'header' : 'jwt';
  return `${origin.replace(/\/+$/, '')}/api/auth/external/${slug || '<slug>'}/${way}/login`;
}
