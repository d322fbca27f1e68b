import type { CustomOAuthDiscoveryBody, CustomOAuthDiscoveryResult, OidcDiscoveryDocument } from '@gw/contracts';
import { ValidationError } from '../http/errors.js';
import { FetchRefusedError } from '../platform/fetch-guard/guarded-lookup.js';
import { GuardedFetchError, type GuardedHttpClient } from '../platform/fetch-guard/guarded-http-client.js';

const FETCH = { timeoutMs: 15_000, maxBytes: 512 * 1024 };
const WELL_KNOWN_PATH = '/.well-known/openid-configuration';
const URL_FIELDS = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;
const MAX_SCOPES = 100;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
};

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/**
 * POST /api/custom-oauth-provider/discovery: reads an OpenID Provider's configuration (OpenID Connect
 * Discovery 1.0) through the SSRF-guarded client, so the provider form can fill its endpoints. The document
 * must name its issuer and authorization endpoint, every endpoint must be an http(s) address, and when the
 * issuer was given, the document must be that issuer's (§4.3).
 */
export async function discoverOpenIdProvider(http: GuardedHttpClient, input: CustomOAuthDiscoveryBody): Promise<CustomOAuthDiscoveryResult> {
  const wellKnown = (input.well_known_url ?? '').trim();
  const issuerUrl = (input.issuer_url ?? '').trim();
  const target = wellKnown || `${trimSlashes(issuerUrl)}${WELL_KNOWN_PATH}`;
  if (!isHttpUrl(target)) throw new ValidationError('the discovery URL must be an http(s) address', { field: wellKnown ? 'well_known_url' : 'issuer_url' });

  let doc: unknown;
  try {
    doc = await http.getJson(target, FETCH);
  } catch (err) {
    if (err instanceof FetchRefusedError || err instanceof GuardedFetchError) throw new ValidationError(`could not get the discovery document from ${new URL(target).host}: ${err.message}`);
    throw err;
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new ValidationError('the discovery document is not a JSON object');
  const d = doc as Record<string, unknown>;
  const text = (field: string) => (typeof d[field] === 'string' ? (d[field] as string).trim() : '');

  const found: OidcDiscoveryDocument = {
    issuer: text('issuer'),
    authorization_endpoint: text('authorization_endpoint'),
    token_endpoint: text('token_endpoint'),
    userinfo_endpoint: text('userinfo_endpoint'),
    jwks_uri: text('jwks_uri'),
    scopes_supported: Array.isArray(d.scopes_supported)
      ? d.scopes_supported.filter((s): s is string => typeof s === 'string' && s.length <= 128 && /^\S+$/.test(s)).slice(0, MAX_SCOPES)
      : [],
  };
  if (!found.issuer) throw new ValidationError('the discovery document has no issuer');
  if (!found.authorization_endpoint) throw new ValidationError('the discovery document has no authorization_endpoint');
  for (const field of URL_FIELDS) {
    if (found[field] && !isHttpUrl(found[field])) throw new ValidationError(`the discovery document's ${field} is not an http(s) address`);
  }
  if (issuerUrl && trimSlashes(found.issuer) !== trimSlashes(issuerUrl)) {
    throw new ValidationError(`the discovery document belongs to the issuer ${found.issuer.slice(0, 200)}, not to ${issuerUrl}`);
  }
  return { well_known_url: target, discovery: found };
}
