import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PageResult, SubscriptionPlanItem, SubscriptionSelfView, SubscriptionSummary, UserView } from '@gw/contracts';
import { openPage, signIn, waitForPath, withNotice } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, useRootSite } from './support/server';

const ROOT = { username: 'subsroot', password: 'root-pass-123' };
const MEMBER = { username: 'subsmember', password: 'member-pass-123' };
const PLAN = 'E2E Pro';
/** $100 at the default 500000 quota per dollar. */
const WALLET = 50_000_000;
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;

/**
 * Subscription plans (new-api's /api/subscription): the root user creates a plan on the Subscriptions page
 * and gives it to a member from the user list (ending and deleting other given ones there); the member then
 * sees it under My subscriptions in the wallet, changes the billing preference and buys the plan with the
 * wallet balance, then pays for it online while an administrator marks the order paid from the order list.
 */
describe('subscription plans', () => {
  const site = useRootSite(ROOT);
  let admin: Page;
  let memberId = 0;

  /** Closes any open Select option list (open, it can lie over the buttons below it). */
  const closeDropdowns = async (page: Page, elsewhere: () => Promise<void>) => {
    await elsewhere();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').first().waitFor({ state: 'hidden' });
  };
  const pick = async (page: Page, option: string) => {
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
  };

  beforeAll(async () => {
    admin = await openPage(site.browser, { width: 1440, height: 900 });
    await registerViaApi(site.server.baseUrl, MEMBER);
  });

  it('creates a plan on the Subscriptions page and takes it off sale and back', async () => {
    await signIn(admin, site.server.baseUrl, ROOT.username, ROOT.password);
    await waitForPath(admin, '/token');
    await admin.getByTestId('sidebar').getByText('Subscriptions', { exact: true }).click();
    await waitForPath(admin, '/subscription');
    const card = admin.getByTestId('subscription-plans');
    await card.getByText('No plans yet').waitFor();

    await card.getByRole('button', { name: 'Add plan' }).click();
    const dialog = admin.locator('.ant-modal', { hasText: 'Add subscription plan' });
    // Without a title, nothing is sent.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a title').waitFor();

    await dialog.getByLabel('Title', { exact: true }).fill(PLAN);
    await dialog.getByLabel('Subtitle').fill('For the e2e test');
    await dialog.getByLabel('Price', { exact: true }).fill('2');
    await dialog.getByLabel('Duration unit').click();
    await pick(admin, 'Days');
    await closeDropdowns(admin, () => dialog.getByText('Add subscription plan').click());
    await dialog.getByLabel('Duration', { exact: true }).fill('30');
    await dialog.getByLabel('Budget (quota)').fill('5000000');
    await dialog.getByText('= $10.00').waitFor();
    // A custom reset period takes seconds, at least 60.
    await dialog.getByLabel('Budget reset').click();
    await pick(admin, 'Custom period');
    await closeDropdowns(admin, () => dialog.getByText('Add subscription plan').click());
    await dialog.getByLabel('Reset every (seconds)').fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter at least 60 seconds').waitFor();
    await dialog.getByLabel('Reset every (seconds)').fill('7200');
    await dialog.getByText('= 2 hours').waitFor();
    await dialog.getByLabel('Upgrade group').click();
    await pick(admin, 'default');
    await closeDropdowns(admin, () => dialog.getByText('Add subscription plan').click());
    await dialog.getByLabel('Purchase limit per user').fill('5');
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/subscription-plan-dialog.png` });
    await withNotice(admin, 'Plan created', () => dialog.getByRole('button', { name: 'Save' }).click());
    await dialog.waitFor({ state: 'hidden' });

    const row = card.locator('tr.ant-table-row', { hasText: PLAN });
    for (const text of ['2 USD', '30 days', '$10.00', 'Resets every 2 hours', 'default']) await row.getByText(text, { exact: true }).waitFor();
    const plans = async () => (await pageApi<SubscriptionPlanItem[]>(admin, 'GET', '/api/subscription/admin/plans')).data.map((p) => p.plan);
    expect((await plans()).map((p) => [p.title, p.subtitle, p.price_amount, p.currency, p.duration_unit, p.duration_value, p.total_amount, p.quota_reset_period, p.quota_reset_custom_seconds, p.upgrade_group, p.max_purchase_per_user, p.enabled])).toEqual([
      [PLAN, 'For the e2e test', 2, 'USD', 'day', 30, 5_000_000, 'custom', 7200, 'default', 5, true],
    ]);

    await withNotice(admin, 'The plan is off sale', () => row.getByRole('switch').click());
    expect((await plans())[0].enabled).toBe(false);
    await withNotice(admin, 'The plan is on sale', () => row.getByRole('switch').click());
    expect((await plans())[0].enabled).toBe(true);
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/subscription-plans.png` });
  });

  it('gives the plan to a member from the user list, and ends and deletes other given ones', async () => {
    const users = (await pageApi<PageResult<UserView>>(admin, 'GET', `/api/user/search?keyword=${MEMBER.username}&p=1&page_size=10`)).data.items;
    memberId = users.find((u) => u.username === MEMBER.username)!.id;
    await admin.goto(`${site.server.baseUrl}/user`);
    const row = admin.locator('tr.ant-table-row', { hasText: MEMBER.username });
    await row.getByRole('button', { name: 'Subscriptions' }).click();
    const modal = admin.locator('.ant-modal', { hasText: `Subscriptions of ${MEMBER.username}` });
    await modal.getByText('No subscriptions').waitFor();

    const give = async () => {
      await modal.getByLabel('Choose a plan to give').click();
      await pick(admin, PLAN);
      await closeDropdowns(admin, () => modal.getByText(`Subscriptions of ${MEMBER.username}`).click());
      await withNotice(admin, 'Plan given', () => modal.getByTestId('give-plan').click());
    };
    for (let i = 0; i < 3; i++) await give();
    const listed = async () => (await pageApi<SubscriptionSummary[]>(admin, 'GET', `/api/subscription/admin/users/${memberId}/subscriptions`)).data.map((s) => s.subscription);
    const given = (await listed()).map((s) => s.id).sort((a, b) => a - b);
    expect(given).toHaveLength(3);
    const subRow = (id: number) => modal.locator('tr.ant-table-row', { has: admin.getByRole('cell', { name: String(id), exact: true }) });
    await subRow(given[0]).getByText('Given by an administrator').waitFor();
    await subRow(given[0]).getByText('$0.00 / $10.00').waitFor();

    // The second is ended now, the third deleted; each asks first.
    await subRow(given[1]).getByRole('button', { name: 'Invalidate' }).click();
    await withNotice(admin, 'Subscription ended', () => admin.locator('.ant-popconfirm').getByRole('button', { name: 'Invalidate' }).click());
    await subRow(given[1]).getByText('Ended early').waitFor();
    await subRow(given[2]).getByRole('button', { name: 'Delete' }).click();
    await withNotice(admin, 'Subscription deleted', () => admin.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click());
    await subRow(given[2]).waitFor({ state: 'detached' });
    expect((await listed()).map((s) => [s.id, s.status, s.source]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([
      [given[0], 'active', 'admin'],
      [given[1], 'cancelled', 'admin'],
    ]);
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/user-subscriptions.png` });
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    // Enough wallet quota for the member to buy the plan with the balance.
    const topped = await pageApi(admin, 'PUT', '/api/user/', { id: memberId, quota: WALLET });
    expect(topped.success).toBe(true);
  });

  it('shows the member the subscription, saves the billing preference, and buys the plan with the balance', async () => {
    const member = await openPage(site.browser, { width: 1280, height: 900 });
    await signIn(member, site.server.baseUrl, MEMBER.username, MEMBER.password, '/topup');
    await waitForPath(member, '/topup');
    const card = member.getByTestId('subscriptions-card');
    const mine = card.getByTestId('my-subscriptions');
    await mine.getByText(PLAN, { exact: true }).first().waitFor();
    await mine.getByText('$0.00 / $10.00').first().waitFor();
    await mine.getByText(/^Ends /).first().waitFor();
    // The ended one is folded away.
    await mine.getByText('Ended subscriptions (1)').click();
    await mine.getByText('Ended early').waitFor();

    const preference = card.getByTestId('billing-preference');
    await preference.getByText('Subscription first, then wallet').waitFor();
    await preference.click();
    await withNotice(member, 'Billing preference saved', () => pick(member, 'Wallet only'));
    await preference.getByText('Wallet only').waitFor();
    const self = async () => (await pageApi<SubscriptionSelfView>(member, 'GET', '/api/subscription/self')).data;
    expect((await self()).billing_preference).toBe('wallet_only');

    const offer = card.locator('[data-testid^="subscription-plan-"]', { hasText: PLAN });
    for (const text of ['For the e2e test', '2 USD', 'Duration: 30 days', 'Budget: $10.00', 'Resets every 2 hours']) await offer.getByText(text, { exact: true }).waitFor();
    await offer.getByRole('button', { name: 'Buy with balance' }).click();
    const confirm = member.locator('.ant-modal-confirm', { hasText: `Buy ${PLAN}?` });
    await confirm.getByText('$2.00 will be taken from your wallet balance (price 2 USD).').waitFor();
    if (SCREENSHOTS) await member.screenshot({ path: `${SCREENSHOTS}/subscription-buy.png`, fullPage: true });
    await withNotice(member, `${PLAN} bought`, () => confirm.getByRole('button', { name: 'Pay' }).click());
    await confirm.waitFor({ state: 'hidden' });

    await mine.locator('[data-testid^="my-subscription-"]', { hasText: 'Active' }).nth(1).waitFor();
    await member.getByTestId('topup-balance').getByText('$98.00').waitFor();
    const after = await self();
    expect(after.subscriptions.map((s) => s.subscription.source).sort()).toEqual(['admin', 'balance']);
    const me = (await pageApi<UserView>(member, 'GET', '/api/user/self')).data;
    expect(me.quota).toBe(WALLET - 1_000_000);
    if (SCREENSHOTS) await member.screenshot({ path: `${SCREENSHOTS}/wallet-subscriptions.png`, fullPage: true });
    await member.context().close();
  });

  it('follows an online payment back to the wallet while an administrator marks the pending order paid', async () => {
    // An EPay gateway that is never reached: the order stays pending, as when its notification is lost.
    for (const [key, value] of [['PayAddress', 'https://pay.example.invalid/'], ['EpayId', '1001'], ['EpayKey', 'epay-secret-key']]) {
      expect((await pageApi(admin, 'PUT', '/api/option/', { key, value })).success).toBe(true);
    }
    const member = await openPage(site.browser, { width: 1280, height: 900 });
    await signIn(member, site.server.baseUrl, MEMBER.username, MEMBER.password, '/topup');
    await waitForPath(member, '/topup');
    const plan = (await pageApi<SubscriptionPlanItem[]>(member, 'GET', '/api/subscription/plans')).data.find((p) => p.plan.title === PLAN)!.plan;
    const created = await pageApi<unknown>(member, 'POST', '/api/subscription/epay/pay', { plan_id: plan.id, payment_method: 'alipay' });
    expect(created.success, created.message).toBe(true);
    const tradeNo = (created as unknown as { trade_no: string }).trade_no;
    const fromOrders = async () => (await pageApi<SubscriptionSelfView>(member, 'GET', '/api/subscription/self')).data.subscriptions.filter((s) => s.subscription.source === 'order').length;
    const bought = await fromOrders();

    // The browser is back before the gateway confirmed the payment.
    await member.goto(`${site.server.baseUrl}/topup?pay=pending&trade_no=${tradeNo}`);
    await member.getByTestId('subscription-payment-pending').getByText('Waiting for the payment confirmation…').waitFor();

    await admin.goto(`${site.server.baseUrl}/subscription?tab=orders`);
    const orders = admin.getByTestId('subscription-orders');
    await orders.getByLabel('Order number or username').fill(tradeNo);
    await orders.getByLabel('Order number or username').press('Enter');
    const row = orders.locator('tr.ant-table-row', { hasText: tradeNo });
    for (const text of ['Pending', PLAN, MEMBER.username, '2.00', 'alipay']) await row.getByText(text, { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await admin.locator('.ant-popconfirm').getByText(`Mark order ${tradeNo} paid and start the subscription to ${PLAN}?`, { exact: false }).waitFor();
    await withNotice(admin, `Order ${tradeNo} completed`, () => admin.locator('.ant-popconfirm').getByRole('button', { name: 'Mark paid' }).click(), 'success');
    await row.getByText('Paid', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    // Filtered to pending orders, it is gone.
    await orders.getByLabel('Order status').click();
    await pick(admin, 'Pending');
    await row.waitFor({ state: 'detached' });
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/subscription-orders.png` });

    // The member's notice follows the order and the wallet lists the subscription.
    await member.getByTestId('subscription-payment-confirmed').getByText(`Payment received: your subscription to ${PLAN} is active`).waitFor();
    expect(await fromOrders()).toBe(bought + 1);

    // The member's payment history lists the plan order; they never topped up online.
    await member.getByTestId('payment-history').click();
    const history = member.locator('.ant-modal', { hasText: 'Payment history' });
    await history.getByText('No payments yet').waitFor();
    await history.getByRole('tab', { name: 'Plan orders' }).click();
    const order = history.locator('tr.ant-table-row', { hasText: tradeNo });
    for (const text of [PLAN, '2.00', 'alipay', 'Paid']) await order.getByText(text, { exact: true }).waitFor();
    if (SCREENSHOTS) await member.screenshot({ path: `${SCREENSHOTS}/payment-history.png` });
    await member.context().close();
  });

  it('resets the budgets of a plan for everyone from the plans page, and of one member from the user list', async () => {
    const planId = (await pageApi<SubscriptionPlanItem[]>(admin, 'GET', '/api/subscription/admin/plans')).data.find((p) => p.plan.title === PLAN)!.plan.id;
    const held = async () => (await pageApi<SubscriptionSummary[]>(admin, 'GET', `/api/subscription/admin/users/${memberId}/subscriptions`)).data.map((s) => s.subscription).filter((s) => s.plan_id === planId && s.status === 'active');
    const active = (await held()).length;
    expect(active).toBeGreaterThan(0);
    const startedAt = Math.floor(Date.now() / 1000);

    await admin.goto(`${site.server.baseUrl}/subscription`);
    await admin.getByTestId(`reset-plan-${planId}`).click();
    const confirm = admin.locator('.ant-popconfirm:visible');
    await confirm.getByText(`The used amount of every active subscription to ${PLAN} goes back to 0.`).waitFor();
    await expect(confirm.getByRole('checkbox', { name: 'Start the reset period again from now' }).isChecked()).resolves.toBe(true);
    await withNotice(admin, `Reset ${active} subscription${active === 1 ? '' : 's'} of 1 user(s)`, () => confirm.getByRole('button', { name: 'Reset' }).click());
    // The plan resets every 2 hours: the next reset is two hours from this one.
    for (const s of await held()) {
      expect(s.amount_used).toBe(0);
      expect(s.last_reset_time).toBeGreaterThanOrEqual(startedAt);
      expect(s.next_reset_time).toBe(s.last_reset_time + 7200);
    }

    const before = await held();
    await admin.goto(`${site.server.baseUrl}/user`);
    await admin.locator('tr.ant-table-row', { hasText: MEMBER.username }).getByRole('button', { name: 'Subscriptions' }).click();
    const modal = admin.locator('.ant-modal', { hasText: `Subscriptions of ${MEMBER.username}` });
    await modal.getByTestId(`reset-subscription-${before[0]!.id}`).click();
    const rowConfirm = admin.locator('.ant-popconfirm:visible');
    await rowConfirm.getByText(`The used amount of this user's active subscriptions to ${PLAN} goes back to 0.`).waitFor();
    await rowConfirm.getByRole('checkbox', { name: 'Start the reset period again from now' }).uncheck();
    await withNotice(admin, `Reset ${active} subscription${active === 1 ? '' : 's'} of 1 user(s)`, () => rowConfirm.getByRole('button', { name: 'Reset' }).click());
    // Without restarting the period, the reset times stay as they were.
    expect((await held()).map((s) => [s.id, s.next_reset_time])).toEqual(before.map((s) => [s.id, s.next_reset_time]));
    if (SCREENSHOTS) await admin.screenshot({ path: `${SCREENSHOTS}/user-subscriptions-reset.png` });
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  });
});
