import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, Role, SUBSCRIPTION_PLAN_DISABLED, subscriptionPurchaseLimitReached, type SubscriptionPlanView } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe.js';
import { startFakeCreem, type FakeCreem } from '../../test/fake-creem.js';
import { callJson, userRow } from '../users/users.test-helpers.js';
import { SubscriptionPaymentFailure } from './subscription-payments.service.js';

const SERVER = 'https://gw.example.com';
const QUOTA_PER_UNIT = 500_000;

describe.each(testDialects())('buying subscription plans through Stripe and Creem (%s)', (dialect) => {
  let ctx: TestContext;
  let stripe: FakeStripe;
  let creem: FakeCreem;
  let admin: Member;

  beforeAll(async () => {
    stripe = await startFakeStripe({ unitAmountCents: 1990 });
    creem = await startFakeCreem([
      { id: 'prod_plan', name: 'Pro plan', price: 1990, currency: 'USD' },
      { id: 'prod_topup', name: 'Top-up pack', price: 499, currency: 'USD' },
    ]);
    ctx = await createTestContext(dialect, { stripeApiBaseUrl: stripe.url, creemApiBaseUrl: creem.url });
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
  });
  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
    await creem?.close();
  });

  const configureStripe = (extra: Record<string, unknown> = {}) =>
    ctx.services.options.set({ StripeApiSecret: stripe.secretKey, StripeWebhookSecret: stripe.webhookSecret, StripePriceId: stripe.priceId, StripeUnitPrice: 8, ServerAddress: SERVER, ...extra });
  const configureCreem = (extra: Record<string, unknown> = {}) =>
    ctx.services.options.set({
      CreemApiKey: creem.apiKey,
      CreemWebhookSecret: creem.webhookSecret,
      CreemProducts: [{ productId: 'prod_topup', name: 'Top-up pack', price: 4.99, currency: 'USD', quota: 2_500_000 }],
      ServerAddress: SERVER,
      ...extra,
    });
  const plan = async (fields: Record<string, unknown> = {}): Promise<SubscriptionPlanView> => {
    const res = await callJson(ctx, 'POST', '/api/subscription/admin/plans', admin, {
      plan: { title: 'Pro', price_amount: 19.9, duration_unit: 'month', duration_value: 1, total_amount: 8_000_000, quota_reset_period: 'daily', stripe_price_id: stripe.priceId, creem_product_id: 'prod_plan', ...fields },
    });
    expect(res.success, res.message).toBe(true);
    return res.data;
  };
  const orderOf = (tradeNo: string) => ctx.db.selectFrom('subscription_orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const ordersOf = (userId: number) => ctx.db.selectFrom('subscription_orders').selectAll().where('user_id', '=', userId).execute();
  const subscriptionsOf = (userId: number) => ctx.db.selectFrom('user_subscriptions').selectAll().where('user_id', '=', userId).execute();
  const topUpLogs = (userId: number) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.TopUp).execute();
  const stripeWebhook = (body: string, signature: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, payload: body });
  const deliverStripe = (type: string, sessionId: string, opts: { overrides?: Parameters<FakeStripe['event']>[2]; secret?: string } = {}) => {
    const body = stripe.event(type, sessionId, opts.overrides);
    return stripeWebhook(body, stripe.sign(body, opts));
  };
  const creemWebhook = (body: string, signature: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/creem/webhook', headers: { 'content-type': 'application/json', 'creem-signature': signature }, payload: body });
  const deliverCreem = (checkoutId: string, opts: { order?: Record<string, unknown>; secret?: string } = {}) => {
    const body = creem.completedEvent(checkoutId, opts.order);
    return creemWebhook(body, creem.sign(body, opts.secret));
  };

  async function payStripe(who: Member, planId: number) {
    const body = await callJson(ctx, 'POST', '/api/subscription/stripe/pay', who, { plan_id: planId });
    expect(body, body.message).toMatchObject({ success: true, message: 'success' });
    const session = [...stripe.sessions.values()].find((s) => s.url === body.data.pay_link)!;
    expect(session).toBeDefined();
    return { tradeNo: session.client_reference_id!, session };
  }

  async function payCreem(who: Member, planId: number) {
    const body = await callJson(ctx, 'POST', '/api/subscription/creem/pay', who, { plan_id: planId });
    expect(body, body.message).toMatchObject({ success: true, message: 'success' });
    const checkout = creem.checkoutFor(body.data.order_id)!;
    expect(body.data.checkout_url).toBe(checkout.checkout_url);
    return { tradeNo: body.data.order_id as string, checkoutId: checkout.id };
  }

  describe('Stripe', () => {
    it('refuses while Stripe is not configured, and a plan without a Stripe price, recording nothing', async () => {
      const p = await plan();
      const u = await member(ctx);
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: p.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.StripeNotConfigured });
      await configureStripe({ StripeWebhookSecret: '' });
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: p.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.StripeNotConfigured });
      await configureStripe();
      const bare = await plan({ stripe_price_id: '' });
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: bare.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.NoStripePrice });
      const free = await plan({ price_amount: 0 });
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: free.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.FreePlan });
      const off = await plan({ enabled: false });
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: off.id })).toMatchObject({ success: false, message: SUBSCRIPTION_PLAN_DISABLED });
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: 0 })).toMatchObject({ success: false, message: expect.stringContaining('plan_id is required') });
      expect(await ordersOf(u.id)).toEqual([]);
    });

    it('opens a one-time Checkout Session for the plan’s price, with a sub_ref_ order number', async () => {
      await configureStripe();
      const p = await plan();
      const u = await member(ctx);
      const { tradeNo, session } = await payStripe(u, p.id);
      expect(tradeNo).toMatch(/^sub_ref_[0-9a-f]{40}$/);
      expect(session).toMatchObject({ mode: 'payment', price: stripe.priceId, quantity: 1, success_url: `${SERVER}/topup?pay=success&trade_no=${tradeNo}`, cancel_url: `${SERVER}/topup?pay=cancel&trade_no=${tradeNo}` });
      expect(session.metadata).toMatchObject({ trade_no: tradeNo, user_id: String(u.id) });
      expect(stripe.requests.at(-1)!.idempotencyKey).toBe(tradeNo);
      expect(await orderOf(tradeNo)).toMatchObject({ user_id: u.id, plan_id: p.id, money: 19.9, payment_method: 'stripe', status: 'pending' });
    });

    it('completes a paid session once through the wallet’s webhook; replays and concurrent deliveries change nothing', async () => {
      await configureStripe();
      const p = await plan({ title: 'Stripe Pro' });
      const u = await member(ctx, { quota: 123 });
      const { tradeNo, session } = await payStripe(u, p.id);
      const answers = await Promise.all(Array.from({ length: 6 }, () => deliverStripe('checkout.session.completed', session.id)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.json().message).sort()).toEqual(['already_credited', 'already_credited', 'already_credited', 'already_credited', 'already_credited', 'credited']);
      expect((await deliverStripe('checkout.session.async_payment_succeeded', session.id)).json().message).toBe('already_credited');

      const [sub, ...more] = await subscriptionsOf(u.id);
      expect(more).toEqual([]);
      expect(sub).toMatchObject({ plan_id: p.id, status: 'active', source: 'order', quota_reset_period: 'daily' });
      expect(Number(sub.amount_total)).toBe(8_000_000);
      const start = new Date(Number(sub.start_time) * 1000);
      const end = new Date(Number(sub.end_time) * 1000);
      expect((end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth()).toBe(1);
      expect((await userRow(ctx, u.id))!.quota).toBe(123);
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'success' });
      expect(JSON.parse((await orderOf(tradeNo)).provider_payload!)).toMatchObject({ gateway_trade_no: session.id, amount_total: 1990, currency: 'usd' });
      const logs = await topUpLogs(u.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ quota: 0 });
      expect(logs[0].content).toContain('"Stripe Pro"');
      expect(logs[0].content).toContain('19.90 USD via Stripe');
    });

    it('refuses a bad signature, ignores an unpaid session and expires the order of an expired one', async () => {
      await configureStripe();
      const p = await plan();
      const u = await member(ctx);
      const { tradeNo, session } = await payStripe(u, p.id);
      expect((await deliverStripe('checkout.session.completed', session.id, { secret: 'whsec_wrong' })).statusCode).toBe(400);
      expect((await deliverStripe('checkout.session.completed', session.id, { overrides: { payment_status: 'unpaid' } })).json().message).toBe('not_paid');
      expect(await subscriptionsOf(u.id)).toEqual([]);
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'pending' });
      expect((await deliverStripe('checkout.session.expired', session.id)).json().message).toBe('closed');
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'expired' });
      // An expired order is never completed, even by a (forged-in-time) paid event.
      expect((await deliverStripe('checkout.session.completed', session.id)).json().message).toBe('ignored');
      expect(await subscriptionsOf(u.id)).toEqual([]);
      expect(await topUpLogs(u.id)).toEqual([]);
    });

    it('answers an unknown sub_ref_ order without touching anything, and still credits wallet top-ups', async () => {
      await configureStripe();
      const p = await plan();
      const u = await member(ctx);
      const { session } = await payStripe(u, p.id);
      const unknown = await deliverStripe('checkout.session.completed', session.id, { overrides: { client_reference_id: `sub_ref_${'0'.repeat(40)}` } });
      expect(unknown.json().message).toBe('unknown_order');
      expect(await subscriptionsOf(u.id)).toEqual([]);

      const topUp = await callJson(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 2, payment_method: 'stripe' });
      expect(topUp.success, topUp.message).toBe(true);
      const topUpSession = [...stripe.sessions.values()].find((s) => s.url === topUp.data.pay_link)!;
      expect(topUpSession.client_reference_id).toMatch(/^ref_/);
      expect((await deliverStripe('checkout.session.completed', topUpSession.id)).json().message).toBe('credited');
      expect((await userRow(ctx, u.id))!.quota).toBe(2 * QUOTA_PER_UNIT);
      expect(await subscriptionsOf(u.id)).toEqual([]);
    });

    it('expires the order and passes Stripe’s refusal on when the session cannot be created', async () => {
      await configureStripe();
      const p = await plan({ stripe_price_id: 'price_missing' });
      const u = await member(ctx);
      const res = await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: p.id });
      expect(res).toMatchObject({ success: false, message: expect.stringContaining("No such price: 'price_missing'") });
      const [order, ...more] = await ordersOf(u.id);
      expect(more).toEqual([]);
      expect(order).toMatchObject({ status: 'expired', payment_method: 'stripe' });
    });

    it('refuses a new order once the user holds the plan as often as it may be bought', async () => {
      await configureStripe();
      const p = await plan({ max_purchase_per_user: 1 });
      const u = await member(ctx);
      const { session } = await payStripe(u, p.id);
      expect((await deliverStripe('checkout.session.completed', session.id)).json().message).toBe('credited');
      expect(await callJson(ctx, 'POST', '/api/subscription/stripe/pay', u, { plan_id: p.id })).toMatchObject({ success: false, message: subscriptionPurchaseLimitReached(1) });
      expect(await ordersOf(u.id)).toHaveLength(1);
    });
  });

  describe('Creem', () => {
    it('refuses while Creem is not configured, and a plan without a Creem product, recording nothing', async () => {
      const p = await plan();
      const u = await member(ctx);
      await ctx.services.options.set({ CreemApiKey: '', CreemWebhookSecret: '' });
      expect(await callJson(ctx, 'POST', '/api/subscription/creem/pay', u, { plan_id: p.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.CreemNotConfigured });
      await configureCreem({ CreemWebhookSecret: '' });
      expect(await callJson(ctx, 'POST', '/api/subscription/creem/pay', u, { plan_id: p.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.CreemNotConfigured });
      await configureCreem();
      const bare = await plan({ creem_product_id: '' });
      expect(await callJson(ctx, 'POST', '/api/subscription/creem/pay', u, { plan_id: bare.id })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.NoCreemProduct });
      expect(await ordersOf(u.id)).toEqual([]);
    });

    it('opens a checkout for the plan’s product and completes it once through the wallet’s webhook', async () => {
      await configureCreem();
      const p = await plan({ title: 'Creem Pro', duration_unit: 'day', duration_value: 7 });
      const u = await member(ctx);
      const { tradeNo, checkoutId } = await payCreem(u, p.id);
      expect(tradeNo).toMatch(/^sub_ref_[0-9a-f]{40}$/);
      const request = creem.requests.at(-1)!.body;
      expect(request).toMatchObject({ product_id: 'prod_plan', request_id: tradeNo, success_url: `${SERVER}/topup?pay=success&trade_no=${tradeNo}` });
      expect(await orderOf(tradeNo)).toMatchObject({ plan_id: p.id, money: 19.9, payment_method: 'creem', status: 'pending' });

      expect((await deliverCreem(checkoutId, { secret: 'whsec_wrong' })).statusCode).toBe(400);
      expect((await deliverCreem(checkoutId, { order: { status: 'pending' } })).json().message).toBe('not_paid');
      expect(await subscriptionsOf(u.id)).toEqual([]);

      const answers = await Promise.all(Array.from({ length: 5 }, () => deliverCreem(checkoutId)));
      expect(answers.map((a) => a.json().message).sort()).toEqual(['already_credited', 'already_credited', 'already_credited', 'already_credited', 'credited']);
      const [sub, ...more] = await subscriptionsOf(u.id);
      expect(more).toEqual([]);
      expect(sub).toMatchObject({ plan_id: p.id, source: 'order', status: 'active' });
      expect(Number(sub.amount_total)).toBe(8_000_000);
      expect(Number(sub.end_time) - Number(sub.start_time)).toBe(7 * 86_400);
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'success' });
      const logs = await topUpLogs(u.id);
      expect(logs).toHaveLength(1);
      expect(logs[0].content).toContain('"Creem Pro"');
      expect(logs[0].content).toContain('19.90 USD via Creem');
      expect((await userRow(ctx, u.id))!.quota).toBe(0);
    });

    it('completes a plan bought with a recurring Creem product, while wallet top-ups still ignore recurring orders', async () => {
      await configureCreem();
      const p = await plan();
      const u = await member(ctx);
      const { checkoutId } = await payCreem(u, p.id);
      expect((await deliverCreem(checkoutId, { order: { type: 'recurring' } })).json().message).toBe('credited');
      expect(await subscriptionsOf(u.id)).toHaveLength(1);

      const topUp = await callJson(ctx, 'POST', '/api/user/creem/pay', u, { product_id: 'prod_topup', payment_method: 'creem' });
      expect(topUp.success, topUp.message).toBe(true);
      const topUpCheckout = creem.checkoutFor(topUp.data.order_id)!;
      expect((await deliverCreem(topUpCheckout.id, { order: { type: 'recurring' } })).json().message).toBe('ignored');
      expect((await deliverCreem(topUpCheckout.id)).json().message).toBe('credited');
      expect((await userRow(ctx, u.id))!.quota).toBe(2_500_000);
      expect(await subscriptionsOf(u.id)).toHaveLength(1);
    });

    it('does not let a Stripe event complete a Creem plan order', async () => {
      await configureCreem();
      await configureStripe();
      const p = await plan();
      const u = await member(ctx);
      const { tradeNo } = await payCreem(u, p.id);
      const { session } = await payStripe(u, p.id);
      const crossed = await deliverStripe('checkout.session.completed', session.id, { overrides: { client_reference_id: tradeNo } });
      expect(crossed.json().message).toBe('unknown_order');
      expect(await orderOf(tradeNo)).toMatchObject({ status: 'pending' });
      expect(await subscriptionsOf(u.id)).toEqual([]);
    });
  });
});
