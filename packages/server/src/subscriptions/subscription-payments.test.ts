import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { LogType, Role, SUBSCRIPTION_PLAN_DISABLED, TopUpFailure, subscriptionPurchaseLimitReached, type SubscriptionPlanView } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { fakeEpaySign, startFakeEpayGateway, type EpayForm, type FakeEpayGateway } from '../../test/fake-epay-gateway.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { SubscriptionPaymentFailure } from './subscription-payments.service.js';

const DAY = 86_400;

describe.each(testDialects())('buying subscription plans through an EPay gateway (%s)', (dialect) => {
  let ctx: TestContext;
  let gateway: FakeEpayGateway;
  let serverAddress: string;
  let admin: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    // The gateway calls back over real HTTP, so the app listens on loopback.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    serverAddress = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    gateway = await startFakeEpayGateway();
    admin = await member(ctx, { role: Role.Admin });
  });
  afterAll(async () => {
    await gateway?.close();
    await ctx?.close();
  });

  const configure = () => ctx.services.options.set({ PayAddress: gateway.url, EpayId: gateway.pid, EpayKey: gateway.key, ServerAddress: serverAddress, PayMethods: ['alipay', 'wxpay'] });
  const plan = async (fields: Record<string, unknown> = {}): Promise<SubscriptionPlanView> => {
    const res = await callJson(ctx, 'POST', '/api/subscription/admin/plans', admin, {
      plan: { title: 'Pro', price_amount: 12.5, duration_unit: 'day', duration_value: 30, total_amount: 5_000_000, ...fields },
    });
    expect(res.success, res.message).toBe(true);
    return res.data;
  };
  const orderOf = (tradeNo: string) => ctx.db.selectFrom('subscription_orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const ordersOf = (userId: number) => ctx.db.selectFrom('subscription_orders').selectAll().where('user_id', '=', userId).execute();
  const subscriptionsOf = (userId: number) => ctx.db.selectFrom('user_subscriptions').selectAll().where('user_id', '=', userId).execute();
  const topUpLogs = (userId: number) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.TopUp).execute();

  /** Creates an order through the API and posts its form to the gateway, as the console does. */
  async function order(who: Member, planId: number, payment_method = 'alipay'): Promise<string> {
    const res = await call(ctx, 'POST', '/api/subscription/epay/pay', who, { plan_id: planId, payment_method });
    const body = res.json();
    expect(body, body.message).toMatchObject({ success: true, message: 'success', url: `${gateway.url}/submit.php` });
    const submitted = await fetch(body.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body.data).toString() });
    expect(submitted.status).toBe(200);
    return body.data.out_trade_no;
  }

  /** The fields the gateway signs for a paid order (as its notification and the browser's return carry them). */
  function signedFields(tradeNo: string, overrides: Partial<EpayForm> = {}, key = gateway.key): Record<string, string> {
    const o = gateway.orders.get(tradeNo)!;
    const fields: EpayForm = { pid: gateway.pid, trade_no: `GW${tradeNo}`, out_trade_no: tradeNo, type: o.type, name: o.name, money: o.money, trade_status: 'TRADE_SUCCESS', ...(overrides as EpayForm) };
    return { ...fields, sign: fakeEpaySign(fields, key), sign_type: 'MD5' };
  }

  it('refuses to take an order while EPay is not configured, and records nothing', async () => {
    const p = await plan();
    const u = await member(ctx);
    expect(await callJson(ctx, 'POST', '/api/subscription/epay/pay', u, { plan_id: p.id, payment_method: 'alipay' })).toMatchObject({ success: false, message: SubscriptionPaymentFailure.EpayNotConfigured });
    expect(await ordersOf(u.id)).toEqual([]);
  });

  it('creates a pending order for the plan price and a form signed for the gateway', async () => {
    await configure();
    const p = await plan({ title: 'Team' });
    const u = await member(ctx);
    const res = (await call(ctx, 'POST', '/api/subscription/epay/pay', u, { plan_id: p.id, payment_method: 'wxpay' })).json();
    expect(res).toMatchObject({ success: true, message: 'success', url: `${gateway.url}/submit.php` });
    expect(res.data).toMatchObject({
      pid: gateway.pid,
      type: 'wxpay',
      money: '12.50',
      name: 'SUB:Team',
      notify_url: `${serverAddress}/api/subscription/epay/notify`,
      return_url: `${serverAddress}/api/subscription/epay/return`,
      sign_type: 'MD5',
    });
    expect(res.data.out_trade_no).toMatch(new RegExp(`^SUBUSR${u.id}NO[0-9A-Za-z]{6}\\d{10}$`));
    expect(res.trade_no).toBe(res.data.out_trade_no);
    expect(res.data.sign).toBe(fakeEpaySign(res.data, gateway.key));
    expect(await orderOf(res.data.out_trade_no)).toMatchObject({ user_id: u.id, plan_id: p.id, money: 12.5, payment_method: 'wxpay', status: 'pending' });
    expect(Number((await orderOf(res.data.out_trade_no)).complete_time)).toBe(0);
  });

  it('completes a paid order once: the plan’s subscription, the order paid and one top-up log; replays change nothing', async () => {
    await configure();
    const p = await plan({ title: 'Monthly Pro', upgrade_group: 'vip' });
    const u = await member(ctx, { quota: 777 });
    const tradeNo = await order(u, p.id);
    expect(await gateway.notify(tradeNo)).toBe('success');

    const [sub, ...moreSubs] = await subscriptionsOf(u.id);
    expect(moreSubs).toEqual([]);
    expect(sub).toMatchObject({ plan_id: p.id, status: 'active', source: 'order', upgrade_group: 'vip', prev_user_group: 'default' });
    expect(Number(sub.amount_total)).toBe(5_000_000);
    expect(Number(sub.amount_used)).toBe(0);
    expect(Number(sub.end_time) - Number(sub.start_time)).toBe(30 * DAY);
    const user = await ctx.db.selectFrom('users').select(['quota', 'group', 'subscription_until']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ quota: 777, group: 'vip' });
    expect(Number(user.subscription_until)).toBe(Number(sub.end_time));

    const paid = await orderOf(tradeNo);
    expect(paid.status).toBe('success');
    expect(Number(paid.complete_time)).toBeGreaterThan(0);
    expect(JSON.parse(paid.provider_payload!)).toMatchObject({ gateway_trade_no: `GW${tradeNo}` });
    const [log, ...moreLogs] = await topUpLogs(u.id);
    expect(moreLogs).toEqual([]);
    expect(log).toMatchObject({ quota: 0, username: u.username });
    expect(log.content).toContain('"Monthly Pro"');
    expect(log.content).toContain('paid 12.50 via alipay');
    expect(JSON.parse(log.other!)).toMatchObject({ trade_no: tradeNo, subscription_id: Number(sub.id), subscription_plan_id: p.id });

    expect(await gateway.notify(tradeNo)).toBe('success');
    expect(await gateway.notify(tradeNo, { method: 'GET' })).toBe('success');
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    expect(await topUpLogs(u.id)).toHaveLength(1);
    const self = (await callJson(ctx, 'GET', '/api/subscription/self', u)).data;
    expect(self.subscriptions).toEqual([expect.objectContaining({ subscription: expect.objectContaining({ plan_title: 'Monthly Pro', source: 'order', amount_total: 5_000_000 }) })]);
  });

  it('completes once when the gateway delivers the same notification several times at once', async () => {
    await configure();
    const p = await plan();
    const u = await member(ctx);
    const tradeNo = await order(u, p.id, 'wxpay');
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => gateway.notify(tradeNo, { method: i % 2 ? 'GET' : 'POST' })));
    expect(replies.every((r) => r === 'success')).toBe(true);
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('refuses a forged signature, a different amount, an unpaid status, another merchant and an unknown order, changing nothing', async () => {
    await configure();
    const p = await plan();
    const u = await member(ctx);
    const tradeNo = await order(u, p.id);
    expect(await gateway.notify(tradeNo, { signWith: 'not-the-key' })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { money: '0.01' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { money: '125.00' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { trade_status: 'WAIT_BUYER_PAY' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { pid: '9999' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { out_trade_no: `SUBUSR${u.id}NOabcdef1700000000` } })).toBe('fail');
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/subscription/epay/notify', payload: { out_trade_no: tradeNo, trade_status: 'TRADE_SUCCESS' } });
    expect(bare.body).toBe('fail');
    expect(await subscriptionsOf(u.id)).toEqual([]);
    expect(await topUpLogs(u.id)).toEqual([]);
    expect(await orderOf(tradeNo)).toMatchObject({ status: 'pending' });
    // The genuine notification still goes through afterwards; "12.5" is the same amount as "12.50".
    expect(await gateway.notify(tradeNo, { overrides: { money: '12.5' } })).toBe('success');
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
  });

  it('keeps wallet top-ups and plan orders apart: neither notification address completes the other’s order', async () => {
    await configure();
    const p = await plan();
    const u = await member(ctx);
    const tradeNo = await order(u, p.id);
    const asWallet = await ctx.app.inject({ method: 'POST', url: '/api/user/epay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(signedFields(tradeNo)).toString() });
    expect(asWallet.body).toBe('fail');
    expect(await orderOf(tradeNo)).toMatchObject({ status: 'pending' });

    const topUp = (await call(ctx, 'POST', '/api/user/pay', u, { amount: 10, payment_method: 'alipay' })).json();
    expect(topUp.success, topUp.message).toBe(true);
    const fields: EpayForm = { pid: gateway.pid, trade_no: 'GW1', out_trade_no: topUp.data.out_trade_no, type: 'alipay', name: topUp.data.name, money: topUp.data.money, trade_status: 'TRADE_SUCCESS' };
    const asPlan = await ctx.app.inject({ method: 'GET', url: `/api/subscription/epay/notify?${new URLSearchParams({ ...fields, sign: fakeEpaySign(fields, gateway.key), sign_type: 'MD5' })}` });
    expect(asPlan.body).toBe('fail');
    expect((await ctx.db.selectFrom('users').select('quota').where('id', '=', u.id).executeTakeFirstOrThrow()).quota).toBe(0);
    expect(await subscriptionsOf(u.id)).toEqual([]);
  });

  it('sends the returning browser to the top-up page, completing the order when its notification is late', async () => {
    await configure();
    const p = await plan();
    const u = await member(ctx);
    const tradeNo = await order(u, p.id);
    const forged = await ctx.app.inject({ method: 'GET', url: `/api/subscription/epay/return?${new URLSearchParams(signedFields(tradeNo, {}, 'wrong-key'))}` });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toBe(`${serverAddress}/topup?pay=fail&trade_no=${tradeNo}`);
    const unpaid = await ctx.app.inject({ method: 'GET', url: `/api/subscription/epay/return?${new URLSearchParams(signedFields(tradeNo, { trade_status: 'WAIT_BUYER_PAY' }))}` });
    expect(unpaid.headers.location).toBe(`${serverAddress}/topup?pay=pending&trade_no=${tradeNo}`);
    expect(await subscriptionsOf(u.id)).toEqual([]);

    const back = await ctx.app.inject({ method: 'POST', url: '/api/subscription/epay/return', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(signedFields(tradeNo)).toString() });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`${serverAddress}/topup?pay=success&trade_no=${tradeNo}`);
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    // The notification that arrives afterwards is answered success and changes nothing.
    expect(await gateway.notify(tradeNo)).toBe('success');
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('refuses an unknown plan, a plan off sale, a free plan and an unknown payment method with clear messages', async () => {
    await configure();
    const u = await member(ctx);
    const pay = (plan_id: number, payment_method = 'alipay') => callJson(ctx, 'POST', '/api/subscription/epay/pay', u, { plan_id, payment_method });
    expect(await pay(99_999_999)).toMatchObject({ success: false, message: 'subscription plan not found' });
    const off = await plan({ enabled: false });
    expect(await pay(off.id)).toMatchObject({ success: false, message: SUBSCRIPTION_PLAN_DISABLED });
    const free = await plan({ price_amount: 0 });
    expect(await pay(free.id)).toMatchObject({ success: false, message: SubscriptionPaymentFailure.FreePlan });
    const tiny = await plan({ price_amount: 0.001 });
    expect(await pay(tiny.id)).toMatchObject({ success: false, message: SubscriptionPaymentFailure.TooLow });
    const p = await plan();
    expect(await pay(p.id, 'bitcoin')).toMatchObject({ success: false, message: TopUpFailure.UnknownMethod });
    expect(await pay(p.id, 'stripe')).toMatchObject({ success: false, message: TopUpFailure.UnknownMethod });
    expect(await callJson(ctx, 'POST', '/api/subscription/epay/pay', u, { plan_id: p.id })).toMatchObject({ success: false, message: expect.stringContaining('payment_method is required') });
    expect(await ordersOf(u.id)).toEqual([]);
  });

  it('refuses a new order once the user holds the plan as often as it may be bought', async () => {
    await configure();
    const p = await plan({ max_purchase_per_user: 1 });
    const u = await member(ctx);
    const tradeNo = await order(u, p.id);
    expect(await gateway.notify(tradeNo)).toBe('success');
    expect(await callJson(ctx, 'POST', '/api/subscription/epay/pay', u, { plan_id: p.id, payment_method: 'alipay' })).toMatchObject({ success: false, message: subscriptionPurchaseLimitReached(1) });
    expect(await ordersOf(u.id)).toHaveLength(1);
  });

  it('lists every plan order to administrators, newest first, with the plan title and the buyer', async () => {
    await configure();
    const p = await plan({ title: 'Listed plan' });
    const u = await member(ctx);
    const first = await order(u, p.id);
    const second = await order(u, p.id, 'wxpay');
    expect(await gateway.notify(first)).toBe('success');
    const res = await callJson(ctx, 'GET', '/api/subscription/admin/orders?p=1&page_size=2', admin);
    expect(res.success, res.message).toBe(true);
    expect(res.data.page).toBe(1);
    expect(res.data.page_size).toBe(2);
    expect(res.data.total).toBeGreaterThanOrEqual(2);
    expect(res.data.items).toEqual([
      expect.objectContaining({ trade_no: second, status: 'pending', plan_id: p.id, plan_title: 'Listed plan', user_id: u.id, username: u.username, money: 12.5, payment_method: 'wxpay', complete_time: 0 }),
      expect.objectContaining({ trade_no: first, status: 'success', plan_title: 'Listed plan', username: u.username }),
    ]);
    expect((await call(ctx, 'GET', '/api/subscription/admin/orders', u)).statusCode).toBe(403);
  });

  it('filters the administrators’ order list by order number or buyer, and by status', async () => {
    await configure();
    const p = await plan({ title: 'Filtered plan' });
    // Names that are no part of another user's name, since the keyword matches any part.
    const stamp = Date.now().toString(36);
    const u = await member(ctx, { username: `fa${stamp}x` });
    const other = await member(ctx, { username: `fb${stamp}x` });
    const paid = await order(u, p.id);
    const waiting = await order(u, p.id);
    const others = await order(other, p.id);
    expect(await gateway.notify(paid)).toBe('success');
    const list = async (query: string) => {
      const res = await callJson(ctx, 'GET', `/api/subscription/admin/orders?${query}`, admin);
      expect(res.success, res.message).toBe(true);
      return (res.data.items as { trade_no: string }[]).map((o) => o.trade_no);
    };
    expect(await list(`keyword=${u.username.toUpperCase()}`)).toEqual([waiting, paid]);
    expect(await list(`keyword=${waiting.slice(3).toLowerCase()}`)).toEqual([waiting]);
    expect(await list(`keyword=${u.username}&status=pending`)).toEqual([waiting]);
    expect(await list(`keyword=${u.username}&status=success`)).toEqual([paid]);
    expect(await list(`keyword=${other.username}`)).toEqual([others]);
    // A wildcard is searched for literally.
    expect(await list('keyword=%25')).toEqual([]);
    expect(await callJson(ctx, 'GET', '/api/subscription/admin/orders?status=paid', admin)).toMatchObject({ success: false, message: expect.stringContaining('status must be pending, success or expired') });
  });

  it('shows the buyer their own orders only', async () => {
    await configure();
    const p = await plan({ title: 'Mine' });
    const u = await member(ctx);
    const other = await member(ctx);
    const mine = await order(u, p.id);
    await order(other, p.id);
    expect(await gateway.notify(mine)).toBe('success');
    const res = await callJson(ctx, 'GET', '/api/subscription/self/orders', u);
    expect(res.success, res.message).toBe(true);
    expect(res.data.total).toBe(1);
    expect(res.data.items).toEqual([expect.objectContaining({ trade_no: mine, status: 'success', plan_title: 'Mine', user_id: u.id })]);
    expect((await call(ctx, 'GET', '/api/subscription/self/orders')).statusCode).toBe(401);
  });

  it('lets an administrator complete a pending order once: the subscription, the paid order and a log naming the administrator', async () => {
    await configure();
    const p = await plan({ title: 'Manual' });
    const u = await member(ctx, { quota: 500 });
    const tradeNo = await order(u, p.id);
    const complete = (trade_no: unknown, who: Member = admin) => call(ctx, 'POST', '/api/subscription/admin/orders/complete', who, { trade_no });

    expect((await complete(tradeNo, u)).statusCode).toBe(403);
    expect(await subscriptionsOf(u.id)).toEqual([]);

    const res = (await complete(tradeNo)).json();
    expect(res).toMatchObject({ success: true, message: 'order completed', data: { trade_no: tradeNo, status: 'success', plan_title: 'Manual', username: u.username } });
    expect(res.data.complete_time).toBeGreaterThan(0);
    const [sub, ...more] = await subscriptionsOf(u.id);
    expect(more).toEqual([]);
    expect(sub).toMatchObject({ plan_id: p.id, source: 'order', status: 'active' });
    expect((await ctx.db.selectFrom('users').select('quota').where('id', '=', u.id).executeTakeFirstOrThrow()).quota).toBe(500);
    const [log, ...moreLogs] = await topUpLogs(u.id);
    expect(moreLogs).toEqual([]);
    expect(log.content).toContain(`completed by administrator ${admin.username}`);
    expect(JSON.parse(log.other!)).toMatchObject({ trade_no: tradeNo, completed_by: admin.username, subscription_id: Number(sub.id) });

    // Done once: a second completion and the gateway's late notification change nothing.
    expect((await complete(tradeNo)).json()).toMatchObject({ success: false, message: `order ${tradeNo} is success; only a pending order can be completed` });
    expect(await gateway.notify(tradeNo)).toBe('success');
    expect(await subscriptionsOf(u.id)).toHaveLength(1);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('refuses to complete an unknown, expired or malformed order, changing nothing', async () => {
    await configure();
    const p = await plan();
    const u = await member(ctx);
    const tradeNo = await order(u, p.id);
    await ctx.db.updateTable('subscription_orders').set({ status: 'expired' }).where('trade_no', '=', tradeNo).execute();
    const complete = (trade_no: unknown) => callJson(ctx, 'POST', '/api/subscription/admin/orders/complete', admin, { trade_no });
    expect(await complete(tradeNo)).toMatchObject({ success: false, message: `order ${tradeNo} is expired; only a pending order can be completed` });
    expect(await complete('SUBUSR1NOnothere1700000000')).toMatchObject({ success: false, message: expect.stringContaining('not found') });
    expect(await complete('')).toMatchObject({ success: false, message: expect.stringContaining('trade_no is required') });
    expect(await complete(42)).toMatchObject({ success: false, message: expect.stringContaining('trade_no') });
    expect(await subscriptionsOf(u.id)).toEqual([]);
    expect(await topUpLogs(u.id)).toEqual([]);
  });
});

describe('subscription pay calls are rate-limited like the wallet’s', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { authRateLimitPerMinute: 2 });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('answers 429 past the limit', async () => {
    const u = await member(ctx);
    for (const path of ['/api/subscription/epay/pay', '/api/subscription/stripe/pay', '/api/subscription/creem/pay']) {
      const body = { plan_id: 1, payment_method: 'alipay' };
      expect((await call(ctx, 'POST', path, u, body)).statusCode).toBe(200);
      expect((await call(ctx, 'POST', path, u, body)).statusCode).toBe(200);
      expect((await call(ctx, 'POST', path, u, body)).statusCode).toBe(429);
    }
  });
});
