import { z } from 'zod';
import type { OptionsService } from '../../options/options.service.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import type { ProviderEndpoints } from './endpoints.js';
import { callProvider, exchangeCode, form } from './provider-http.js';

const UserAnswer = z.object({
  sub: z.string().min(1),
  name: z.string().nullish(),
  email: z.string().nullish(),
  email_verified: z.union([z.boolean(), z.string()]).nullish(),
});

/** Google accounts through OpenID Connect's userinfo; `sub` is the external id. */
export function googleProvider(options: OptionsService, http: UpstreamHttpClient, endpoints: ProviderEndpoints): CodeFlowProvider {
  const label = 'Google';
  return {
    name: 'google',
    label,
    usesPkce: true,
    enabled: () => options.get('GoogleOAuthEnabled'),
    async authorizeUrl({ state, redirectUri, codeChallenge }) {
      return `${endpoints.authorize}?${form({
        client_id: options.get('GoogleClientId'),
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: codeChallenge ? 'S256' : undefined,
      })}`;
    },
    async profileFor({ code, redirectUri, codeVerifier }) {
      const accessToken = await exchangeCode(http, label, endpoints.token, { code, redirectUri, clientId: options.get('GoogleClientId'), clientSecret: options.get('GoogleClientSecret'), codeVerifier });
      const user = await callProvider(http, label, { method: 'GET', url: endpoints.user, headers: { authorization: `Bearer ${accessToken}` } }, UserAnswer);
      const verified = user.email_verified === true || user.email_verified === 'true';
      return { id: user.sub, username: '', displayName: user.name ?? '', email: verified ? (user.email ?? '') : '' };
    },
  };
}
