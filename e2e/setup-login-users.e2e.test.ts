import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn, waitForPath, shownAfter } from './support/browser';
import { createUserAs, pageApi } from './support/page-api';
import { startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * First run → setup → login → user management (create, search, disable) → logout → guard redirect →
 * expired session redirect. One server and one browser context: each step continues the previous one, and a
 * retried step first puts back what it starts from (a fresh server for the setup, a user of its own, …).
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

  /** Counts each step's attempts: a retry starts from what its earlier attempt left behind. */
  const attempts = new Map<string, number>();
  const attempt = (step: string) => {
    const n = (attempts.get(step) ?? 0) + 1;
    attempts.set(step, n);
    return n;
  };

  /** The user the add-user step created (a name per attempt: usernames are never reused). */
  let member = { username: 'alice', displayName: 'Alice Liddell' };

  /** A user the administrator looks up by name (deleted ones included). */
  const findUser = async (username: string) =>
    (await pageApi<{ items: { id: number; username: string; status: number }[] }>(page, 'GET', `/api/user/search?keyword=${encodeURIComponent(username)}`)).data.items.find((u) => u.username === username);

  /** Signs root in afresh, with the session's cookie and stored user cleared first. */
  async function signInAfresh(next?: string): Promise<void> {
    await context.clearCookies();
    if (page.url().startsWith(server.baseUrl)) await page.evaluate(() => localStorage.clear());
    await signIn(page, server.baseUrl, ROOT.username, ROOT.password, next);
    await waitForPath(page, next ?? '/token');
  }

  /** Ends this browser's session on the server, as an expiry or a sign-out elsewhere would. */
  async function endSessionOnServer(): Promise<void> {
    const session = (await context.cookies(server.baseUrl)).find((c) => c.name === 'session');
    expect(session).toBeDefined();
    const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).id as number);
    const out = await fetch(`${server.baseUrl}/api/user/logout`, {
      headers: { cookie: `session=${session!.value}`, 'New-Api-User': String(userId) },
    });
    expect(out.status).toBe(200);
  }

  it('sends every console route to /setup until the system is initialized', async () => {
    await page.goto(`${server.baseUrl}/user`);
    await waitForPath(page, '/setup');
    await page.getByRole('heading', { name: 'System initialization' }).waitFor();
  });

  it('initializes the system from the setup page and then goes to the login page', async () => {
    if (attempt('setup') > 1) {
      // The earlier attempt may have initialized the system, which cannot be undone: a fresh server then.
      const setup = (await (await fetch(`${server.baseUrl}/api/setup`)).json()) as { data: { status: boolean } };
      if (setup.data.status) {
        await server.stop();
        server = await startServer();
      }
      await page.goto(`${server.baseUrl}/user`);
      await waitForPath(page, '/setup');
      await page.getByRole('heading', { name: 'System initialization' }).waitFor();
    }
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
    const n = attempt('add user');
    // The list holds root alone; on a retry, also whoever an earlier attempt added (its name is taken now).
    let listedBefore = 1;
    const drawer = page.locator('.ant-drawer-open');
    if (n > 1) {
      member = { username: `alice${n}`, displayName: `Alice Liddell ${n}` };
      listedBefore = (await pageApi<{ total: number }>(page, 'GET', '/api/user/?p=1&page_size=100')).data.total;
      await page.goto(`${server.baseUrl}/user`);
      await page.getByRole('heading', { name: 'Manage users' }).waitFor();
      await page.getByRole('button', { name: 'Add user' }).click();
      await drawer.getByLabel('Username').waitFor();
    }
    await drawer.getByLabel('Username').fill(member.username);
    await drawer.getByLabel('Display name').fill(member.displayName);
    await drawer.getByLabel('Password').fill('alice-pass-1');
    await shownAfter(page.getByText('User account created successfully!'), () => page.getByTestId('add-user-submit').click());
    const row = page.locator('tr', { has: page.getByText(member.displayName, { exact: true }) });
    await row.waitFor();
    await expect(row.getByText('Normal user').isVisible()).resolves.toBe(true);
    await expect(page.locator('tbody tr.ant-table-row').count()).resolves.toBe(listedBefore + 1);
  });

  it('searches by keyword and shows only the matching user', async () => {
    // A retry starts again from the unfiltered list.
    if (attempt('search') > 1) await page.goto(`${server.baseUrl}/user`);
    await page.getByPlaceholder('ID, username, display name or e-mail').fill(member.username);
    await page.getByRole('button', { name: 'Query' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === member.username);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.ant-table-row').length === 1);
    await expect(page.locator('tbody tr.ant-table-row').first().innerText()).resolves.toContain(member.username);
  });

  it('disables the user: the row takes the new status and offers enable instead', async () => {
    if (attempt('disable') > 1) {
      // A retry starts again from the user enabled (an earlier attempt may have disabled it), listed by name.
      const found = await findUser(member.username);
      if (found && found.status !== 1) expect((await pageApi(page, 'POST', '/api/user/manage', { id: found.id, action: 'enable' })).success).toBe(true);
      await page.goto(`${server.baseUrl}/user?keyword=${member.username}`);
    }
    const row = page.locator('tr.ant-table-row', { hasText: member.username });
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Banned').waitFor();
    await expect(row.getByRole('button', { name: 'Enable' }).isVisible()).resolves.toBe(true);

    const res = await page.evaluate(async (username) => {
      const user = JSON.parse(localStorage.getItem('user')!);
      const r = await fetch(`/api/user/search?keyword=${username}`, { headers: { 'New-Api-User': String(user.id) } });
      return r.json();
    }, member.username);
    expect(res.data.items[0]).toMatchObject({ username: member.username, status: 2 });
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/users-page.png`, fullPage: true });
  });

  it('deletes the user after confirmation: the row shows as logged out without actions', async () => {
    let doomed = member.username;
    const n = attempt('delete');
    if (n > 1) {
      // The earlier attempt may have deleted the user: a retry deletes a disabled user of its own.
      doomed = `doomed${n}`;
      await createUserAs(page, { username: doomed, password: 'doomed-pass-1' });
      const found = await findUser(doomed);
      expect((await pageApi(page, 'POST', '/api/user/manage', { id: found!.id, action: 'disable' })).success).toBe(true);
      await page.goto(`${server.baseUrl}/user?keyword=${doomed}`);
    }
    const row = page.locator('tr.ant-table-row', { hasText: doomed });
    await row.getByRole('button', { name: 'Delete' }).click();
    await shownAfter(row.getByText('Logged out'), () => page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click());
    await expect(row.getByRole('button').count()).resolves.toBe(0);
  });

  it('remembers the chosen page size', async () => {
    // A retry starts again without the size an earlier attempt may have stored (choosing it again changes nothing).
    if (attempt('page size') > 1) await page.evaluate(() => localStorage.removeItem('page-size'));
    await page.goto(`${server.baseUrl}/user`);
    await page.locator('.ant-pagination-options .ant-select').click();
    await page.getByRole('option', { name: '20 / page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page_size') === '20');
    await expect(page.evaluate(() => localStorage.getItem('page-size'))).resolves.toBe('20');
  });

  it('logs out and then guards /user with a redirect to the login page', async () => {
    if (attempt('log out') > 1) {
      // A retry starts again signed in on /user (an earlier attempt may have signed out), without an open menu.
      if ((await page.evaluate(() => localStorage.getItem('user'))) === null) await signInAfresh('/user');
      else await page.goto(`${server.baseUrl}/user`);
    }
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

    await endSessionOnServer();

    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === 'true');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/user');
    await page.getByTestId('login-expired').getByText('Not logged in or login expired, please log in again').waitFor();
    await expect(page.evaluate(() => localStorage.getItem('user'))).resolves.toBeNull();
  });

  it('signs in again after the expired-session redirect', async () => {
    if (attempt('sign in again') > 1) {
      // The earlier attempt may have signed in again: a retry ends a new session to come back to the redirect.
      await signInAfresh('/user');
      await endSessionOnServer();
      await page.reload();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('expired') === 'true');
    }
    await page.getByLabel('Username or e-mail').fill(ROOT.username);
    await page.getByLabel('Password', { exact: true }).fill(ROOT.password);
    await page.locator('form').getByRole('button', { name: 'Log in' }).click();
    await waitForPath(page, '/user');
    await page.getByRole('heading', { name: 'Manage users' }).waitFor();
  });
});
