import { readDiscovery } from '../../lib/oidc-discovery';

export { isWellKnownUrl } from '../../lib/oidc-discovery';

/** The endpoints an OpenID provider publishes in its well-known document, as the option keys name them. */
export interface OidcEndpoints {
  'oidc.authorization_endpoint': string;
  'oidc.token_endpoint': string;
  'oidc.user_info_endpoint': string;
}

/** Reads the endpoints from a discovery document; null when it lacks the authorization or token endpoint. */
export function endpointsFromDiscovery(doc: unknown): OidcEndpoints | null {
  const found = readDiscovery(doc);
  if (!found) return null;
  return {
    'oidc.authorization_endpoint': found.authorization_endpoint,
    'oidc.token_endpoint': found.token_endpoint,
    'oidc.user_info_endpoint': found.userinfo_endpoint,
  };
}
