import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, shownAfter, signIn, waitForPath } from './support/browser';
import { pageApi } from './support/page-api';
import { registerViaApi, setupViaApi, startServer, type RunningServer } from './support/server';
import { startFakeStripe, type FakeStripe } from '../packages/server/test/fake-stripe';
import { startFakeCreem, type FakeCreem } from '../packages/server/test/fake-creem';

const ROOT = { username: 'rootadmin', password: 'root-pass-123' };
const BUYER = { username: 'grace', password: 'grace-pass-123' };

/**
 * The administrator sets up Stripe in the settings; a user pays through (fake) Stripe Checkout and is credited
 * by its signed webhook, then buys a (fake) Creem product the same way.
 */
describe('top-up through Stripe Checkout and Creem', () => {
  let stripe: FakeStripe;
  let creem: FakeCreem;
  let server: RunningServer;
  let browser: Browser;
  let admin: Page;
  let buyerContext: BrowserContext;
  let buyer: Page;

  beforeAll(async () => {
    stripe = await startFakeStripe({ unitAmountCents: 800 });
    creem = await startFakeCreem([{ id: 'prod_starter', name: 'Starter pack', price: 499, currency: 'USD' }]);
    server = await startServer({ env: { STRIPE_API_BASE_URL: stripe.url, CREEM_API_BASE_URL: creem.url } });
    await setupViaApi(server.baseUrl, ROOT);
    await registerViaApi(server.baseUrl, BUYER);
    browser = await launchBrowser();
    admin = await browser.newPage({ viewport: { width: 1360, height: 900 } });
    buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    buyer = await buyerContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await stripe?.close();
    await creem?.close();
  });

  it('saves the Stripe keys, price and unit price in the payment settings, never showing the secrets again', async () => {
    await signIn(admin, server.baseUrl, ROOT.username, ROOT.password, '/setting?tab=system');
    await waitForPath(admin, '/setting');
    expect((await pageApi(admin, 'PUT', '/api/option/', { key: 'ServerAddress', value: server.baseUrl })).success).toBe(true);
    const section = admin.getByTestId('settings-stripe');
    await section.getByText(`${server.baseUrl}/api/stripe/webhook`).waitFor();
    await section.getByLabel('Secret key').fill(stripe.secretKey);
    await section.getByLabel('Webhook signing secret').fill(stripe.webhookSecret);
    await section.getByLabel('Price id').fill(stripe.priceId);
    await section.getByLabel('Unit price').fill('8');
    await shownAfter(admin.getByText('Saved successfully').first(), () => section.getByRole('button', { name: 'Save' }).click());
    await expect(section.getByLabel('Secret key').inputValue()).resolves.toBe('');

    const options = await pageApi<{ key: string; value: string }[]>(admin, 'GET', '/api/option/');
    expect(JSON.stringify(options.data)).not.toContain(stripe.secretKey);
    expect(options.data?.find((o) => o.key === 'StripePriceId')?.value).toBe(stripe.priceId);
  });

  it('pays $10 on Stripe\'s page, and the signed webhook raises the balance on the wallet page', async () => {
    // A retry starts again from an empty balance (an earlier attempt may have been credited).
    const found = await pageApi<{ items: { id: number; username: string }[] }>(admin, 'GET', `/api/user/search?keyword=${BUYER.username}`);
    const emptied = await pageApi(admin, 'PUT', '/api/user/', { id: found.data.items.find((u) => u.username === BUYER.username)!.id, quota: 0 });
    expect(emptied.success, emptied.message).toBe(true);
    await signIn(buyer, server.baseUrl, BUYER.username, BUYER.password, '/topup');
    await waitForPath(buyer, '/topup');
    await buyer.getByTestId('topup-balance').getByText('$0.00').waitFor();
    const card = buyer.getByTestId('stripe-topup');
    await card.getByLabel('Stripe top-up amount').fill('10');
    await card.getByTestId('stripe-topup-pay').click();
    const confirm = buyer.locator('.ant-modal', { hasText: 'Confirm payment' });
    await confirm.getByText('Top up $10 for 80.00 with Stripe?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Continue to Stripe' }).click();

    await buyer.waitForURL((url) => url.origin === stripe.url && url.pathname.startsWith('/c/pay/'));
    await buyer.getByText('Pay 80.00 USD').waitFor();
    const session = stripe.sessions.get(new URL(buyer.url()).pathname.split('/').pop()!)!;
    expect(session).toMatchObject({ quantity: 10, price: stripe.priceId, success_url: expect.stringMatching(new RegExp(`^${server.baseUrl}/topup\\?trade_no=ref_`)) });

    // Stripe tells the gateway first, then sends the buyer back.
    const forged = await stripe.deliver(`${server.baseUrl}/api/stripe/webhook`, 'checkout.session.completed', session.id, { secret: 'whsec_not_ours' });
    expect(forged.status).toBe(400);
    const delivered = await stripe.deliver(`${server.baseUrl}/api/stripe/webhook`, 'checkout.session.completed', session.id);
    expect(delivered).toMatchObject({ status: 200 });
    expect(JSON.parse(delivered.body)).toMatchObject({ success: true, message: 'credited' });
    await buyer.goto(session.success_url);
    await waitForPath(buyer, '/topup');
    await buyer.getByTestId('payment-confirmed').getByText('Payment received: $10 added to your balance').waitFor();
    await buyer.getByTestId('topup-balance').getByText('$10.00').waitFor();

    // A replayed delivery changes nothing.
    expect(JSON.parse((await stripe.deliver(`${server.baseUrl}/api/stripe/webhook`, 'checkout.session.completed', session.id)).body)).toMatchObject({ message: 'already_credited' });
    await buyer.reload();
    await buyer.getByTestId('topup-balance').getByText('$10.00').waitFor();
  });

  it('buys a Creem product from its card, and the signed webhook adds the product\'s quota', async () => {
    const products = [{ productId: 'prod_starter', name: 'Starter pack', price: 4.99, currency: 'USD', quota: 2_500_000 }];
    const saved = await pageApi(admin, 'PUT', '/api/option/', [
      { key: 'CreemApiKey', value: creem.apiKey },
      { key: 'CreemWebhookSecret', value: creem.webhookSecret },
      { key: 'CreemProducts', value: JSON.stringify(products) },
    ]);
    expect(saved.success).toBe(true);
    await buyer.goto(`${server.baseUrl}/topup`);
    // The balance before ($10 from the Stripe payment; more on a retry whose earlier attempt was credited).
    const before = (await pageApi<{ quota: number }>(buyer, 'GET', '/api/user/self')).data.quota;
    const card = buyer.getByTestId('creem-product-prod_starter');
    await card.getByText('4.99 USD').waitFor();
    await card.getByText('Adds $5.00 to your balance').waitFor();
    await card.getByRole('button', { name: 'Buy' }).click();
    const confirm = buyer.locator('.ant-modal', { hasText: 'Confirm purchase' });
    await confirm.getByRole('button', { name: 'Continue to Creem' }).click();

    await buyer.waitForURL((url) => url.origin === creem.url && url.pathname.startsWith('/checkout/'));
    await buyer.getByText('Buy Starter pack for 4.99 USD').waitFor();
    const checkout = creem.checkouts.get(new URL(buyer.url()).pathname.split('/').pop()!)!;
    const delivered = await creem.deliver(`${server.baseUrl}/api/creem/webhook`, checkout.id);
    expect(JSON.parse(delivered.body)).toMatchObject({ success: true, message: 'credited' });
    await buyer.goto(checkout.success_url!);
    await buyer.getByTestId('payment-confirmed').getByText('Payment received: $5.00 added to your balance').waitFor();
    await buyer.getByTestId('topup-balance').getByText(`$${((before + 2_500_000) / 500_000).toFixed(2)}`).waitFor();
  });
});
