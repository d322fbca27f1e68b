import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { generate } from 'otplib';
import { launchBrowser, signIn, waitForPath, shownAfter } from './support/browser';
import { createUserAs, pageApi } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';
import { startFakeOAuthProviders, type FakeOAuthProviders } from '../packages/server/src/oauth/testing/fake-oauth-providers.test-helpers';
import { startOidcProvider, type TestOidcProvider } from '../packages/server/src/oauth/testing/oidc-provider.test-helpers';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MEMBER = { username: 'member1', password: 'member-pass-1' };
/** Refuses an application's request (has a token to give). */
const REFUSER = { username: 'member2', password: 'member-pass-2' };
/** Has no API token at all. */
const NEWCOMER = { username: 'member3', password: 'member-pass-3' };

interface Account {
  username: string;
  password: string;
}

interface SelfView {
  id: number;
  username: string;
  github_id: string;
  oidc_id: string;
}

/**
 * Third-party sign-in and authorization in the browser: a first GitHub sign-in (a local fake of GitHub)
 * creates a user; WeChat's QR frame (a local fake of WeChat) signs in, and hands a user with TOTP on to the
 * login page's code step; a signed-in user binds an account at a real OpenID provider from the personal
 * page; an outside application gets the token the user chooses on /approve, or is refused.
 */
