import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { TokenView } from '@gw/contracts';
import { openPage, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { choosePeriod, enterNewSpendingLimit } from './support/spending-limit';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
/** $2.00 at the default 500000 quota per dollar (the remaining quota's default is $1.00, so the hints differ). */
const BUDGET = 1_000_000;

/**
 * A token's spending limit per period: root sets a daily limit in the token drawer, the list shows what the key
 * spent of it today and when it renews; edited to weekly the list follows, and "No limit" removes it.
 */
describe('token spending limit', () => {
  const site = useRootSite(ROOT);

  /** Counts attempts: a retry creates a token under a name of its own. */
  let attempt = 0;

  const tokenNamed = async (page: Page, name: string) =>
    (await pageApi<{ items: TokenView[] }>(page, 'GET', '/api/token/?p=0&size=50')).data.items.find((t) => t.name === name);


  it('creates a token with a daily limit, shows its use in the list and edits it to weekly', async () => {
    const name = `budget-key-${++attempt}`;
    const page = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/token');
    await waitForPath(page, '/token');
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();

    await page.getByRole('button', { name: 'Add token' }).click();
    const drawer = page.locator('.ant-drawer-open');
    await drawer.getByText('Create token').waitFor();
    await drawer.getByLabel('Name').fill(name);
    await enterNewSpendingLimit(page, drawer, page.getByTestId('token-submit'), 'Daily', BUDGET, 'Equals $2.00');
    await withNotice(page, 'Tokens created: 1', () => page.getByTestId('token-submit').click());

    const row = page.locator('tr.ant-table-row', { hasText: name });
    const usage = row.getByTestId('token-budget');
    await row.getByText('Today: $0.00 of $2.00').waitFor();
    const created = await tokenNamed(page, name);
    expect(created).toMatchObject({ budget_quota: BUDGET, budget_period: 'daily', budget_used: 0 });
    // Daily periods renew at the next 00:00 UTC.
    const now = new Date();
    expect(created!.budget_reset_time).toBe(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) / 1000);
    const renews = await page.evaluate((at) => new Date(at * 1000).toLocaleString('en'), created!.budget_reset_time);
    await usage.hover();
    await page.locator('.ant-tooltip').getByText(`Renews ${renews}`).waitFor();

    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByText('Edit token').waitFor();
    await drawer.locator('.ant-select', { hasText: 'Daily' }).waitFor();
    await expect(drawer.getByLabel('Limit per period', { exact: true }).inputValue()).resolves.toBe(String(BUDGET));
    await choosePeriod(page, drawer, 'Weekly');
    await withNotice(page, 'Token updated', () => page.getByTestId('token-submit').click());
    await row.getByText('This week: $0.00 of $2.00').waitFor();
    expect(await tokenNamed(page, name)).toMatchObject({ budget_quota: BUDGET, budget_period: 'weekly' });

    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByText('Edit token').waitFor();
    await choosePeriod(page, drawer, 'No limit');
    await withNotice(page, 'Token updated', () => page.getByTestId('token-submit').click());
    await usage.waitFor({ state: 'detached' });
    expect(await tokenNamed(page, name)).toMatchObject({ budget_quota: 0, budget_period: '', budget_reset_time: 0 });
    await page.context().close();
  });
});
