import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { UserView } from '@gw/contracts';
import { openPage, signIn, waitForPath, withNotice } from './support/browser';
import { createUserAs, pageApi } from './support/page-api';
import { choosePeriod, enterNewSpendingLimit } from './support/spending-limit';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const PASSWORD = 'spender-pass-1';
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
/** $2.00 at the default 500000 quota per dollar. */
const BUDGET = 1_000_000;

/** Unix seconds of the next 00:00 UTC `days` days after today's. */
const utcMidnightIn = (now: Date, days: number) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days) / 1000;

/**
 * A user's spending limit per period (for all of the user's keys together): root sets a daily limit in the user
 * editor, the user list shows what the user spent of it today and when it renews, and the user sees it in the
 * wallet; edited to weekly both follow, and "No limit" removes it.
 */
describe('user spending limit', () => {
  const site = useRootSite(ROOT);

  /** Counts attempts: a retry creates a user of its own (usernames are never reused). */
  let attempt = 0;

  const userById = async (page: Page, id: number) => (await pageApi<UserView>(page, 'GET', `/api/user/${id}`)).data;


  /** Opens the user's editor from its row of the user list. */
  async function openEditor(row: Locator, drawer: Locator): Promise<void> {
    await row.getByRole('button', { name: 'Edit' }).click();
    await drawer.getByText('Edit user').waitFor();
    await drawer.getByLabel('Spending limit per period').waitFor();
  }

  it('sets a daily limit on a user, shows its use in the list and the wallet, and edits it to weekly and to none', async () => {
    const username = `spender-${++attempt}`;
    const admin = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(admin, site.server.baseUrl, ROOT.username, ROOT.password, '/user');
    await waitForPath(admin, '/user');
    await createUserAs(admin, { username, password: PASSWORD });
    const found = await pageApi<{ items: UserView[] }>(admin, 'GET', `/api/user/search?keyword=${username}`);
    const id = found.data.items.find((u) => u.username === username)!.id;
    // A new user has no limit.
    expect(await userById(admin, id)).toMatchObject({ budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0 });

    await admin.goto(`${site.server.baseUrl}/user?keyword=${username}`);
    const row = admin.locator('tr.ant-table-row', { hasText: username });
    await row.waitFor();
    const usage = row.getByTestId('user-budget');
    await expect(usage.count()).resolves.toBe(0);

    const drawer = admin.locator('.ant-drawer-open');
    await openEditor(row, drawer);
    await drawer.getByText("Caps what all of this user's keys together may spend per period, on top of each key's own limit", { exact: false }).waitFor();
    await drawer.locator('.ant-select', { hasText: 'No limit' }).waitFor();
    await enterNewSpendingLimit(admin, drawer, admin.getByTestId('edit-user-submit'), 'Daily', BUDGET, 'Equals $2.00');
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/user-spending-limit-editor.png` });
    await withNotice(admin, 'User information updated successfully!', () => admin.getByTestId('edit-user-submit').click());
    await drawer.waitFor({ state: 'detached' });

    await row.getByText('Today: $0.00 of $2.00').waitFor();
    const daily = await userById(admin, id);
    expect(daily).toMatchObject({ budget_quota: BUDGET, budget_period: 'daily', budget_used: 0 });
    // Daily periods renew at the next 00:00 UTC.
    expect(daily.budget_reset_time).toBe(utcMidnightIn(new Date(), 1));
    const renews = await admin.evaluate((at) => new Date(at * 1000).toLocaleString('en'), daily.budget_reset_time);
    await usage.hover();
    await admin.locator('.ant-tooltip').getByText(`Renews ${renews}`).waitFor();
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/user-spending-limit-list.png` });

    // The user sees the limit where they look at their balance.
    const member = await openPage(site.browser, { width: 1360, height: 900 });
    await signIn(member, site.server.baseUrl, username, PASSWORD, '/topup');
    await waitForPath(member, '/topup');
    const wallet = member.getByTestId('topup-spending-limit');
    await wallet.getByText('Daily spending limit').waitFor();
    await wallet.getByText('$2.00', { exact: true }).waitFor();
    await wallet.getByTestId('topup-budget').getByText('Today: $0.00 of $2.00').waitFor();
    await wallet.getByText(`once it is spent, requests are refused until it renews (${renews})`, { exact: false }).waitFor();
    if (SCREENSHOTS) await member.screenshot({ path: `${SCREENSHOTS}/user-spending-limit-wallet.png` });
    expect((await pageApi<UserView>(member, 'GET', '/api/user/self')).data).toMatchObject({
      budget_quota: BUDGET, budget_period: 'daily', budget_used: 0, budget_reset_time: daily.budget_reset_time,
    });

    await openEditor(row, drawer);
    await drawer.locator('.ant-select', { hasText: 'Daily' }).waitFor();
    await expect(drawer.getByLabel('Limit per period', { exact: true }).inputValue()).resolves.toBe(String(BUDGET));
    await choosePeriod(admin, drawer, 'Weekly');
    await withNotice(admin, 'User information updated successfully!', () => admin.getByTestId('edit-user-submit').click());
    await drawer.waitFor({ state: 'detached' });
    await row.getByText('This week: $0.00 of $2.00').waitFor();
    const weekly = await userById(admin, id);
    expect(weekly).toMatchObject({ budget_quota: BUDGET, budget_period: 'weekly', budget_used: 0 });
    // Weeks renew on the next Monday at 00:00 UTC.
    const now = new Date();
    expect(weekly.budget_reset_time).toBe(utcMidnightIn(now, (8 - now.getUTCDay()) % 7 || 7));
    await member.reload();
    await wallet.getByText('Weekly spending limit').waitFor();
    await wallet.getByTestId('topup-budget').getByText('This week: $0.00 of $2.00').waitFor();

    // Starting the period over keeps the limit and is logged (the relay tests spend before they reset).
    await row.getByTestId('user-reset-spending').click();
    await withNotice(admin, 'Operation successful', () => admin.locator('.ant-popconfirm').getByRole('button', { name: 'Reset spending' }).click());
    const logs = await pageApi<{ items: { content: string }[] }>(admin, 'GET', `/api/log/?p=1&page_size=20&type=3&username=${username}`);
    expect(logs.data.items.map((l) => l.content)).toContainEqual(expect.stringContaining(`reset this week's spending (0 of ${BUDGET} spent)`));
    expect(await userById(admin, id)).toMatchObject({ budget_quota: BUDGET, budget_period: 'weekly', budget_used: 0 });
    await row.getByText('This week: $0.00 of $2.00').waitFor();

    await openEditor(row, drawer);
    await drawer.locator('.ant-select', { hasText: 'Weekly' }).waitFor();
    await choosePeriod(admin, drawer, 'No limit');
    // The field goes with the period's next render.
    await drawer.getByLabel('Limit per period', { exact: true }).waitFor({ state: 'detached' });
    await withNotice(admin, 'User information updated successfully!', () => admin.getByTestId('edit-user-submit').click());
    await drawer.waitFor({ state: 'detached' });
    await usage.waitFor({ state: 'detached' });
    expect(await userById(admin, id)).toMatchObject({ budget_quota: 0, budget_period: '', budget_reset_time: 0 });
    await member.reload();
    await member.getByTestId('topup-balance').waitFor();
    await expect(wallet.count()).resolves.toBe(0);

    await member.context().close();
    await admin.context().close();
  });
});
