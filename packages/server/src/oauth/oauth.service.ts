import { CustomOAuthKind, ErrorCode, OAUTH_STATE_TTL_SECONDS, UNKNOWN_OAUTH_PROVIDER, UserStatus, type OAuthSignedInUser, type RedirectProvider } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import type { OptionsService } from '../options/options.service.js';
import type { UsersService } from '../users/users.service.js';
import type { UpstreamHttpClient } from '../platform/http-client.js';
import type { SessionStore } from '../auth/session-store.js';
import { usersRepository } from '../users/users.repository.js';
import { randomAlphanumeric, safeEqual } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import { AppError, ValidationError } from '../http/errors.js';
import { oauthStatesRepository as states, type OAuthStateRow } from './oauth-states.repository.js';
import { OAuthAccounts } from './oauth-accounts.service.js';
import { codeChallengeOf, newCodeVerifier } from './pkce.js';
import { providerEndpoints, type ProviderBaseUrls } from './providers/endpoints.js';
import type { CodeFlowProvider } from './providers/provider.js';
import { githubProvider } from './providers/github.js';
import { googleProvider } from './providers/google.js';
import { linuxdoProvider } from './providers/linuxdo.js';
import { oidcProvider } from './providers/oidc.js';
import { discordProvider } from './providers/discord.js';
import { customProvider } from './providers/custom.js';
import type { CustomOAuthProvidersService } from './custom-providers.service.js';
import { wechatProvider } from './providers/wechat.js';
import { checkTelegramLogin } from './providers/telegram.js';

/** The built-in authorization-code providers; a custom provider goes by its slug instead. */
export type CodeFlowName = RedirectProvider | 'wechat';

export const STATE_MISMATCH = 'the sign-in state does not match this browser or has expired; please start the sign-in again';
export const SESSION_CHANGED = 'the signed-in user changed while the provider was asked; please start again';
export const notEnabled = (label: string) => `${label} sign-in is not enabled by the administrator`;

export interface OAuthServiceDeps {
  db: Db;
  options: OptionsService;
  users: UsersService;
  sessions: SessionStore;
  http: UpstreamHttpClient;
  config: ProviderBaseUrls;
  customProviders: CustomOAuthProvidersService;
}

/** A state request: who asks (null = nobody signed in, so the flow signs in) and what to remember. */
export interface StateRequest {
  /** A built-in provider's name or a custom provider's slug. */
  provider?: string;
  userId: number | null;
  aff: string;
  loginParams: string;
  /** Where the WeChat frame sends the page after signing in. */
  next?: string;
  /** The site's public origin (ServerAddress, else the request's). */
  siteOrigin: string;
}

/** How a callback ended: an account bound to the signed-in user, or a user to sign in. */
export type CallbackOutcome = { kind: 'bound'; userId: number } | { kind: 'signedIn'; user: UserRow; loginParams: string; next: string };

/**
 * Third-party sign-in: states (single use, tied to the browser by a cookie and to the signed-in user),
 * the code exchange through each provider, then binding or signing in through {@link OAuthAccounts}.
 */
export class OAuthService {
  readonly accounts: OAuthAccounts;
  private readonly providers: Record<CodeFlowName, CodeFlowProvider>;

  constructor(private readonly deps: OAuthServiceDeps) {
    const { options, http } = deps;
    const endpoints = providerEndpoints(deps.config);
    this.accounts = new OAuthAccounts(deps.db, options, deps.users);
    this.providers = {
      github: githubProvider(options, http, endpoints.github),
      google: googleProvider(options, http, endpoints.google),
      linuxdo: linuxdoProvider(options, http, endpoints.linuxdo),
      oidc: oidcProvider(options, http),
      discord: discordProvider(options, http, endpoints.discord),
      wechat: wechatProvider(options, http, endpoints.wechat),
    };
  }

  /** Where a provider sends the browser back: the console's return page, or the WeChat frame endpoint. */
  redirectUri(provider: string, siteOrigin: string): string {
    return provider === 'wechat' ? `${siteOrigin}/api/oauth/wechat` : `${siteOrigin}/oauth/${provider}`;
  }

  /** GET /api/oauth/state: a fresh state and, when the provider is named, its authorization address. */
  async createState(req: StateRequest): Promise<{ state: string; authorizeUrl?: string }> {
    // A provider that signs in without a redirect (jwt_direct, trusted_header) only needs the state.
    const direct = req.provider ? await this.enabledDirectProvider(req.provider) : false;
    const provider = req.provider && !direct ? await this.enabledProvider(req.provider) : undefined;
    const state = randomAlphanumeric(32);
    const verifier = provider?.usesPkce ? newCodeVerifier() : '';
    const redirectUri = provider && req.provider ? this.redirectUri(req.provider, req.siteOrigin) : '';
    const now = nowSeconds();
    const authorizeUrl = provider
      ? await provider.authorizeUrl({ state, redirectUri, codeChallenge: verifier ? codeChallengeOf(verifier) : undefined })
      : undefined;
    await states.insert(this.deps.db, {
      state,
      provider: req.provider ?? '',
      user_id: req.userId,
      aff: req.aff,
      login_params: req.loginParams || null,
      next: req.next ?? '',
      code_verifier: verifier,
      redirect_uri: redirectUri,
      created_at: now,
      expires_at: now + OAUTH_STATE_TTL_SECONDS,
    });
    if (Math.random() < 0.05) await states.deleteExpired(this.deps.db, now);
    return { state, authorizeUrl };
  }

