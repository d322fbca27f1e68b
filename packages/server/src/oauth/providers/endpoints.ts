import type { Config } from '../../config/config.schema.js';

/** The three addresses of an authorization-code provider. */
export interface ProviderEndpoints {
  authorize: string;
  token: string;
  user: string;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The OAUTH_<PROVIDER>_BASE_URL settings. */
export type ProviderBaseUrls = Pick<Config, 'oauthGithubBaseUrl' | 'oauthGoogleBaseUrl' | 'oauthLinuxdoBaseUrl' | 'oauthWechatBaseUrl' | 'oauthDiscordBaseUrl'>;

/**
 * The providers' public addresses. A configured base (OAUTH_<PROVIDER>_BASE_URL) replaces the origin and
 * keeps the paths, so a local fake only has to serve the same paths as the real service.
 */
export function providerEndpoints(config: ProviderBaseUrls) {
  const base = (override: string | undefined, real: string) => trimSlash(override ?? real);
  const github = base(config.oauthGithubBaseUrl, 'https://github.com');
  const githubApi = base(config.oauthGithubBaseUrl, 'https://api.github.com');
  const googleAccounts = base(config.oauthGoogleBaseUrl, 'https://accounts.google.com');
  const googleToken = base(config.oauthGoogleBaseUrl, 'https://oauth2.googleapis.com');
  const googleUser = base(config.oauthGoogleBaseUrl, 'https://openidconnect.googleapis.com');
  const linuxdo = base(config.oauthLinuxdoBaseUrl, 'https://connect.linux.do');
  const wechatOpen = base(config.oauthWechatBaseUrl, 'https://open.weixin.qq.com');
  const wechatApi = base(config.oauthWechatBaseUrl, 'https://api.weixin.qq.com');
  const discord = base(config.oauthDiscordBaseUrl, 'https://discord.com');
  return {
    github: { authorize: `${github}/login/oauth/authorize`, token: `${github}/login/oauth/access_token`, user: `${githubApi}/user` },
    google: { authorize: `${googleAccounts}/o/oauth2/v2/auth`, token: `${googleToken}/token`, user: `${googleUser}/v1/userinfo` },
    linuxdo: { authorize: `${linuxdo}/oauth2/authorize`, token: `${linuxdo}/oauth2/token`, user: `${linuxdo}/api/user` },
    wechat: { authorize: `${wechatOpen}/connect/qrconnect`, token: `${wechatApi}/sns/oauth2/access_token`, user: `${wechatApi}/sns/userinfo` },
    discord: { authorize: `${discord}/oauth2/authorize`, token: `${discord}/api/oauth2/token`, user: `${discord}/api/users/@me` },
  } satisfies Record<string, ProviderEndpoints>;
}
