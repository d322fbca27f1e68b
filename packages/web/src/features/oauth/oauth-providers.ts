import { REDIRECT_PROVIDERS, type CustomOAuthProviderPublic, type OAuthProvider, type RedirectProvider, type UserView } from '@gw/contracts';
import type { SiteStatus } from '../status/api/site-status';

/** The order providers are shown in, with their status flag (spec 1 §3) and users column. */
export const PROVIDERS: readonly { name: OAuthProvider; flag: keyof SiteStatus; column: keyof UserView }[] = [
  { name: 'github', flag: 'github_oauth', column: 'github_id' },
  { name: 'google', flag: 'google_oauth', column: 'google_id' },
  { name: 'linuxdo', flag: 'linuxdo_oauth', column: 'linux_do_id' },
  { name: 'oidc', flag: 'oidc_enabled', column: 'oidc_id' },
  { name: 'discord', flag: 'discord_oauth', column: 'discord_id' },
  { name: 'telegram', flag: 'telegram_oauth', column: 'telegram_id' },
  { name: 'wechat', flag: 'wechat_login', column: 'wechat_id' },
];

export const isRedirectProvider = (name: string): name is RedirectProvider => (REDIRECT_PROVIDERS as readonly string[]).includes(name);

/** A name that may be a custom provider's slug (the server knows which exist). */
export const isSlug = (name: string) => /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(name);

/** The enabled administrator-defined providers from the status (an older cached status has none). */
export const customProvidersOf = (status: SiteStatus): CustomOAuthProviderPublic[] => (Array.isArray(status.custom_oauth_providers) ? status.custom_oauth_providers : []);

export const isEnabled = (status: SiteStatus, flag: keyof SiteStatus) => status[flag] === true;

/** The messages the WeChat frame posts to the page that holds it (see the server's wechat-frame.ts). */
export type FrameMessage =
  /** The end of a binding (or of a refused sign-in). */
  | { type: 'oauth-bind'; provider: 'wechat'; success: boolean; message?: string }
  /** A sign-in of a user with a second factor: the login page's two-factor step finishes it. */
  | { type: 'oauth-two-factor'; provider: 'wechat'; pending_token: string };

export function isFrameMessage(value: unknown): value is FrameMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, pending_token } = value as { type?: unknown; pending_token?: unknown };
  return type === 'oauth-bind' || (type === 'oauth-two-factor' && typeof pending_token === 'string' && pending_token !== '');
}
