import { z } from 'zod';
import type { OptionsService } from '../../options/options.service.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import type { ProviderEndpoints } from './endpoints.js';
import { callProvider, form } from './provider-http.js';

const TokenAnswer = z.object({ access_token: z.string().min(1) });
const UserAnswer = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  login: z.string().default(''),
  name: z.string().nullish(),
  email: z.string().nullish(),
});

/** GitHub OAuth apps: the numeric account id is the external id (logins can be renamed). */
export function githubProvider(options: OptionsService, http: UpstreamHttpClient, endpoints: ProviderEndpoints): CodeFlowProvider {
  const label = 'GitHub';
  return {
    name: 'github',
    label,
    usesPkce: false,
    enabled: () => options.get('GitHubOAuthEnabled'),
    async authorizeUrl({ state, redirectUri }) {
      return `${endpoints.authorize}?${form({ client_id: options.get('GitHubClientId'), redirect_uri: redirectUri, scope: 'user:email', state })}`;
    },
    async profileFor({ code, redirectUri }) {
      const token = await callProvider(http, label, {
        method: 'POST',
        url: endpoints.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({ client_id: options.get('GitHubClientId'), client_secret: options.get('GitHubClientSecret'), code, redirect_uri: redirectUri }),
      }, TokenAnswer);
      const user = await callProvider(http, label, {
        method: 'GET',
        url: endpoints.user,
        headers: { authorization: `Bearer ${token.access_token}`, accept: 'application/vnd.github+json' },
      }, UserAnswer);
      return { id: String(user.id), username: user.login, displayName: user.name || user.login, email: user.email ?? '' };
    },
  };
}
