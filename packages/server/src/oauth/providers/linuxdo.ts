import { z } from 'zod';
import type { OptionsService } from '../../options/options.service.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import type { ProviderEndpoints } from './endpoints.js';
import { callProvider, form, ProviderError } from './provider-http.js';

const TokenAnswer = z.object({ access_token: z.string().min(1) });
const UserAnswer = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  username: z.string().default(''),
  name: z.string().nullish(),
  active: z.boolean().optional(),
  silenced: z.boolean().optional(),
});

/** Linux DO Connect: client credentials by HTTP Basic, the numeric forum id is the external id. */
export function linuxdoProvider(options: OptionsService, http: UpstreamHttpClient, endpoints: ProviderEndpoints): CodeFlowProvider {
  const label = 'Linux DO';
  return {
    name: 'linuxdo',
    label,
    usesPkce: false,
    enabled: () => options.get('LinuxDOOAuthEnabled'),
    async authorizeUrl({ state, redirectUri }) {
      return `${endpoints.authorize}?${form({ response_type: 'code', client_id: options.get('LinuxDOClientId'), redirect_uri: redirectUri, state })}`;
    },
    async profileFor({ code, redirectUri }) {
      const basic = Buffer.from(`${options.get('LinuxDOClientId')}:${options.get('LinuxDOClientSecret')}`).toString('base64');
      const token = await callProvider(http, label, {
        method: 'POST',
        url: endpoints.token,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
        body: form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      }, TokenAnswer);
      const user = await callProvider(http, label, { method: 'GET', url: endpoints.user, headers: { authorization: `Bearer ${token.access_token}` } }, UserAnswer);
      if (user.active === false) throw new ProviderError(label, 'this Linux DO account is not active');
      return { id: String(user.id), username: user.username, displayName: user.name || user.username, email: '' };
    },
  };
}
