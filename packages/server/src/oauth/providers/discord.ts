import { z } from 'zod';
import type { OptionsService } from '../../options/options.service.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import type { ProviderEndpoints } from './endpoints.js';
import { callProvider, exchangeCode, form } from './provider-http.js';

const UserAnswer = z.object({
  // A snowflake: a 64-bit number Discord sends as a string.
  id: z.string().regex(/^\d{1,20}$/),
  username: z.string().default(''),
  global_name: z.string().nullish(),
  email: z.string().nullish(),
  verified: z.boolean().optional(),
});

/** Discord OAuth2 (scopes identify and email): the snowflake id is the external id; the e-mail counts only when verified. */
export function discordProvider(options: OptionsService, http: UpstreamHttpClient, endpoints: ProviderEndpoints): CodeFlowProvider {
  const label = 'Discord';
  return {
    name: 'discord',
    label,
    usesPkce: false,
    enabled: () => options.get('discord.enabled'),
    async authorizeUrl({ state, redirectUri }) {
      return `${endpoints.authorize}?${form({ response_type: 'code', client_id: options.get('discord.client_id'), redirect_uri: redirectUri, scope: 'identify email', state })}`;
    },
    async profileFor({ code, redirectUri }) {
      const accessToken = await exchangeCode(http, label, endpoints.token, { code, redirectUri, clientId: options.get('discord.client_id'), clientSecret: options.get('discord.client_secret') });
      const user = await callProvider(http, label, { method: 'GET', url: endpoints.user, headers: { authorization: `Bearer ${accessToken}` } }, UserAnswer);
      return {
        id: user.id,
        username: user.username,
        displayName: user.global_name || user.username,
        email: user.verified === true ? (user.email ?? '') : '',
      };
    },
  };
}
