import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutFailure, LogType, Role, TopUpFailure, TopUpStatus } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe.js';
import { fakeEpaySign } from '../../../test/fake-epay-gateway.js';
import { call, callJson, userRow } from '../../users/users.test-helpers.js';

const QUOTA_PER_UNIT = 500_000;
const SERVER = 'https://gw.example.com';

describe.each(testDialects())('top-up through Stripe Checkout (%s)', (dialect) => {
  let ctx: TestContext;
  let stripe: FakeStripe;
  let root: Member;

  beforeAll(async () => {
    stripe = await startFakeStripe({ unitAmountCents: 800 });
    ctx = await createTestContext(dialect, { stripeApiBaseUrl: stripe.url });
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
  });
  afterAll(async () => {
    await ctx?.close();
    await stripe?.close();
  });

  const configure = (extra: Record<string, unknown> = {}) =>
    ctx.services.options.set({
      StripeApiSecret: stripe.secretKey,
      StripeWebhookSecret: stripe.webhookSecret,
      StripePriceId: stripe.priceId,
      StripeUnitPrice: 8,
      StripeMinTopUp: 1,
      StripePromotionCodesEnabled: false,
      ServerAddress: SERVER,
      ...extra,
    });
  const orderOf = (tradeNo: string) => ctx.db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const ordersOf = (userId: number) => ctx.db.selectFrom('top_ups').selectAll().where('user_id', '=', userId).execute();
  const topUpLogs = (userId: number) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.TopUp).execute();
  const webhook = (body: string, signature?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === undefined ? {} : { 'stripe-signature': signature }) }, payload: body });
  const deliver = (type: string, sessionId: string, opts: { overrides?: Parameters<FakeStripe['event']>[2]; secret?: string; timestamp?: number } = {}) => {
    const body = stripe.event(type, sessionId, opts.overrides);
    return webhook(body, stripe.sign(body, opts));
  };

  /** Starts a Stripe payment through the API and answers the order number and the fake's session. */
  async function pay(who: Member, amount: number) {
    const body = await callJson(ctx, 'POST', '/api/user/stripe/pay', who, { amount, payment_method: 'stripe' });
    expect(body, body.message).toMatchObject({ success: true, message: 'success' });
    const session = [...stripe.sessions.values()].find((s) => s.url === body.data.pay_link);
    expect(session).toBeDefined();
    return { tradeNo: session!.client_reference_id!, session: session! };
  }

  it('is off until the secret key, webhook secret and price id are set, and says so without showing them', async () => {
    const u = await member(ctx);
    const info = (await callJson(ctx, 'GET', '/api/user/topup/info', u)).data;
    expect(info).toMatchObject({ enable_stripe_topup: false, stripe_min_topup: 1, stripe_unit_price: 8 });
    expect(await callJson(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 10, payment_method: 'stripe' })).toMatchObject({ success: false, message: CheckoutFailure.StripeNotEnabled });
    await configure({ StripePriceId: '' });
    expect((await callJson(ctx, 'GET', '/api/user/topup/info', u)).data.enable_stripe_topup).toBe(false);
    await configure({ StripeMinTopUp: 5, StripeUnitPrice: 7.5 });
    const on = await call(ctx, 'GET', '/api/user/topup/info', u);
    expect(on.json().data).toMatchObject({ enable_stripe_topup: true, stripe_min_topup: 5, stripe_unit_price: 7.5 });
    expect(on.body).not.toContain(stripe.secretKey);
    expect(on.body).not.toContain(stripe.webhookSecret);
    expect((await callJson(ctx, 'GET', '/api/status')).data.stripe_unit_price).toBe(7.5);
  });

  it('never lists the Stripe secrets among the options, and keeps a saved secret when an empty one is sent', async () => {
    await configure();
    const res = await call(ctx, 'GET', '/api/option/', root);
    const keys = (res.json().data as { key: string }[]).map((o) => o.key);
    expect(keys).toEqual(expect.arrayContaining(['StripePriceId', 'StripeUnitPrice', 'StripeMinTopUp', 'StripePromotionCodesEnabled']));
    expect(keys).not.toContain('StripeApiSecret');
    expect(keys).not.toContain('StripeWebhookSecret');
    expect(res.body).not.toContain(stripe.secretKey);
    expect(await callJson(ctx, 'PUT', '/api/option/', root, { key: 'StripeApiSecret', value: '' })).toMatchObject({ success: true });
    expect(ctx.services.options.get('StripeApiSecret')).toBe(stripe.secretKey);
  });

  const badOptions: [string, unknown, string][] = [
    ['StripeApiSecret', 'pk_live_123', 'StripeApiSecret must be the secret key (sk_… or rk_…), not the publishable key (pk_…)'],
    ['StripeWebhookSecret', 'whsec_ 123', 'StripeWebhookSecret must not contain spaces'],
    ['StripePriceId', 'price 1', 'StripePriceId must be a Stripe price id'],
    ['StripeUnitPrice', 0, 'StripeUnitPrice must be at least 0.01'],
    ['StripeMinTopUp', 0, 'StripeMinTopUp must be at least 1'],
    ['StripeMinTopUp', 1.5, 'StripeMinTopUp must be an integer'],
  ];
  it.each(badOptions)('refuses %s = %j with a clear message', async (key, value, message) => {
    const res = await call(ctx, 'PUT', '/api/option/', root, { key, value });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining(message) });
  });

  it('prices an amount at StripeUnitPrice and refuses amounts under StripeMinTopUp, fractions and text', async () => {
    await configure({ StripeMinTopUp: 5 });
    const u = await member(ctx);
    expect(await callJson(ctx, 'POST', '/api/user/stripe/amount', u, { amount: 10 })).toMatchObject({ success: true, message: 'success', data: '80.00' });
    expect(await callJson(ctx, 'POST', '/api/user/stripe/amount', u, { amount: 4 })).toMatchObject({ success: false, message: expect.stringContaining('below the minimum (5)') });
    expect(await callJson(ctx, 'POST', '/api/user/stripe/amount', u, { amount: 5.5 })).toMatchObject({ success: false, message: 'amount must be a whole number' });
    expect(await callJson(ctx, 'POST', '/api/user/stripe/amount', u, { amount: 'ten' })).toMatchObject({ success: false, message: 'amount must be a whole number' });
    expect(await callJson(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 10_001, payment_method: 'stripe' })).toMatchObject({ success: false, message: 'amount must be at most 10000' });
    expect(await callJson(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 10, payment_method: 'alipay' })).toMatchObject({ success: false, message: TopUpFailure.UnknownMethod });
    expect(await ordersOf(u.id)).toEqual([]);
  });

  it('creates a pending order and a Checkout Session for amount × the price, returning to the wallet page', async () => {
    await configure({ StripePromotionCodesEnabled: true });
    const u = await member(ctx, { email: 'buyer@example.com' });
    const { tradeNo, session } = await pay(u, 12);
    expect(tradeNo).toMatch(/^ref_[0-9a-f]{40}$/);
    const request = stripe.requests.at(-1)!;
    expect(request.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(request.idempotencyKey).toBe(tradeNo);
    expect(request.form).toMatchObject({
      mode: 'payment',
      'line_items[0][price]': stripe.priceId,
      'line_items[0][quantity]': '12',
      client_reference_id: tradeNo,
      'metadata[trade_no]': tradeNo,
      'metadata[user_id]': String(u.id),
      success_url: `${SERVER}/topup?trade_no=${tradeNo}`,
      cancel_url: `${SERVER}/topup`,
      allow_promotion_codes: 'true',
      customer_email: 'buyer@example.com',
    });
    expect(session.amount_total).toBe(9600);
    expect(await orderOf(tradeNo)).toMatchObject({ user_id: u.id, amount: 12, money: 96, payment_method: 'stripe', status: TopUpStatus.Pending, complete_time: 0 });
  });

  it('answers Stripe\'s refusal as a clear message, closes the order as failed and credits nothing', async () => {
    await configure({ StripePriceId: 'price_unknown' });
    const u = await member(ctx);
    const res = await call(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 3, payment_method: 'stripe' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: "Stripe could not start the payment: No such price: 'price_unknown'" });
    const [order, ...more] = await ordersOf(u.id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ status: TopUpStatus.Failed });
    stripe.failWith({ status: 500, body: 'upstream exploded' });
    try {
      await configure();
      expect(await callJson(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 3 })).toMatchObject({ success: false, message: 'Stripe could not start the payment: Stripe answered HTTP 500' });
    } finally {
      stripe.failWith(null);
    }
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
  });

  it('refuses a secret key that is not sk_ or rk_ before calling Stripe', async () => {
    await configure({ StripeApiSecret: 'mk_test_123' });
    const u = await member(ctx);
    const before = stripe.requests.length;
    expect(await callJson(ctx, 'POST', '/api/user/stripe/pay', u, { amount: 3 })).toMatchObject({ success: false, message: 'Stripe could not start the payment: the Stripe secret key must start with sk_ or rk_' });
    expect(stripe.requests.length).toBe(before);
  });

  it('says so when Stripe cannot be reached', async () => {
    const offline = await createTestContext('sqlite', { stripeApiBaseUrl: 'http://127.0.0.1:9' });
    try {
      await markSetupDone(offline.db);
      await offline.services.options.set({ StripeApiSecret: stripe.secretKey, StripeWebhookSecret: stripe.webhookSecret, StripePriceId: stripe.priceId });
      const u = await member(offline);
      const res = await offline.app.inject({ method: 'POST', url: '/api/user/stripe/pay', headers: u.session.headers, payload: { amount: 2, payment_method: 'stripe' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message: 'Stripe could not start the payment: Stripe did not answer' });
    } finally {
      await offline.close();
    }
  });

  it('credits a completed, paid session once with a top-up log, and answers replays without crediting again', async () => {
    await configure();
    const u = await member(ctx, { quota: 1000 });
    const { tradeNo, session } = await pay(u, 10);
    const first = await deliver('checkout.session.completed', session.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, message: 'credited' });
    expect((await userRow(ctx, u.id))!.quota).toBe(1000 + 10 * QUOTA_PER_UNIT);
    const order = await orderOf(tradeNo);
    expect(order.status).toBe(TopUpStatus.Success);
    expect(order.complete_time).toBeGreaterThan(0);
    const [log, ...more] = await topUpLogs(u.id);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ quota: 10 * QUOTA_PER_UNIT, username: u.username });
    expect(log.content).toContain('paid 80.00 USD via Stripe');
    expect(JSON.parse(log.other ?? '')).toMatchObject({ trade_no: tradeNo, gateway_trade_no: session.id, amount_total: 8000, currency: 'usd' });

    const replay = await deliver('checkout.session.completed', session.id);
    expect(replay.json()).toMatchObject({ success: true, message: 'already_credited' });
    await deliver('checkout.session.async_payment_succeeded', session.id);
    expect((await userRow(ctx, u.id))!.quota).toBe(1000 + 10 * QUOTA_PER_UNIT);
    expect(await topUpLogs(u.id)).toHaveLength(1);
    expect((await callJson(ctx, 'GET', '/api/user/topup/self', u)).data).toEqual([expect.objectContaining({ trade_no: tradeNo, status: 'success', payment_method: 'stripe' })]);
  });

  it('credits once when the same event arrives many times at once', async () => {
    await configure();
    const u = await member(ctx);
    const { session } = await pay(u, 3);
    const body = stripe.event('checkout.session.completed', session.id);
    const replies = await Promise.all(Array.from({ length: 8 }, () => webhook(body, stripe.sign(body))));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(replies.filter((r) => r.json().message === 'credited')).toHaveLength(1);
    expect((await userRow(ctx, u.id))!.quota).toBe(3 * QUOTA_PER_UNIT);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('waits for a delayed payment method: an unpaid completed session credits nothing until async_payment_succeeded', async () => {
    await configure();
    const u = await member(ctx);
    const { tradeNo, session } = await pay(u, 2);
    expect((await deliver('checkout.session.completed', session.id, { overrides: { payment_status: 'unpaid' } })).json()).toMatchObject({ success: true, message: 'not_paid' });
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
    expect((await deliver('checkout.session.async_payment_succeeded', session.id)).json()).toMatchObject({ message: 'credited' });
    expect((await userRow(ctx, u.id))!.quota).toBe(2 * QUOTA_PER_UNIT);
  });

  it('closes expired and failed sessions without crediting, and a later completion cannot credit them', async () => {
    await configure();
    const u = await member(ctx);
    const expired = await pay(u, 2);
    const failed = await pay(u, 4);
    expect((await deliver('checkout.session.expired', expired.session.id)).json()).toMatchObject({ success: true, message: 'closed' });
    expect((await deliver('checkout.session.async_payment_failed', failed.session.id)).json()).toMatchObject({ success: true, message: 'closed' });
    expect(await orderOf(expired.tradeNo)).toMatchObject({ status: TopUpStatus.Expired });
    expect(await orderOf(failed.tradeNo)).toMatchObject({ status: TopUpStatus.Failed });
    expect((await deliver('checkout.session.completed', expired.session.id)).json()).toMatchObject({ message: 'already_credited' });
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
    expect(await topUpLogs(u.id)).toEqual([]);
  });

  it('refuses a wrong secret, a missing or malformed header, a changed body and an old timestamp, crediting nothing', async () => {
    await configure();
    const u = await member(ctx);
    const { tradeNo, session } = await pay(u, 5);
    const body = stripe.event('checkout.session.completed', session.id);
    const refusals = [
      await webhook(body, stripe.sign(body, { secret: 'whsec_someone_else' })),
      await webhook(body),
      await webhook(body, 'v1=abc'),
      await webhook(body.replace(`"${tradeNo}"`, '"ref_0000000000000000000000000000000000000000"'), stripe.sign(body)),
      await webhook(body, stripe.sign(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
      await webhook('not json', stripe.sign('not json')),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refusals[0].json()).toEqual({ success: false, message: 'invalid webhook signature' });
    expect(refusals[5].json()).toEqual({ success: false, message: 'the webhook body is not a valid event' });
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
    // The genuine delivery still goes through afterwards.
    expect((await webhook(body, stripe.sign(body))).json()).toMatchObject({ message: 'credited' });
  });

  it('checks the signature over the exact bytes sent, whatever their formatting and content type', async () => {
    await configure();
    const u = await member(ctx);
    const { session } = await pay(u, 1);
    // Re-serialising this body (spacing, escaped "é") would change its bytes and break the signature.
    const body = JSON.stringify(JSON.parse(stripe.event('checkout.session.completed', session.id)), null, 3).replace('"object": "event"', '"object": "event", "note": "caf\\u00e9 é"');
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'stripe-signature': stripe.sign(body), 'content-type': 'text/plain' }, payload: body });
    expect(bare.json()).toMatchObject({ success: true, message: 'credited' });
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'stripe-signature': stripe.sign('') } });
    expect(empty.statusCode).toBe(400);
    expect((await userRow(ctx, u.id))!.quota).toBe(QUOTA_PER_UNIT);
  });

  it('refuses every delivery while no webhook secret is set', async () => {
    await configure();
    const u = await member(ctx);
    const { tradeNo, session } = await pay(u, 5);
    await ctx.services.options.set({ StripeWebhookSecret: '' });
    const res = await deliver('checkout.session.completed', session.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'webhook not configured: set its signing secret first' });
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
  });

  it('acknowledges signed events of other kinds and other systems\' sessions without touching orders', async () => {
    await configure();
    const u = await member(ctx);
    const { tradeNo, session } = await pay(u, 5);
    expect((await deliver('payment_intent.succeeded', session.id)).json()).toMatchObject({ success: true, message: 'ignored' });
    expect((await deliver('checkout.session.completed', session.id, { overrides: { client_reference_id: 'other-system-42', metadata: {} } })).json()).toMatchObject({ success: true, message: 'unknown_order' });
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
  });

  it('does not let an EPay notification complete a Stripe order', async () => {
    await configure({ PayAddress: 'http://127.0.0.1:9', EpayId: '1001', EpayKey: 'epay-key' });
    const u = await member(ctx);
    const { tradeNo } = await pay(u, 5);
    const params: Record<string, string> = { pid: '1001', trade_no: 'GW1', out_trade_no: tradeNo, type: 'alipay', name: 'TUC5', money: '40.00', trade_status: 'TRADE_SUCCESS' };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/epay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...params, sign: fakeEpaySign(params, 'epay-key'), sign_type: 'MD5' }).toString() });
    expect(res.body).toBe('fail');
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
  });
});