  /**
   * A provider's return with `code` and `state`: the state must be the one this browser holds (its
   * cookie), unused, unexpired, for this provider, and made for the same signed-in user (or for nobody).
   */
  async completeCodeFlow(
    name: string,
    input: { code: string; state: string; cookieState: string | undefined; userId: number | null; siteOrigin: string },
  ): Promise<CallbackOutcome> {
    const provider = await this.enabledProvider(name);
    const row = await this.consumeState(name, input);
    const profile = await provider.profileFor({
      code: input.code,
      redirectUri: row.redirect_uri || this.redirectUri(name, input.siteOrigin),
      codeVerifier: row.code_verifier || undefined,
    });
    const account = { provider: name, label: provider.label, profile };
    if (row.user_id !== null) {
      await this.accounts.bind(row.user_id, account);
      return { kind: 'bound', userId: row.user_id };
    }
    const user = await this.accounts.signIn(account, row.aff);
    return { kind: 'signedIn', user, loginParams: row.login_params ?? '', next: row.next };
  }

  /**
   * Uses up a state from GET /api/oauth/state: it must be the one this browser holds (its cookie), unused,
   * unexpired, for this provider (or for none), and made for the same signed-in user (or for nobody).
   */
  async consumeState(
    name: string,
    input: { state: string; cookieState: string | undefined; userId: number | null },
  ): Promise<OAuthStateRow> {
    if (!input.cookieState || !safeEqual(input.cookieState, input.state)) throw new ValidationError(STATE_MISMATCH);
    const row = await states.consume(this.deps.db, input.state);
    if (!row || row.expires_at < nowSeconds() || (row.provider !== '' && row.provider !== name)) throw new ValidationError(STATE_MISMATCH);
    if (row.user_id !== input.userId) throw new ValidationError(SESSION_CHANGED);
    return row;
  }

  /** Telegram login widget: signs in (or binds to `bindTo`) after checking the widget's signature. */
  async completeTelegram(fields: Readonly<Record<string, string>>, target: { bindTo: number } | { aff: string }): Promise<CallbackOutcome> {
    const { options } = this.deps;
    if (!options.get('TelegramOAuthEnabled')) throw new AppError(ErrorCode.Forbidden, notEnabled('Telegram'));
    const check = checkTelegramLogin(fields, options.get('TelegramBotToken'), nowSeconds());
    if (!check.ok) throw new ValidationError(check.reason);
    const account = { provider: 'telegram' as const, label: 'Telegram', profile: check.profile };
    if ('bindTo' in target) {
      await this.accounts.bind(target.bindTo, account);
      return { kind: 'bound', userId: target.bindTo };
    }
    return { kind: 'signedIn', user: await this.accounts.signIn(account, target.aff), loginParams: '', next: '' };
  }

  /** The site's public origin: the ServerAddress option, else the origin the request came to. */
  siteOrigin(requestOrigin: string): string {
    return (this.deps.options.get('ServerAddress') || requestOrigin).replace(/\/+$/, '');
  }

  /** Opens a session for a user who signed in with a provider; answers the cookie value. */
  async startSession(user: UserRow, meta: { ip: string; userAgent: string }): Promise<string> {
    await usersRepository.update(this.deps.db, user.id, { login_ip: meta.ip.slice(0, 64), last_login_at: nowSeconds() });
    return this.deps.sessions.create(user.id, meta);
  }

  /**
   * The enabled user behind a session cookie. The WeChat frame is a plain navigation, which cannot carry
   * the New-Api-User header, so it is recognised by its cookie alone (its state still binds it).
   */
  async userOfSessionCookie(cookie: string | undefined): Promise<number | null> {
    if (!cookie) return null;
    const id = await this.deps.sessions.find(cookie);
    if (id === null) return null;
    const user = await usersRepository.findById(this.deps.db, id);
    return user && user.status === UserStatus.Enabled ? user.id : null;
  }

  /** Whether `name` is a custom provider that signs in without a redirect; refused when it is disabled. */
  private async enabledDirectProvider(name: string): Promise<boolean> {
    if (Object.prototype.hasOwnProperty.call(this.providers, name)) return false;
    const custom = await this.deps.customProviders.findBySlug(name);
    if (!custom || custom.kind === CustomOAuthKind.OAuthCode) return false;
    if (!custom.enabled) throw new AppError(ErrorCode.Forbidden, notEnabled(custom.name));
    return true;
  }

  /** A built-in provider by name, else the custom provider of that slug; refused unless enabled. */
  private async enabledProvider(name: string): Promise<CodeFlowProvider> {
    const builtIn = Object.prototype.hasOwnProperty.call(this.providers, name) ? this.providers[name as CodeFlowName] : undefined;
    const found = builtIn ? undefined : await this.deps.customProviders.findBySlug(name);
    // A provider of another kind has no authorization-code flow (new-api answers "unknown provider" too).
    const custom = found?.kind === CustomOAuthKind.OAuthCode ? found : undefined;
    const provider = builtIn ?? (custom && customProvider(custom, this.deps.http));
    if (!provider) throw new ValidationError(UNKNOWN_OAUTH_PROVIDER);
    if (!provider.enabled()) throw new AppError(ErrorCode.Forbidden, notEnabled(provider.label));
    return provider;
  }
}

/** What a sign-in answers (the same fields as the password login). */
export function signedInUser(u: UserRow): OAuthSignedInUser {
  return { id: u.id, username: u.username, display_name: u.display_name, role: u.role, status: u.status, group: u.group };
}
