import { describe, expect, it } from 'vitest';
import { signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { useRootSite } from './support/server';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };

/** The wallet page's order list for administrators: find a pending order and mark it paid. */
describe('top-up orders for administrators', () => {
  const site = useRootSite(ROOT);

  it('finds a pending order and marks it paid, crediting the balance once', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1360, height: 900 } });
    const page = await context.newPage();
    await signIn(page, site.server.baseUrl, ROOT.username, ROOT.password, '/topup');
    await waitForPath(page, '/topup');
    // An EPay gateway that is never reached: the order stays pending, as when its notification is lost.
    for (const [key, value] of [['PayAddress', 'https://pay.example.invalid/'], ['EpayId', '1001'], ['EpayKey', 'epay-secret-key']]) {
      expect((await pageApi(page, 'PUT', '/api/option/', { key, value })).success).toBe(true);
    }
    const created = await pageApi<unknown>(page, 'POST', '/api/user/pay', { amount: 2, payment_method: 'alipay', top_up_code: '' });
    expect(created.success, created.message).toBe(true);
    const tradeNo = (created as unknown as { trade_no: string }).trade_no;
    const balance = async () => (await pageApi<{ quota: number }>(page, 'GET', '/api/user/self')).data.quota;
    const before = await balance();

    await page.reload();
    const card = page.getByTestId('all-orders-card');
    await card.getByLabel('Order number or username').fill(tradeNo.slice(0, 12));
    await card.getByLabel('Order number or username').press('Enter');
    const row = card.locator('tr.ant-table-row', { hasText: tradeNo });
    await row.getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await withNotice(page, `Order ${tradeNo} completed`, () => page.locator('.ant-popconfirm').getByRole('button', { name: 'Mark paid' }).click(), 'success');
    await row.getByText('Paid').waitFor();
    expect(await row.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    expect(await balance()).toBe(before + 2 * 500_000);
    // Among the pending orders it is no longer listed; among the paid ones it is.
    await card.getByLabel('Order status').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Pending' }).click();
    await row.waitFor({ state: 'detached' });
    await card.getByLabel('Order status').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'Paid' }).click();
    await row.getByText('Paid').waitFor();
    await context.close();
  });
});
