import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath, shownAfter } from './support/browser';
import { startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * First run → setup → login → user management (create, search, disable) → logout → guard redirect →
 * expired session redirect. One server and one browser context: each step continues the previous one.
 */
describe('first run, sign-in and user management', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('sends every console route to /setup until the system is initialized', async () => {
    await page.goto(`${server.baseUrl}/user`);
    await waitForPath(page, '/setup');
    await page.getByRole('heading', { name: 'System initialization' }).waitFor();
  });

  it('initializes the system from the setup page and then goes to the login page', async () => {
    await page.getByLabel('Administrator username').fill(ROOT.username);
    await page.getByLabel('Password', { exact: true }).fill(ROOT.password);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Initialize system' }).click();
    await page.getByText('The two passwords differ').waitFor();

    await page.getByLabel('Confirm password').fill(ROOT.password);
    await page.getByRole('button', { name: 'Initialize system' }).click();
    await waitForPath(page, '/login');
    const setup = (await (await fetch(`${server.baseUrl}/api/setup`)).json()) as { data: { status: boolean } };
    expect(setup.data.status).toBe(true);
  });

  it('signs in with the new administrator and lands on the token page', async () => {
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(page, '/token');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ username: ROOT.username, role: 100 });
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
  });

  it('refuses to add a user without a name and password', async () => {
    await page.goto(`${server.baseUrl}/user`);
    await page.getByRole('heading', { name: 'Manage users' }).waitFor();
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByTestId('add-user-submit').click();
    await page.getByText('User name and password cannot be empty!').waitFor();
  });

  it('creates a user from the add-user panel and shows it in the list', async () => {
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByLabel('Username').fill('alice');
    await drawer.getByLabel('Display name').fill('Alice Liddell');
    await drawer.getByLabel('Password').fill('alice-pass-1');
    await shownAfter(page.getByText('User account created successfully!'), () => page.getByTestId('add-user-submit').click());
    const row = page.locator('tr', { hasText: 'Alice Liddell' });
    await row.waitFor();
    await expect(row.getByText('Normal user').isVisible()).resolves.toBe(true);
    await expect(page.locator('tbody tr.ant-table-row').count()).resolves.toBe(2);
  });

  it('searches by keyword and shows only the matching user', async () => {
    await page.getByPlaceholder('ID, username, display name or e-mail').fill('alice');
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === 'alice');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.ant-table-row').length === 1);
    await expect(page.locator('tbody tr.ant-table-row').first().innerText()).resolves.toContain('alice');
  });

  it('disables the user: the row takes the new status and offers enable instead', async () => {
    const row = page.locator('tr.ant-table-row', { hasText: 'alice' });
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Banned').waitFor();
    await expect(row.getByRole('button', { name: 'Enable' }).isVisible()).resolves.toBe(true);

    const res = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user')!);
      const r = await fetch('/api/user/search?keyword=alice', { headers: { 'New-Api-User': String(user.id) } });
      return r.json();
    });
    expect(res.data.items[0]).toMatchObject({ username: 'alice', status: 2 });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/users-page.png`, fullPage: true });
  });

  it('deletes the user after confirmation: the row shows as logged out without actions', async () => {
    const row = page.locator('tr.ant-table-row', { hasText: 'alice' });
    await row.getByRole('button', { name: 'Delete' }).click();
    await shownAfter(row.getByText('Logged out'), () => page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click());
    await expect(row.getByRole('button').count()).resolves.toBe(0);
  });

  it('remembers the chosen page size', async () => {
    await page.goto(`${server.baseUrl}/user`);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.getByRole('option', { name: '20 / page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page_size') === '20');
    await expect(page.evaluate(() => localStorage.getItem('page-size'))).resolves.toBe('20');
  });

  it('logs out and then guards /user with a redirect to the login page', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();

    await page.goto(`${server.baseUrl}/user`);
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user');
  });

  it('redirects to the login page with expired=true when the session ends on the server', async () => {
    await page.goto(`${server.baseUrl}/login?next=%2Fuser`);
    await page.getByLabel('Username or e-mail').fill(ROOT.username);
    await page.getByLabel('Password', { exact: true }).fill(ROOT.password);
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/user');
    await page.getByRole('heading', { name: 'Manage users' }).waitFor();

    // End this browser's session on the server, as an expiry or a sign-out elsewhere would.
    const session = (await context.cookies(server.baseUrl)).find((c) => c.name === 'session');
    expect(session).toBeDefined();
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).id as number);
    const out = await fetch(`${server.baseUrl}/api/user/logout`, {
      headers: { cookie: `session=${session!.value}`, 'New-Api-User': String(userId) },
    });
    expect(out.status).toBe(200);

    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === 'true');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user');
    await page.getByTestId('login-expired').getByText('Not logged in or login expired, please log in again').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
  });

  it('signs in again after the expired-session redirect', async () => {
    await page.getByLabel('Username or e-mail').fill(ROOT.username);
    await page.getByLabel('Password', { exact: true }).fill(ROOT.password);
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/user');
    await page.getByRole('heading', { name: 'Manage users' }).waitFor();
  });
});
