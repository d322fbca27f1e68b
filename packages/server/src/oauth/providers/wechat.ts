import { z } from 'zod';
import type { OptionsService } from '../../options/options.service.js';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodeFlowProvider } from './provider.js';
import type { ProviderEndpoints } from './endpoints.js';
import { callProvider, form, ProviderError } from './provider-http.js';

/** WeChat answers errors with HTTP 200 and `errcode`. */
const TokenAnswer = z.object({
  access_token: z.string().optional(),
  openid: z.string().optional(),
  unionid: z.string().optional(),
  errcode: z.number().optional(),
  errmsg: z.string().optional(),
});
const UserAnswer = z.object({ nickname: z.string().optional(), unionid: z.string().optional(), errcode: z.number().optional(), errmsg: z.string().optional() });

/**
 * WeChat website login (Open Platform QR code): `oauth_wechat.client_id` is the AppID and
 * `client_secret` the AppSecret. The union id (shared by the owner's apps) is the external id when
 * WeChat gives one, else the open id.
 */
export function wechatProvider(options: OptionsService, http: UpstreamHttpClient, endpoints: ProviderEndpoints): CodeFlowProvider {
  const label = 'WeChat';
  return {
    name: 'wechat',
    label,
    usesPkce: false,
    enabled: () => options.get('oauth_wechat.enabled'),
    async authorizeUrl({ state, redirectUri }) {
      const query = form({ appid: options.get('oauth_wechat.client_id'), redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_login', state });
      return `${endpoints.authorize}?${query}#wechat_redirect`;
    },
    async profileFor({ code }) {
      const query = form({ appid: options.get('oauth_wechat.client_id'), secret: options.get('oauth_wechat.client_secret'), code, grant_type: 'authorization_code' });
      const token = await callProvider(http, label, { method: 'GET', url: `${endpoints.token}?${query}`, headers: {} }, TokenAnswer);
      if (token.errcode || !token.access_token || !token.openid) throw new ProviderError(label, token.errmsg || `error ${token.errcode ?? 'without an open id'}`);
      const info = await callProvider(
        http,
        label,
        { method: 'GET', url: `${endpoints.user}?${form({ access_token: token.access_token, openid: token.openid })}`, headers: {} },
        UserAnswer,
      );
      // The profile only gives the display name: a WeChat error code there leaves the name empty.
      const nickname = info.errcode ? '' : (info.nickname ?? '');
      return { id: token.unionid || info.unionid || token.openid, username: '', displayName: nickname, email: '' };
    },
  };
}
