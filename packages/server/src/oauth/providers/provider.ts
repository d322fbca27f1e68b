/** What a provider tells us about the person who signed in. `id` is the stable external account id. */
export interface ExternalProfile {
  id: string;
  /** The provider's login name, when it has one (used for nothing but display). */
  username: string;
  displayName: string;
  /** Only when the provider vouches for it; '' otherwise. */
  email: string;
}

export interface AuthorizeRequest {
  state: string;
  redirectUri: string;
  /** BASE64URL(SHA-256(verifier)) when the provider uses PKCE. */
  codeChallenge?: string;
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
}

/**
 * A provider that signs people in with the authorization-code flow: the browser goes to `authorizeUrl`,
 * comes back with a code, and `profileFor` trades it for the account behind it.
 */
export interface CodeFlowProvider {
  /** The name in routes, states and oauth_identities: a built-in provider's, or a custom provider's slug. */
  name: string;
  /** How people call it ("GitHub"), for messages. */
  label: string;
  /** Whether the administrator turned it on (and saved its credentials). */
  enabled(): boolean;
  /** Whether the flow carries a PKCE challenge. */
  usesPkce: boolean;
  authorizeUrl(request: AuthorizeRequest): Promise<string>;
  profileFor(exchange: CodeExchange): Promise<ExternalProfile>;
}
