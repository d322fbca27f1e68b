import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath, withNotice } from './support/browser';
import { createUserAs, pageApi } from './support/page-api';
import { setupViaApi, startServer, type RunningServer } from './support/server';
import { DISCORD_PATHS, startFakeCodeProvider, type FakeCodeProvider } from '../packages/server/src/oauth/testing/fake-code-provider.test-helpers';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const MEMBER = { username: 'member1', password: 'member-pass-1' };

interface SelfView {
  id: number;
  username: string;
  display_name: string;
  discord_id: string;
}

/**
 * Discord and administrator-defined OAuth providers in the browser: the administrator adds a provider in
 * System Settings (a bad definition is refused first), a newcomer signs in with it from the login page (a
 * local fake of the provider), and a member binds Discord (a local fake of Discord) from the personal page.
 */
describe('Discord and custom OAuth providers', () => {
  let server: RunningServer;
  let browser: Browser;
  let idp: FakeCodeProvider;
  let discord: FakeCodeProvider;
  let memberId: number;

  beforeAll(async () => {
    [idp, discord] = await Promise.all([startFakeCodeProvider({ clientAuth: 'basic' }), startFakeCodeProvider({ paths: DISCORD_PATHS, clientAuth: 'post' })]);
    server = await startServer({ env: { OAUTH_DISCORD_BASE_URL: discord.url } });
    await setupViaApi(server.baseUrl, ROOT);
    browser = await launchBrowser();

    const page = await newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    const saved = await pageApi(page, 'PUT', '/api/option/', [
      { key: 'discord.client_id', value: discord.client.id },
      { key: 'discord.client_secret', value: discord.client.secret },
      { key: 'discord.enabled', value: true },
    ]);
    expect(saved.success, saved.message).toBe(true);
    const created = await pageApi(page, 'POST', '/api/user/', { ...MEMBER, display_name: MEMBER.username });
    expect(created.success, created.message).toBe(true);
    await page.context().close();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([idp?.close(), discord?.close()]);
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  it('adds a custom provider in the system settings, refusing a bad definition first', async () => {
    const page = await newPage();
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=system');
    await waitForPath(page, '/setting');
    // A retry starts again without the provider an earlier attempt may have saved (its slug would be taken).
    const leftover = await pageApi<{ id: number }[]>(page, 'GET', '/api/custom-oauth-provider/');
    for (const provider of leftover.data) expect((await pageApi(page, 'DELETE', `/api/custom-oauth-provider/${provider.id}`, {})).success).toBe(true);
    await page.reload();
    const card = page.getByTestId('settings-custom-oauth');
    await card.getByText('No custom providers yet').waitFor();
    await card.getByTestId('custom-provider-add').click();

    const form = page.getByTestId('custom-provider-form');
    await form.getByLabel('Name', { exact: true }).fill('Corp SSO');
    await form.getByLabel('Slug').fill('corp-sso');
    await form.getByText(`${server.baseUrl}/oauth/corp-sso`).waitFor();
    await form.getByRole('switch', { name: 'Enabled' }).click();
    await form.getByLabel('Client ID').fill(idp.client.id);
    await form.getByLabel('Client secret').fill(idp.client.secret);
    await form.getByLabel('Authorization endpoint').fill(idp.authorizeUrl);
    await form.getByLabel('Token endpoint').fill('ftp://not-http.example');
    await form.getByLabel('User info endpoint').fill(idp.userUrl);
    await form.getByLabel('Account id').fill('id');
    await form.getByLabel('Username').fill('login');
    await form.getByLabel('Display name').fill('name');
    await form.getByLabel('E-mail').fill('email');
    await page.getByTestId('custom-provider-submit').click();
    await form.getByText('token_endpoint must be an http(s) address').waitFor();

    await form.getByLabel('Token endpoint').fill(idp.tokenUrl);
    await withNotice(page, 'Provider saved', () => page.getByTestId('custom-provider-submit').click(), 'success');
    await card.getByRole('cell', { name: 'corp-sso', exact: true }).waitFor();
    await card.getByText('On', { exact: true }).waitFor();

    // The server refuses a slug that is taken, on the slug field.
    await card.getByTestId('custom-provider-add').click();
    await form.getByLabel('Name', { exact: true }).fill('Copy');
    await form.getByLabel('Slug').fill('corp-sso');
    await form.getByLabel('Client ID').fill('x');
    await form.getByLabel('Client secret').fill('y');
    for (const label of ['Authorization endpoint', 'Token endpoint', 'User info endpoint']) await form.getByLabel(label).fill('https://copy.example/x');
    await withNotice(page, 'the slug corp-sso is already used by another provider', () => page.getByTestId('custom-provider-submit').click(), 'error');

    const listed = await pageApi<{ slug: string; client_secret_set: boolean }[]>(page, 'GET', '/api/custom-oauth-provider/');
    expect(listed.data).toEqual([expect.objectContaining({ slug: 'corp-sso', client_secret_set: true })]);
    expect(JSON.stringify(listed)).not.toContain(idp.client.secret);
    await page.context().close();
  });

  it('signs a newcomer in with the custom provider from the login page', async () => {
    idp.signInAs({ id: 77, login: 'jdoe', name: 'Jane Doe', email: 'jane@corp.test' });
    const page = await newPage();
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue with Corp SSO' }).click();
    await waitForPath(page, '/token');
    await page.getByText('Login success').first().waitFor();
    const self = await pageApi<SelfView>(page, 'GET', '/api/user/self');
    expect(self.data.username).toMatch(/^corp-sso_\d+$/);
    expect(self.data.display_name).toBe('Jane Doe');
    const bindings = await pageApi<{ provider_slug: string; provider_user_id: string }[]>(page, 'GET', '/api/user/oauth/bindings');
    expect(bindings.data).toEqual([expect.objectContaining({ provider_slug: 'corp-sso', provider_user_id: '77' })]);
    // The token request proved the client with HTTP Basic (the definition's "auto").
    expect(idp.requests.filter((r) => r.role === 'token').at(-1)?.headers.authorization).toMatch(/^Basic /);

    await page.goto(`${server.baseUrl}/personal`);
    await page.getByTestId('bound-corp-sso').getByText('77').waitFor();
    await page.context().close();
  });

  /** Counts attempts: a retry binds another Discord account to a member of its own (the first may be bound already). */
  let bindAttempt = 0;

  it('binds Discord from the personal page, and the administrator sees the Discord id', async () => {
    const n = ++bindAttempt;
    const discordId = `8035111022467891${n}`;
    const member = n === 1 ? MEMBER : { username: `${MEMBER.username}-${n}`, password: MEMBER.password };
    if (n > 1) {
      const root = await newPage();
      await signIn(root, server.baseUrl, ROOT.username, ROOT.password);
      await waitForPath(root, '/token');
      await createUserAs(root, member);
      await root.context().close();
    }
    discord.signInAs({ id: discordId, username: 'nelly', global_name: 'Nelly', email: 'nelly@discord.test', verified: true });
    const page = await newPage();
    await signIn(page, server.baseUrl, member.username, member.password, '/personal');
    await waitForPath(page, '/personal');
    await page.getByTestId('bind-corp-sso').waitFor();
    await page.getByTestId('bind-discord').click();
    await waitForPath(page, '/personal');
    await page.getByText('Bind success').first().waitFor();
    await page.getByTestId('bound-discord').getByText(discordId).waitFor();
    const self = await pageApi<SelfView>(page, 'GET', '/api/user/self');
    expect(self.data.discord_id).toBe(discordId);
    memberId = self.data.id;
    await page.context().close();

    const admin = await newPage();
    await signIn(admin, server.baseUrl, ROOT.username, ROOT.password, `/user/edit/${memberId}`);
    await admin.getByTestId('user-bound-discord').getByText(discordId).waitFor();
    await admin.context().close();
  });
});
