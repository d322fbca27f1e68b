import { z } from 'zod';
import { CustomOAuthAuthStyle, type CustomOAuthDefinition } from '@gw/contracts';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import { expectAnswer, form, ProviderError, requestProvider, type ProviderAnswer } from './provider-http.js';
import { textAtPath } from './json-path.js';

const TokenAnswer = z.object({ access_token: z.string().min(1) });
/** oauth_identities.external_id holds at most this many characters. */
const EXTERNAL_ID_MAX = 128;

/** The token endpoint refused our client credentials (RFC 6749 §5.2), so another way of sending them may work. */
function refusedClient({ status, body }: ProviderAnswer): boolean {
  const error = body && typeof body === 'object' ? (body as Record<string, unknown>).error : undefined;
  return status === 401 || (status === 400 && (error === 'invalid_client' || error === 'unauthorized_client'));
}

/** client_secret_basic: both parts form-encoded first (RFC 6749 §2.3.1). */
const basicAuth = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

/**
 * An administrator-defined provider: the authorization-code flow against its three endpoints, with PKCE
 * when configured, and the profile read from the userinfo JSON by the definition's field paths.
 */
export function customProvider(def: CustomOAuthDefinition, http: UpstreamHttpClient): CodeFlowProvider {
  const label = def.name;

  async function exchange(code: string, redirectUri: string, codeVerifier: string | undefined): Promise<string> {
    const grant = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier };
    const send = (style: 'header' | 'params') =>
      requestProvider(http, label, {
        method: 'POST',
        url: def.token_endpoint,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(style === 'header' ? { authorization: basicAuth(def.client_id, def.client_secret) } : {}),
        },
        body: form(style === 'header' ? grant : { ...grant, client_id: def.client_id, client_secret: def.client_secret || undefined }),
      });
    // A public client (no secret) only names itself; it proves nothing but the PKCE verifier.
    if (!def.client_secret || def.auth_style === CustomOAuthAuthStyle.Params) return expectAnswer(label, await send('params'), TokenAnswer).access_token;
    const answer = await send('header');
    if (def.auth_style === CustomOAuthAuthStyle.Auto && refusedClient(answer)) return expectAnswer(label, await send('params'), TokenAnswer).access_token;
    return expectAnswer(label, answer, TokenAnswer).access_token;
  }

  return {
    name: def.slug,
    label,
    usesPkce: def.use_pkce,
    enabled: () => def.enabled,
    async authorizeUrl({ state, redirectUri, codeChallenge }) {
      const query = form({
        response_type: 'code',
        client_id: def.client_id,
        redirect_uri: redirectUri,
        scope: def.scopes || undefined,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: codeChallenge ? 'S256' : undefined,
      });
      return `${def.authorization_endpoint}${def.authorization_endpoint.includes('?') ? '&' : '?'}${query}`;
    },
    async profileFor({ code, redirectUri, codeVerifier }) {
      const accessToken = await exchange(code, redirectUri, codeVerifier);
      const answer = await requestProvider(http, label, { method: 'GET', url: def.user_info_endpoint, headers: { authorization: `Bearer ${accessToken}` } });
      const info = expectAnswer(label, answer, z.record(z.string(), z.unknown()));
      const id = textAtPath(info, def.user_id_field);
      if (!id) throw new ProviderError(label, `the user information has no ${def.user_id_field}`);
      if (id.length > EXTERNAL_ID_MAX) throw new ProviderError(label, `the account id (${def.user_id_field}) is longer than ${EXTERNAL_ID_MAX} characters`);
      const username = textAtPath(info, def.username_field);
      return { id, username, displayName: textAtPath(info, def.display_name_field) || username, email: textAtPath(info, def.email_field) };
    },
  };
}
