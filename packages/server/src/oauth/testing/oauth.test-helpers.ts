import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, markSetupDone, type Member, type TestContext } from '../../../test/test-app.js';
import type { DatabaseType } from '../../config/config.schema.js';
import { startFakeOAuthProviders, type FakeOAuthProviders } from './fake-oauth-providers.test-helpers.js';

/** Turns on GitHub, Google, Linux DO and WeChat with the fakes' client credentials. */
export async function enableFakeProviders(ctx: TestContext, fake: FakeOAuthProviders): Promise<void> {
  const c = fake.clients;
  await ctx.services.options.set({
    GitHubOAuthEnabled: true, GitHubClientId: c.github.id, GitHubClientSecret: c.github.secret,
    GoogleOAuthEnabled: true, GoogleClientId: c.google.id, GoogleClientSecret: c.google.secret,
    LinuxDOOAuthEnabled: true, LinuxDOClientId: c.linuxdo.id, LinuxDOClientSecret: c.linuxdo.secret,
    'oauth_wechat.enabled': true, 'oauth_wechat.client_id': c.wechat.id, 'oauth_wechat.client_secret': c.wechat.secret,
  });
}

/** The fakes as the providers' addresses (what OAUTH_<PROVIDER>_BASE_URL sets). */
const fakeProviderConfig = (fake: FakeOAuthProviders) => ({
  oauthGithubBaseUrl: fake.url,
  oauthGoogleBaseUrl: fake.url,
  oauthLinuxdoBaseUrl: fake.url,
  oauthWechatBaseUrl: fake.url,
});

export interface FakeOAuthSite {
  ctx: TestContext;
  fake: FakeOAuthProviders;
}

/**
 * Gives the enclosing describe a set-up site whose GitHub, Google, Linux DO and WeChat sign-in go to fakes of
 * its own: started by a beforeAll hook, closed by an afterAll hook. Read the fields inside hooks and tests only.
 */
export function useFakeOAuthSite(dialect: DatabaseType): FakeOAuthSite {
  const site = {} as FakeOAuthSite;
  beforeAll(async () => {
    site.fake = await startFakeOAuthProviders();
    site.ctx = await createTestContext(dialect, fakeProviderConfig(site.fake));
    await markSetupDone(site.ctx.db);
    await enableFakeProviders(site.ctx, site.fake);
  });
  afterAll(async () => {
    await site.ctx?.close();
    await site.fake?.close();
  });
  return site;
}

export interface StartedFlow {
  state: string;
  authorizeUrl: string;
  /** The oauth_state cookie the server set. */
  cookie: string;
}

function cookieHeader(who: Member | undefined, stateCookie: string | undefined): Record<string, string> {
  const headers: Record<string, string> = { ...(who?.session.headers ?? {}) };
  const cookies = [headers.cookie, stateCookie === undefined ? undefined : `oauth_state=${stateCookie}`].filter(Boolean);
  if (cookies.length) headers.cookie = cookies.join('; ');
  return headers;
}

/** GET /api/oauth/state?provider=… as `who` (anonymous when undefined). */
export async function startFlow(ctx: TestContext, provider: string, who?: Member, query: Record<string, string> = {}): Promise<StartedFlow> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider, ...query }, headers: who?.session.headers ?? {} });
  const body = res.json();
  if (!body.success) throw new Error(`state refused: ${body.message}`);
  const cookie = res.cookies.find((c) => c.name === 'oauth_state');
  if (!cookie) throw new Error('no oauth_state cookie');
  return { state: body.data, authorizeUrl: body.authorize_url, cookie: cookie.value };
}

/** Calls the API's callback with the query of the provider's return address. */
export function callback(ctx: TestContext, provider: string, returnUrl: string, who: Member | undefined, stateCookie: string | undefined): Promise<LightMyRequestResponse> {
  const back = new URL(returnUrl);
  return ctx.app.inject({
    method: 'GET',
    url: `/api/oauth/${provider}`,
    query: { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' },
    headers: cookieHeader(who, stateCookie),
  });
}

/** A whole sign-in or binding at a fake provider: state → authorization page → callback. */
export async function runFakeFlow(ctx: TestContext, fake: FakeOAuthProviders, provider: 'github' | 'google' | 'linuxdo', who?: Member): Promise<LightMyRequestResponse> {
  const flow = await startFlow(ctx, provider, who);
  const back = await fake.authorize(flow.authorizeUrl);
  return callback(ctx, provider, back, who, flow.cookie);
}

/** Session headers (cookie + New-Api-User) from a callback that signed someone in. */
export function sessionOf(res: LightMyRequestResponse): Record<string, string> {
  const session = res.cookies.find((c) => c.name === 'session');
  if (!session) throw new Error('no session cookie');
  return { cookie: `session=${session.value}`, 'new-api-user': String(res.json().data.id) };
}
