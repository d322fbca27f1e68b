import { z } from 'zod';
import type { OptionsService } from '../../options/options.service.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import type { ProviderEndpoints } from './endpoints.js';
import { callProvider, exchangeCode, form, ProviderError } from './provider-http.js';

const Discovery = z.object({
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url(),
});
const UserAnswer = z.object({
  sub: z.string().min(1),
  name: z.string().nullish(),
  preferred_username: z.string().nullish(),
  email: z.string().nullish(),
});

/** How long a fetched discovery document is reused. */
const DISCOVERY_TTL_MS = 5 * 60_000;
const LABEL = 'OIDC';

/**
 * A generic OpenID Connect provider with the authorization-code flow, PKCE (S256) and client_secret_post.
 * Endpoints saved in options win; missing ones come from the `oidc.well_known` discovery document.
 */
export function oidcProvider(options: OptionsService, http: UpstreamHttpClient): CodeFlowProvider {
  let cached: { url: string; at: number; doc: z.output<typeof Discovery> } | null = null;

  async function discover(url: string) {
    if (cached && cached.url === url && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.doc;
    const doc = await callProvider(http, LABEL, { method: 'GET', url, headers: {} }, Discovery).catch((err: unknown) => {
      throw err instanceof ProviderError ? new ProviderError(LABEL, `failed to get the OIDC configuration from ${url}: ${err.message.replace(/^OIDC sign-in failed: /, '')}`) : err;
    });
    cached = { url, at: Date.now(), doc };
    return doc;
  }

  async function endpoints(): Promise<ProviderEndpoints> {
    const explicit = { authorize: options.get('oidc.authorization_endpoint'), token: options.get('oidc.token_endpoint'), user: options.get('oidc.user_info_endpoint') };
    if (explicit.authorize && explicit.token && explicit.user) return explicit;
    const wellKnown = options.get('oidc.well_known');
    if (!wellKnown) throw new ProviderError(LABEL, 'the provider is not configured: set oidc.well_known or all three endpoints');
    const doc = await discover(wellKnown);
    return {
      authorize: explicit.authorize || doc.authorization_endpoint,
      token: explicit.token || doc.token_endpoint,
      user: explicit.user || doc.userinfo_endpoint,
    };
  }

  return {
    name: 'oidc',
    label: LABEL,
    usesPkce: true,
    enabled: () => options.get('oidc.enabled'),
    async authorizeUrl({ state, redirectUri, codeChallenge }) {
      const { authorize } = await endpoints();
      const query = form({
        response_type: 'code',
        client_id: options.get('oidc.client_id'),
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: codeChallenge ? 'S256' : undefined,
      });
      return `${authorize}${authorize.includes('?') ? '&' : '?'}${query}`;
    },
    async profileFor({ code, redirectUri, codeVerifier }) {
      const { token: tokenUrl, user: userUrl } = await endpoints();
      const accessToken = await exchangeCode(http, LABEL, tokenUrl, { code, redirectUri, clientId: options.get('oidc.client_id'), clientSecret: options.get('oidc.client_secret'), codeVerifier });
      const user = await callProvider(http, LABEL, { method: 'GET', url: userUrl, headers: { authorization: `Bearer ${accessToken}` } }, UserAnswer);
      const name = user.preferred_username ?? '';
      return { id: user.sub, username: name, displayName: user.name || name, email: user.email ?? '' };
    },
  };
}
