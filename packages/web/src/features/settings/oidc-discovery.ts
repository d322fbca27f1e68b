/** The endpoints an OpenID provider publishes in its well-known document, as the option keys name them. */
export interface OidcEndpoints {
  'oidc.authorization_endpoint': string;
  'oidc.token_endpoint': string;
  'oidc.user_info_endpoint': string;
}

/** The well-known URL must be an absolute http(s) address (spec 2 §5). */
export function isWellKnownUrl(url: string | undefined): boolean {
  return /^https?:\/\/\S+$/i.test((url ?? '').trim());
}

/** Reads the endpoints from a discovery document; null when it lacks the authorization or token endpoint. */
export function endpointsFromDiscovery(doc: unknown): OidcEndpoints | null {
  if (!doc || typeof doc !== 'object') return null;
  const d = doc as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const endpoints: OidcEndpoints = {
    'oidc.authorization_endpoint': text(d.authorization_endpoint),
    'oidc.token_endpoint': text(d.token_endpoint),
    'oidc.user_info_endpoint': text(d.userinfo_endpoint),
  };
  return endpoints['oidc.authorization_endpoint'] && endpoints['oidc.token_endpoint'] ? endpoints : null;
}
