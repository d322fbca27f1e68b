import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath } from './support/browser';
import { pageApi } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';
import { startFakeOAuthProviders, type FakeOAuthProviders } from '../packages/server/src/oauth/testing/fake-oauth-providers.test-helpers';
import { startOidcProvider, type TestOidcProvider } from '../packages/server/src/oauth/testing/oidc-provider.test-helpers';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MEMBER = { username: 'member1', password: 'member-pass-1' };

interface SelfView {
  id: number;
  username: string;
  github_id: string;
  oidc_id: string;
}

/**
 * Third-party sign-in and authorization in the browser: a first GitHub sign-in (a local fake of GitHub)
 * creates a user; a signed-in user binds an account at a real OpenID provider from the personal page; an
 * outside application gets the token the user chooses on /approve.
 */
describe('third-party sign-in, binding and authorization', () => {
  let server: RunningServer;
  let fake: FakeOAuthProviders;
  let idp: TestOidcProvider;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeOAuthProviders();
    server = await startServer({ env: { OAUTH_GITHUB_BASE_URL: fake.url } });
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
      { key: 'oidc.client_id', value: idp.clientId },
      { key: 'oidc.client_secret', value: idp.clientSecret },
      { key: 'oidc.well_known', value: idp.wellKnown },
      { key: 'oidc.enabled', value: true },
    ]);
    expect(saved.success, saved.message).toBe(true);
    const created = await pageApi(page, 'POST', '/api/user/', { ...MEMBER, display_name: 'Member One' });
    expect(created.success, created.message).toBe(true);
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

  it('binds an OpenID Connect account from the personal page', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, MEMBER.username, MEMBER.password, '/personal');
    await waitForPath(page, '/personal');
    await page.getByTestId('bind-oidc').click();
    // The provider's own sign-in and consent pages.
    await page.locator('input[name="login"]').fill('member-at-idp');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/personal');
    await page.getByText('Bind success').first().waitFor();
    await page.getByTestId('bound-oidc').waitFor();
    const self = await pageApi<SelfView>(page, 'GET', '/api/user/self');
    expect(self.data.oidc_id).toBe('member-at-idp');
    await page.context().close();
  });

  it('lets an outside application have the token the user chooses', async () => {
    // The member's two tokens.
    const setup = await newPage();
    await signIn(setup, server.baseUrl, MEMBER.username, MEMBER.password);
    await waitForPath(setup, '/token');
    for (const name of ['laptop', 'assistant']) {
      const res = await pageApi(setup, 'POST', '/api/token/', { name, remain_quota: 500000, expired_time: -1, unlimited_quota: false });
      expect(res.success, res.message).toBe(true);
    }
    const tokens = await pageApi<{ items: { name: string; key: string }[] }>(setup, 'GET', '/api/token/?p=0&size=100');
    const chosen = tokens.data.items.find((t) => t.name === 'assistant')!;
    await setup.context().close();

    // The application opens a fresh browser at /oauth/login; the user signs in there first.
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const page = await newPage();
    await page.goto(`${server.baseUrl}/oauth/login?app_name=${encodeURIComponent('Desk Assistant')}&code_challenge=${challenge}&code_challenge_method=S256`);
    await waitForPath(page, '/login');
    await page.getByLabel('Username or e-mail').fill(MEMBER.username);
    await page.getByLabel('Password', { exact: true }).fill(MEMBER.password);
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();

    await waitForPath(page, '/approve');
    await page.getByText('Desk Assistant asks to use one of your API tokens').waitFor();
    const poll = async () => {
      const res = await fetch(`${server.baseUrl}/api/oauth/authorize/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code_verifier: verifier }) });
      return ((await res.json()) as { data: { status: string; token?: string } }).data;
    };
    expect(await poll()).toEqual({ status: 'pending' });

    await page.getByRole('button', { name: 'Allow' }).click();
    await page.getByText('Choose the token to hand over').waitFor();
    await page.getByRole('radio', { name: 'assistant' }).check();
    await page.getByRole('button', { name: 'Authorize with this token' }).click();
    await page.getByText('Authorized. Going to your tokens in 3 seconds').waitFor();
    expect(await poll()).toEqual({ status: 'approved', token: `sk-${chosen.key}` });
    expect(await poll()).toEqual({ status: 'delivered' });
    await waitForPath(page, '/token', 10_000);
    await page.context().close();
  });

  it('shows the authorization-failed state after five round trips through the sign-in page', async () => {
    const page = await newPage();
    await page.goto(`${server.baseUrl}/oauth/login?app_name=Desk&code_challenge=${'a'.repeat(43)}&reloadLogin=5`);
    await page.getByTestId('authorize-failed').getByText('Authorization failed').waitFor();
    await page.context().close();
  });
});
