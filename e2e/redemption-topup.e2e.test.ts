import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openPageWithClipboard, signIn, waitForPath, withNotice, shownAfter } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, setupViaApi, startServer, type RunningServer } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const USER = { username: 'dave', password: 'dave-pass-123' };
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/** An administrator makes redemption codes in /redemption; a user redeems one in /topup. */
describe('redemption codes and the wallet', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let userContext: BrowserContext;
  let user: Page;
  let codes: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    await setupViaApi(server.baseUrl, ROOT);
    await registerViaApi(server.baseUrl, USER);
    browser = await launchBrowser();
    admin = await openPageWithClipboard(browser, server.baseUrl);
    userContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    user = await userContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The redemption codes, as the administrator lists them. */
  const listCodes = async () => (await pageApi<{ items: { id: number; status: number }[] }>(admin, 'GET', '/api/redemption/?p=1&page_size=100')).data.items;

  it('creates two codes worth $10 each and lists them for copying', async () => {
    await signIn(admin, server.baseUrl, ROOT.username, ROOT.password, '/redemption');
    await waitForPath(admin, '/redemption');
    // A retry starts again without the codes an earlier attempt may have created.
    for (const code of await listCodes()) expect((await pageApi(admin, 'DELETE', `/api/redemption/${code.id}`, {})).success).toBe(true);
    await admin.reload();
    await admin.getByRole('heading', { name: 'Manage redemption codes' }).waitFor();
    await admin.getByRole('button', { name: 'Add codes' }).click();
    const drawer = admin.locator('.ant-drawer-open');
    await drawer.getByLabel('Name').fill('welcome');
    await drawer.getByRole('button', { name: '$10.00' }).click();
    await drawer.getByText('Equals $10.00').waitFor();
    await drawer.getByLabel('Number of codes').fill('2');
    await admin.getByTestId('redemption-submit').click();

    const dialog = admin.locator('.ant-modal', { hasText: 'Codes created: 2' });
    await dialog.waitFor();
    codes = (await dialog.getByTestId('created-codes').inputValue()).split('\n');
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[0-9a-zA-Z]{32}$/);
    await shownAfter(admin.getByText('All codes copied'), () => dialog.getByRole('button', { name: 'Copy all' }).click());
    await expect(admin.evaluate(() => navigator.clipboard.readText())).resolves.toBe(codes.join('\n'));
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await expect(admin.locator('tr.ant-table-row', { hasText: 'welcome' }).count()).resolves.toBe(2);
    await expect(admin.locator('tr.ant-table-row', { hasText: 'Unused' }).count()).resolves.toBe(2);
  });

  it('renames an unused code in the editor', async () => {
    const row = admin.locator('tr.ant-table-row').first();
    await row.getByRole('button', { name: 'Edit' }).click();
    const drawer = admin.locator('.ant-drawer-open');
    await drawer.getByText('Edit redemption code').waitFor();
    await drawer.getByLabel('Name').fill('renamed');
    await shownAfter(admin.getByText('Code updated'), () => admin.getByTestId('redemption-submit').click());
    await row.getByText('renamed').waitFor();
  });

  it('disables a code, which then cannot be edited, and enables it again', async () => {
    // A retry starts again from unused codes (an earlier attempt may have left one disabled).
    const disabled = (await listCodes()).filter((c) => c.status === 2);
    for (const code of disabled) expect((await pageApi(admin, 'PUT', '/api/redemption/?status_only=true', { id: code.id, status: 1 })).success).toBe(true);
    if (disabled.length > 0) await admin.reload();
    const row = admin.locator('tr.ant-table-row').first();
    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await expect(row.getByRole('button', { name: 'Edit' }).isDisabled()).resolves.toBe(true);
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByText('Unused').waitFor();
  });

  /** The user the user page is signed in as (USER, or one of its own for a retried redemption). */
  let member = USER;
  let redeemAttempt = 0;

  it('lets the user redeem a code in /topup and shows the new balance', async () => {
    const n = ++redeemAttempt;
    if (n > 1) {
      // The earlier attempt may have redeemed the code: a retry redeems a new code (the used one deleted, so
      // that one code shows as used) for a new user (a balance and a top-up log of their own).
      for (const code of (await listCodes()).filter((c) => c.status === 3)) expect((await pageApi(admin, 'DELETE', `/api/redemption/${code.id}`, {})).success).toBe(true);
      const created = await pageApi<string[]>(admin, 'POST', '/api/redemption/', { name: 'welcome', quota: 5_000_000, count: 1 });
      expect(created.success, created.message).toBe(true);
      codes = [created.data[0], ...codes.slice(1)];
      member = { username: `${USER.username}${n}`, password: USER.password };
      await registerViaApi(server.baseUrl, member);
    }
    await signIn(user, server.baseUrl, member.username, member.password, '/topup');
    await waitForPath(user, '/topup');
    const balance = user.getByTestId('topup-balance');
    await balance.getByText('$0.00').waitFor();
    await user.getByTestId('online-topup-disabled').getByText('Online top-up is not enabled by the administrator').waitFor();
    await user.getByText('The super administrator has not set a top-up link').waitFor();

    await user.getByTestId('redeem-submit').click();
    await user.getByText('Please enter a redemption code').waitFor();

    await user.getByLabel('Redemption code').fill(codes[0]);
    await shownAfter(user.getByText('Redeemed: $10.00 added to your balance'), () => user.getByTestId('redeem-submit').click());
    await balance.getByText('$10.00').waitFor();
    await expect(user.getByLabel('Redemption code').inputValue()).resolves.toBe('');
    if (SCREENSHOTS) await user.screenshot({ path: `${SCREENSHOTS}/topup-page.png`, fullPage: true });
  });

  it('refuses the same code a second time and leaves the balance alone', async () => {
    await user.getByLabel('Redemption code').fill(codes[0]);
    await withNotice(user, 'this code has already been used', () => user.getByTestId('redeem-submit').click());
    const self = await pageApi<{ quota: number }>(user, 'GET', '/api/user/self');
    expect(self.data.quota).toBe(5_000_000);
  });

  it('lists the top-up in the user\'s own log without the administrators\' columns', async () => {
    await user.goto(`${server.baseUrl}/log`);
    const row = user.locator('tr.ant-table-row', { hasText: 'Top-up' });
    await row.waitFor();
    await expect(user.locator('tr.ant-table-row').count()).resolves.toBe(1);
    for (const column of ['Channel', 'User', 'Retry', 'Remark']) {
      await expect(user.locator('thead th', { hasText: new RegExp(`^${column}$`) }).count()).resolves.toBe(0);
    }
    await expect(user.getByRole('button', { name: 'Delete old logs' }).count()).resolves.toBe(0);
    await user.goto(`${server.baseUrl}/topup`);
  });

  it('shows the invitation link of the user', async () => {
    const self = await pageApi<{ aff_code: string }>(user, 'GET', '/api/user/self');
    await expect.poll(() => user.getByTestId('invite-link').inputValue()).toBe(`${server.baseUrl}/register?aff=${self.data.aff_code}`);
    await user.getByRole('link', { name: 'Activity center' }).click();
    await waitForPath(user, '/activity-center');
  });

  it('marks the redeemed code as used for the administrator: it can no longer be enabled', async () => {
    await admin.reload();
    const used = admin.locator('tr.ant-table-row', { has: admin.getByText('Used', { exact: true }) });
    await used.waitFor();
    await expect(used.getByText(/by user #\d+/).isVisible()).resolves.toBe(true);
    await expect(used.getByRole('button', { name: 'Enable' }).isDisabled()).resolves.toBe(true);
    await expect(used.getByRole('button', { name: 'Edit' }).isDisabled()).resolves.toBe(true);
  });

  it('shows the wallet in Chinese and in the dark theme', async () => {
    await user.evaluate(() => {
      localStorage.setItem('i18nextLng', 'zh');
      localStorage.setItem('theme-mode', 'dark');
    });
    await user.goto(`${server.baseUrl}/topup`);
    await user.getByText('兑换码充值').waitFor();
    await user.getByTestId('topup-balance').getByText('¥73.00').waitFor();
    await expect(user.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('dark');
    if (SCREENSHOTS) await user.screenshot({ path: `${SCREENSHOTS}/topup-page-zh-dark.png`, fullPage: true });
  });
});
