import type { OAuthProvider, RedirectProvider, UserView } from '@gw/contracts';
import type { SiteStatus } from '../status/api/site-status';

/** The order providers are shown in, with their status flag (spec 1 §3) and users column. */
export const PROVIDERS: readonly { name: OAuthProvider; flag: keyof SiteStatus; column: keyof UserView }[] = [
  { name: 'github', flag: 'github_oauth', column: 'github_id' },
  { name: 'google', flag: 'google_oauth', column: 'google_id' },
  { name: 'linuxdo', flag: 'linuxdo_oauth', column: 'linux_do_id' },
  { name: 'oidc', flag: 'oidc_enabled', column: 'oidc_id' },
  { name: 'telegram', flag: 'telegram_oauth', column: 'telegram_id' },
  { name: 'wechat', flag: 'wechat_login', column: 'wechat_id' },
];

export const isRedirectProvider = (name: string): name is RedirectProvider => ['github', 'google', 'linuxdo', 'oidc'].includes(name);

export const isEnabled = (status: SiteStatus, flag: keyof SiteStatus) => status[flag] === true;

/** The message the WeChat frame posts to the page that holds it (see the server's wechat-frame.ts). */
export interface FrameMessage {
  type: 'oauth-bind';
  provider: 'wechat';
  success: boolean;
  message?: string;
}

export function isFrameMessage(value: unknown): value is FrameMessage {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'oauth-bind';
}