describe('third-party sign-in, binding and authorization', () => {
  let server: RunningServer;
  let fake: FakeOAuthProviders;
  let idp: TestOidcProvider;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeOAuthProviders();
    server = await startServer({ env: { OAUTH_GITHUB_BASE_URL: fake.url, OAUTH_WECHAT_BASE_URL: fake.url } });
    await setupViaApi(server.baseUrl, ROOT);
    idp = await startOidcProvider({ redirectUris: [`${server.baseUrl}/oauth/oidc`] });
    browser = await launchBrowser();

    const page = await newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    const saved = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'GitHubClientId', value: fake.clients.github.id },
      { key: 'GitHubClientSecret', value: fake.clients.github.secret },
      { key: 'GitHubOAuthEnabled', value: true },
      { key: 'oauth_wechat.client_id', value: fake.clients.wechat.id },
      { key: 'oauth_wechat.client_secret', value: fake.clients.wechat.secret },
      { key: 'oauth_wechat.enabled', value: true },
      { key: 'oidc.client_id', value: idp.clientId },
      { key: 'oidc.client_secret', value: idp.clientSecret },
      { key: 'oidc.well_known', value: idp.wellKnown },
      { key: 'oidc.enabled', value: true },
    ]);
    expect(saved.success, saved.message).toBe(true);
    for (const account of [MEMBER, REFUSER, NEWCOMER]) {
      const created = await pageApi(page, 'POST', '/api/user/', { ...account, display_name: account.username });
      expect(created.success, created.message).toBe(true);
    }
    await page.context().close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.close();
    await fake?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    return context.newPage();
  }

  /** Gives the user API tokens with these names; answers all of the user's tokens. */
  async function createTokens(account: Account, names: string[]): Promise<{ name: string; key: string }[]> {
    const page = await newPage();
    await signIn(page, server.baseUrl, account.username, account.password);
    await waitForPath(page, '/token');
    for (const name of names) {
      const res = await pageApi(page, 'POST', '/api/token/', { name, remain_quota: 500000, expired_time: -1, unlimited_quota: false });
      expect(res.success, res.message).toBe(true);
    }
    const tokens = await pageApi<{ items: { name: string; key: string }[] }>(page, 'GET', '/api/token/?p=0&size=100');
    await page.context().close();
    return tokens.data.items;
  }

  /**
   * An outside application asks for a token: it opens a fresh browser at /oauth/login, the user signs in there
   * and lands on /approve. Answers that page and the application's poll of the request (PKCE-checked).
   */
  async function askForToken(account: Account, appName: string): Promise<{ page: Page; poll: () => Promise<{ status: string; token?: string }> }> {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const page = await newPage();
    await page.goto(`${server.baseUrl}/oauth/login?app_name=${encodeURIComponent(appName)}&code_challenge=${challenge}&code_challenge_method=S256`);
    await waitForPath(page, '/login');
    await page.getByLabel('Username or e-mail').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/approve');
    const poll = async () => {
      const res = await fetch(`${server.baseUrl}/api/oauth/authorize/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code_verifier: verifier }) });
      return ((await res.json()) as { data: { status: string; token?: string } }).data;
    };
    return { page, poll };
  }

  it('signs in with GitHub for the first time and gets a new account', async () => {
    fake.signInAs('github', { id: '4242', login: 'octocat', name: 'Octo Cat' });
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await waitForPath(page, '/token');
    await page.getByText('Login success').first().waitFor();
    const self = await pageApi<SelfView>(page, 'GET', '/api/user/self');
    expect(self.data.username).toMatch(/^github_\d+$/);
    expect(self.data.github_id).toBe('4242');
    await page.context().close();
  });

  /** Counts attempts of tests whose retry needs accounts of its own (the first attempt's may be set up already). */
  let wechatAttempt = 0;
  let oidcAttempt = 0;

  it('signs in with WeChat’s QR frame, and sends a user with TOTP on to the code step instead', async () => {
    // A WeChat account per attempt: a retry's earlier account may have TOTP on already.
    fake.signInAs('wechat', { id: `wx-2fa-${++wechatAttempt}`, name: 'Wei' });
    const first = await newPage();
    await first.goto(`${server.baseUrl}/login`);
    await first.getByRole('button', { name: 'Continue with WeChat' }).click();
    await waitForPath(first, '/token');
    const self = await pageApi<SelfView>(first, 'GET', '/api/user/self');
    expect(self.data.username).toMatch(/^wechat_\d+$/);
    const setup = await pageApi<{ secret: string }>(first, 'POST', '/api/user/2fa/setup', {});
    expect(setup.success, setup.message).toBe(true);
    const enabled = await pageApi(first, 'POST', '/api/user/2fa/enable', { code: await generate({ secret: setup.data.secret }) });
    expect(enabled.success, enabled.message).toBe(true);
    await first.context().close();

    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue with WeChat' }).click();
    await page.getByTestId('two-factor-step').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.getByTestId('wechat-frame').waitFor({ state: 'detached' });
    // The next 30-second step: the enrolment already used the current one.
    await page.getByLabel('Authentication code').fill(await generate({ secret: setup.data.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/token');
    expect((await pageApi<SelfView>(page, 'GET', '/api/user/self')).data.id).toBe(self.data.id);
    await page.context().close();
  });

  it('binds an OpenID Connect account from the personal page', async () => {
    // A retry binds another account at the provider to a member of its own (the first may be bound already).
    const n = ++oidcAttempt;
    const member = n === 1 ? MEMBER : { username: `${MEMBER.username}-${n}`, password: MEMBER.password };
    const idpLogin = n === 1 ? 'member-at-idp' : `member-at-idp-${n}`;
    if (n > 1) {
      const root = await newPage();
      await signIn(root, server.baseUrl, ROOT.username, ROOT.password);
      await waitForPath(root, '/token');
      await createUserAs(root, member);
      await root.context().close();
    }
    const page = await newPage();
    await signIn(page, server.baseUrl, member.username, member.password, '/personal');
    await waitForPath(page, '/personal');
    await page.getByTestId('bind-oidc').click();
    // The provider's own sign-in and consent pages.
    await page.locator('input[name="login"]').fill(idpLogin);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/personal');
    await page.getByText('Bind success').first().waitFor();
    await page.getByTestId('bound-oidc').waitFor();
    const self = await pageApi<SelfView>(page, 'GET', '/api/user/self');
    expect(self.data.oidc_id).toBe(idpLogin);
    await page.context().close();
  });

  it('lets an outside application have the token the user chooses', async () => {
    const tokens = await createTokens(MEMBER, ['laptop', 'assistant']);
    const chosen = tokens.find((t) => t.name === 'assistant')!;

    const { page, poll } = await askForToken(MEMBER, 'Desk Assistant');
    await page.getByText('Desk Assistant asks to use one of your API tokens').waitFor();
    expect(await poll()).toEqual({ status: 'pending' });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Choose the token to hand over').waitFor();
    await page.getByRole('radio', { name: 'assistant' }).check();
    await shownAfter(page.getByText('Authorized. Going to your tokens in 3 seconds'), () => page.getByRole('button', { name: 'Authorize with this token' }).click());
    expect(await poll()).toEqual({ status: 'approved', token: `sk-${chosen.key}` });
    expect(await poll()).toEqual({ status: 'delivered' });
    await waitForPath(page, '/token', 10_000);
    await page.context().close();
  });

  it('tells the application no when the user refuses', async () => {
    await createTokens(REFUSER, ['only-one']);
    const { page, poll } = await askForToken(REFUSER, 'Nosy App');
    await page.getByTestId('approve-confirm').getByText('Nosy App asks to use one of your API tokens').waitFor();
    await page.getByRole('button', { name: 'Refuse' }).click();
    await page.getByTestId('approve-rejected').getByText('You refused the request').waitFor();
    // The application learns of the refusal; no token is handed over.
    expect(await poll()).toEqual({ status: 'rejected' });
    expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(0);
    await page.context().close();
  });

  it('sends a user without any API token to make one', async () => {
    const { page, poll } = await askForToken(NEWCOMER, 'Desk Assistant');
    await page.getByTestId('approve-no-token').getByText('You have no enabled API token to hand over').waitFor();
    expect(await page.getByRole('button', { name: 'Allow' }).count()).toBe(0);
    expect(await poll()).toEqual({ status: 'pending' });
    await page.getByRole('button', { name: 'Go to API tokens' }).click();
    await waitForPath(page, '/token');
    await page.context().close();
  });

  it('shows the authorization-failed state after five round trips through the sign-in page', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/oauth/login?app_name=Desk&code_challenge=${'a'.repeat(43)}&reloadLogin=5`);
    await page.getByTestId('authorize-failed').getByText('Authorization failed').waitFor();
    await page.context().close();
  });
});
