import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_HEADER_NAV_MODULES, DEFAULT_SIDEBAR_MODULES_ADMIN } from '@gw/contracts';
import { openPage, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, useRootSite } from './support/server';

const ROOT = { username: 'displayroot', password: 'display-pass-123' };

/** Writes $5 of usage (2 500 000 quota) for the root user into the stopped server's dashboard data. */
function seedUsage(dataDir: string) {
  const db = new Database(join(dataDir, 'gateway.db'));
  try {
    const root = db.prepare('select id from users where username = ?').get(ROOT.username) as { id: number };
    db.prepare('insert into quota_data (user_id, username, model_name, created_at, token_used, count, quota) values (?, ?, ?, ?, ?, ?, ?)')
      .run(root.id, ROOT.username, 'gpt-4o-mini', Math.floor(Date.now() / 1000) - 120, 1000, 3, 2_500_000);
  } finally {
    db.close();
  }
}

const headerLink = (page: Page, name: string) => page.locator('header').getByRole('link', { name, exact: true });

/** Quota display types and the top-bar switches, set by root in the operation settings. */
describe('quota display and navigation settings', () => {
  const site = useRootSite(ROOT);
  /** Set once the usage is seeded: a retry must not add it a second time. */
  let seeded = false;

  /** Saves options as root from a signed-in page: a retry starts again from the defaults its first attempt changed. */
  async function resetOptions(page: Page, entries: Record<string, string>): Promise<void> {
    const saved = await pageApi(page, 'PUT', '/api/option/', Object.entries(entries).map(([key, value]) => ({ key, value })));
    expect(saved.success, saved.message).toBe(true);
    await page.reload();
  }

  it('shows wallet and dashboard amounts in a custom currency once root chooses it', async () => {
    if (!seeded) {
      await site.server.restart(seedUsage);
      seeded = true;
    }
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/topup');
    await waitForPath(page, '/topup');
    await resetOptions(page, { 'general_setting.quota_display_type': 'AUTO', 'general_setting.custom_currency_exchange_rate': '1' });
    // The default (AUTO) in English: dollars.
    await page.getByTestId('topup-balance').getByText('$200.00').waitFor();

    await page.goto(`${site.server.baseUrl}/setting?tab=operation`);
    const card = page.getByTestId('settings-quota-display');
    await card.getByLabel('Display type').click();
    await page.locator('.ant-select-item-option', { hasText: 'Custom currency' }).click();
    await card.locator('.ant-select-content', { hasText: 'Custom currency' }).waitFor();
    await card.getByLabel('Custom currency symbol').fill('€');
    await card.getByLabel('Custom units per US dollar').fill('0.9');
    await card.getByTestId('quota-display-preview').getByText('12.5 units of quota show as €11.25 in English and €11.25 in Chinese').waitFor();
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');
    const status = (await pageApi<Record<string, unknown>>(page, 'GET', '/api/status')).data;
    expect(status).toMatchObject({ quota_display_type: 'CUSTOM', custom_currency_symbol: '€', custom_currency_exchange_rate: 0.9 });

    // $200 of quota at 0.9 per dollar, truncated to cents.
    await page.goto(`${site.server.baseUrl}/topup`);
    await page.getByTestId('topup-balance').getByText('€180.00').waitFor();
    await page.getByTestId('online-topup-receives').getByText('= €9.00 of balance').waitFor();

    // $5 of seeded usage: €4.50.
    await page.goto(`${site.server.baseUrl}/detail`);
    await page.getByTestId('dashboard-totals').getByText('€4.50').waitFor();

    // A refused rate keeps the saved one and says why.
    await page.goto(`${site.server.baseUrl}/setting?tab=operation`);
    await card.getByLabel('Custom units per US dollar').fill('0');
    await withNotice(page, /custom_currency_exchange_rate must be greater than 0/, () => card.getByRole('button', { name: 'Save' }).click(), 'error');
    expect((await pageApi<Record<string, unknown>>(page, 'GET', '/api/status')).data.custom_currency_exchange_rate).toBe(0.9);
    await page.context().close();
  });

  it('takes the model hub out of the top bar once root hides it, for visitors too', async () => {
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    await resetOptions(page, { HeaderNavModules: JSON.stringify(DEFAULT_HEADER_NAV_MODULES) });
    await headerLink(page, 'Model hub').waitFor();

    const card = page.getByTestId('settings-header-nav');
    await card.getByRole('switch', { name: 'Model hub' }).click();
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');
    await headerLink(page, 'Model hub').waitFor({ state: 'detached' });
    await expect(headerLink(page, 'Console').isVisible()).resolves.toBe(true);
    expect(JSON.parse((await pageApi<{ HeaderNavModules: string }>(page, 'GET', '/api/status')).data.HeaderNavModules).pricing).toEqual({ enabled: false, requireAuth: false });

    // Root still opens the page by its address; a visitor gets neither the link nor the page.
    await page.goto(`${site.server.baseUrl}/model-hub`);
    await page.getByRole('heading', { name: 'Model hub' }).waitFor();
    const visitor = await openPage(site.browser, { width: 1360, height: 900 });
    await visitor.goto(`${site.server.baseUrl}/model-hub`);
    await visitor.getByText('This page is not available').waitFor();
    await headerLink(visitor, 'Console').waitFor();
    await expect(headerLink(visitor, 'Model hub').count()).resolves.toBe(0);
    await visitor.context().close();
    await page.context().close();
  });

  /** Counts attempts: a retry registers a member of its own (the first one's name is taken). */
  let sidebarAttempt = 0;

  it('takes a switched-off sidebar entry away from everyone and its page from ordinary users', async () => {
    const n = ++sidebarAttempt;
    const member = { username: `navmember${n}`, password: 'member-pass-123' };
    await registerViaApi(site.server.baseUrl, member);
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=operation');
    await waitForPath(page, '/setting');
    await resetOptions(page, { SidebarModulesAdmin: JSON.stringify(DEFAULT_SIDEBAR_MODULES_ADMIN) });
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('Wallet', { exact: true }).waitFor();

    const card = page.getByTestId('settings-sidebar-modules');
    await card.getByRole('switch', { name: 'Wallet' }).click();
    await withNotice(page, 'Saved successfully', () => card.getByRole('button', { name: 'Save' }).click(), 'success');
    await sidebar.getByText('Wallet', { exact: true }).waitFor({ state: 'detached' });
    await page.goto(`${site.server.baseUrl}/topup`);
    await page.getByTestId('topup-balance').waitFor();

    const other = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(other, site.server.baseUrl, member.username, member.password, '/topup');
    await waitForPath(other, '/topup');
    await other.getByText('This page is not available').waitFor();
    await other.getByTestId('sidebar').getByText('API tokens', { exact: true }).waitFor();
    await expect(other.getByTestId('sidebar').getByText('Wallet', { exact: true }).count()).resolves.toBe(0);
    await other.context().close();
    await page.context().close();
  });
});
