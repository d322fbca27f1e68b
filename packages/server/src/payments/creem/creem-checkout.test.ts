import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutFailure, LogType, Role, TopUpFailure, TopUpStatus } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';
import { startFakeCreem, type FakeCreem } from '../../../test/fake-creem.js';
import { call, callJson, userRow } from '../../users/users.test-helpers.js';
import { creemApiBase } from './creem-client.js';

const SERVER = 'https://gw.example.com';
const PRODUCTS = [
  { productId: 'prod_small', name: 'Starter pack', price: 4.99, currency: 'USD', quota: 2_500_000 },
  { productId: 'prod_large', name: 'Pro pack', price: 19.99, currency: 'EUR', quota: 12_000_000 },
];

describe.each(testDialects())('top-up through Creem (%s)', (dialect) => {
  let ctx: TestContext;
  let creem: FakeCreem;
  let root: Member;

  beforeAll(async () => {
    creem = await startFakeCreem([
      { id: 'prod_small', name: 'Starter pack', price: 499, currency: 'USD' },
      { id: 'prod_large', name: 'Pro pack', price: 1999, currency: 'EUR' },
    ]);
    ctx = await createTestContext(dialect, { creemApiBaseUrl: creem.url });
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
  });
  afterAll(async () => {
    await ctx?.close();
    await creem?.close();
  });

  const configure = (extra: Record<string, unknown> = {}) =>
    ctx.services.options.set({ CreemApiKey: creem.apiKey, CreemWebhookSecret: creem.webhookSecret, CreemProducts: PRODUCTS, ServerAddress: SERVER, ...extra });
  const orderOf = (tradeNo: string) => ctx.db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const ordersOf = (userId: number) => ctx.db.selectFrom('top_ups').selectAll().where('user_id', '=', userId).execute();
  const topUpLogs = (userId: number) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.TopUp).execute();
  const webhook = (body: string, signature?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/creem/webhook', headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'creem-signature': signature }) }, payload: body });

  /** Buys a product through the API; answers our order number and the fake's checkout id. */
  async function buy(who: Member, productId: string) {
    const body = await callJson(ctx, 'POST', '/api/user/creem/pay', who, { product_id: productId, payment_method: 'creem' });
    expect(body, body.message).toMatchObject({ success: true, message: 'success' });
    const checkout = creem.checkoutFor(body.data.order_id)!;
    expect(body.data.checkout_url).toBe(checkout.checkout_url);
    return { tradeNo: body.data.order_id as string, checkoutId: checkout.id };
  }

  it('is off until the API key, webhook secret and products are set, and lists the products without secrets', async () => {
    const u = await member(ctx);
    expect((await callJson(ctx, 'GET', '/api/user/topup/info', u)).data).toMatchObject({ enable_creem_topup: false, creem_products: '[]' });
    expect(await callJson(ctx, 'POST', '/api/user/creem/pay', u, { product_id: 'prod_small', payment_method: 'creem' })).toMatchObject({ success: false, message: CheckoutFailure.CreemNotEnabled });
    await configure({ CreemWebhookSecret: '' });
    expect((await callJson(ctx, 'GET', '/api/user/topup/info', u)).data.enable_creem_topup).toBe(false);
    await configure();
    const res = await call(ctx, 'GET', '/api/user/topup/info', u);
    expect(res.json().data.enable_creem_topup).toBe(true);
    expect(JSON.parse(res.json().data.creem_products)).toEqual(PRODUCTS);
    expect(res.body).not.toContain(creem.apiKey);
    expect(res.body).not.toContain(creem.webhookSecret);
    const options = await call(ctx, 'GET', '/api/option/', root);
    expect(options.body).not.toContain(creem.apiKey);
    expect(options.body).not.toContain(creem.webhookSecret);
    expect((options.json().data as { key: string }[]).map((o) => o.key)).toEqual(expect.arrayContaining(['CreemProducts', 'CreemTestMode']));
  });

  const badProducts: [string, unknown, string][] = [
    ['text that is not JSON', '[{', 'CreemProducts is not a legal JSON string'],
    ['an object instead of a list', '{"productId":"p"}', 'CreemProducts must be a JSON list of products'],
    ['a product without an id', [{ name: 'A', price: 1, currency: 'USD', quota: 5 }], 'CreemProducts.0.productId: productId is required'],
    ['a negative price', [{ productId: 'p', name: 'A', price: -1, currency: 'USD', quota: 5 }], 'CreemProducts.0.price: price must be above 0'],
    ['a lower-case currency', [{ productId: 'p', name: 'A', price: 1, currency: 'usd', quota: 5 }], 'currency must be a three-letter code'],
    ['a fractional quota', [{ productId: 'p', name: 'A', price: 1, currency: 'USD', quota: 1.5 }], 'CreemProducts.0.quota: quota must be a whole number'],
    ['the same id twice', [PRODUCTS[0], { ...PRODUCTS[1], productId: 'prod_small' }], 'CreemProducts.1.productId: productId prod_small is listed twice'],
  ];
  it.each(badProducts)('refuses CreemProducts with %s', async (_what, value, message) => {
    const res = await call(ctx, 'PUT', '/api/option/', root, { key: 'CreemProducts', value: typeof value === 'string' ? value : JSON.stringify(value) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
  });

  it('creates a pending order for the product and a Creem checkout in production or test mode', async () => {
    await configure();
    const u = await member(ctx, { email: 'buyer@example.com' });
    const { tradeNo, checkoutId } = await buy(u, 'prod_large');
    expect(tradeNo).toMatch(/^ref_[0-9a-f]{40}$/);
    expect(creem.requests.at(-1)).toEqual({
      apiKey: creem.apiKey,
      body: {
        product_id: 'prod_large',
        request_id: tradeNo,
        success_url: `${SERVER}/topup?trade_no=${tradeNo}`,
        customer: { email: 'buyer@example.com' },
        metadata: { username: u.username, reference_id: tradeNo, product_name: 'Pro pack', quota: '12000000' },
      },
    });
    expect(creem.checkouts.get(checkoutId)!.request_id).toBe(tradeNo);
    expect(await orderOf(tradeNo)).toMatchObject({ user_id: u.id, amount: 12_000_000, money: 19.99, payment_method: 'creem', status: TopUpStatus.Pending });
  });

  it('refuses a product that is not offered and another payment method, creating no order', async () => {
    await configure();
    const u = await member(ctx);
    expect(await callJson(ctx, 'POST', '/api/user/creem/pay', u, { product_id: 'prod_missing', payment_method: 'creem' })).toMatchObject({ success: false, message: CheckoutFailure.UnknownProduct });
    expect(await callJson(ctx, 'POST', '/api/user/creem/pay', u, { product_id: '' })).toMatchObject({ success: false, message: 'product_id: choose a product' });
    expect(await callJson(ctx, 'POST', '/api/user/creem/pay', u, { product_id: 'prod_small', payment_method: 'stripe' })).toMatchObject({ success: false, message: TopUpFailure.UnknownMethod });
    expect(await ordersOf(u.id)).toEqual([]);
  });

  it('answers Creem\'s refusal as a clear message and closes the order as failed', async () => {
    await configure({ CreemProducts: [...PRODUCTS, { productId: 'prod_gone', name: 'Gone', price: 1, currency: 'USD', quota: 10 }] });
    const u = await member(ctx);
    const res = await call(ctx, 'POST', '/api/user/creem/pay', u, { product_id: 'prod_gone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: 'Creem could not start the payment: Product not found' });
    expect(await ordersOf(u.id)).toEqual([expect.objectContaining({ status: TopUpStatus.Failed })]);
    await configure({ CreemApiKey: 'creem_wrong_key' });
    expect(await callJson(ctx, 'POST', '/api/user/creem/pay', u, { product_id: 'prod_small' })).toMatchObject({ success: false, message: 'Creem could not start the payment: Invalid API key' });
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
  });

  it('credits the product\'s quota once on checkout.completed, with a top-up log, whatever the replays', async () => {
    await configure();
    const u = await member(ctx, { quota: 7 });
    const { tradeNo, checkoutId } = await buy(u, 'prod_small');
    const body = creem.completedEvent(checkoutId);
    const first = await webhook(body, creem.sign(body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'credited' });
    expect((await userRow(ctx, u.id))!.quota).toBe(7 + 2_500_000);
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Success });
    const [log, ...more] = await topUpLogs(u.id);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ quota: 2_500_000, username: u.username });
    expect(log.content).toContain('paid 4.99 USD via Creem for Starter pack');
    expect(JSON.parse(log.other ?? '')).toMatchObject({ trade_no: tradeNo, checkout_id: checkoutId, amount_paid: 499 });
    expect((await webhook(body, creem.sign(body))).json()).toMatchObject({ message: 'already_credited' });
    expect((await userRow(ctx, u.id))!.quota).toBe(7 + 2_500_000);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('credits once when the same webhook arrives many times at once', async () => {
    await configure();
    const u = await member(ctx);
    const { checkoutId } = await buy(u, 'prod_small');
    const body = creem.completedEvent(checkoutId);
    const replies = await Promise.all(Array.from({ length: 8 }, () => webhook(body, creem.sign(body))));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => r.json().message === 'credited')).toHaveLength(1);
    expect((await userRow(ctx, u.id))!.quota).toBe(2_500_000);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('keeps the quota the order was placed with when the product changes before payment', async () => {
    await configure();
    const u = await member(ctx);
    const { checkoutId } = await buy(u, 'prod_small');
    await configure({ CreemProducts: [{ ...PRODUCTS[0], quota: 99_000_000 }] });
    const body = creem.completedEvent(checkoutId);
    expect((await webhook(body, creem.sign(body))).json()).toMatchObject({ message: 'credited' });
    expect((await userRow(ctx, u.id))!.quota).toBe(2_500_000);
  });

  it('refuses a bad or missing signature and a changed body, and ignores unpaid orders and other events', async () => {
    await configure();
    const u = await member(ctx);
    const { tradeNo, checkoutId } = await buy(u, 'prod_small');
    const body = creem.completedEvent(checkoutId);
    const refused = [
      await webhook(body, creem.sign(body, 'someone-else')),
      await webhook(body),
      await webhook(body.replace('"paid"', '"PAID"'), creem.sign(body)),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400]);
    expect(refused[0].json()).toEqual({ success: false, message: 'invalid webhook signature' });
    const unpaid = creem.completedEvent(checkoutId, { status: 'pending' });
    expect((await webhook(unpaid, creem.sign(unpaid))).json()).toMatchObject({ success: true, message: 'not_paid' });
    const refund = creem.completedEvent(checkoutId, {}, 'refund.created');
    expect((await webhook(refund, creem.sign(refund))).json()).toMatchObject({ success: true, message: 'ignored' });
    const subscription = creem.completedEvent(checkoutId, { type: 'recurring' });
    expect((await webhook(subscription, creem.sign(subscription))).json()).toMatchObject({ success: true, message: 'ignored' });
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
  });

  it('refuses every delivery while no webhook secret is set, even in test mode', async () => {
    await configure({ CreemTestMode: true });
    const u = await member(ctx);
    const { tradeNo, checkoutId } = await buy(u, 'prod_small');
    await ctx.services.options.set({ CreemWebhookSecret: '' });
    const body = creem.completedEvent(checkoutId);
    const res = await webhook(body, creem.sign(body));
    expect(res.statusCode).toBe(400);
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
  });

  it('sends checkouts to Creem\'s test API in test mode unless a base address is configured', () => {
    expect(creemApiBase(false)).toBe('https://api.creem.io');
    expect(creemApiBase(true)).toBe('https://test-api.creem.io');
    expect(creemApiBase(true, 'http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010');
  });
});
