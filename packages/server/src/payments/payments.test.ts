import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { LogType, TopUpFailure, TopUpStatus } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { fakeEpaySign, startFakeEpayGateway, type FakeEpayGateway } from '../../test/fake-epay-gateway.js';
import { call, callJson, userRow } from '../users/users.test-helpers.js';

const QUOTA_PER_UNIT = 500_000;

describe.each(testDialects())('online top-up through an EPay gateway (%s)', (dialect) => {
  let ctx: TestContext;
  let gateway: FakeEpayGateway;
  let serverAddress: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    // The gateway calls back over real HTTP, so the app listens on loopback.
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    serverAddress = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    gateway = await startFakeEpayGateway();
  });
  afterAll(async () => {
    await gateway?.close();
    await ctx?.close();
  });

  const configure = () =>
    ctx.services.options.set({ PayAddress: gateway.url, EpayId: gateway.pid, EpayKey: gateway.key, ServerAddress: serverAddress, Price: 7.3, MinTopUp: 1, TopupGroupRatio: { default: 1, vip: 0.9 } });
  const orderOf = (tradeNo: string) => ctx.db.selectFrom('top_ups').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
  const topUpLogs = (userId: number) => ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.TopUp).execute();

  /** Creates an order through the API and posts its form to the gateway, as the wallet page does. */
  async function order(who: Member, amount: number, payment_method = 'alipay'): Promise<string> {
    const res = await call(ctx, 'POST', '/api/user/pay', who, { amount, payment_method });
    const body = res.json();
    expect(body.success, body.message).toBe(true);
    expect(body.url).toBe(`${gateway.url}/submit.php`);
    const submitted = await fetch(body.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body.data).toString() });
    expect(submitted.status).toBe(200);
    return body.data.out_trade_no;
  }

  it('is off until the gateway is configured, and says so', async () => {
    const u = await member(ctx);
    expect((await callJson(ctx, 'GET', '/api/user/topup/info', u)).data).toMatchObject({ enable_online_topup: false, min_topup: 1, price: 7.3, pay_methods: [] });
    expect(await callJson(ctx, 'POST', '/api/user/pay', u, { amount: 10 })).toMatchObject({ success: false, message: TopUpFailure.NotEnabled });
    await configure();
    expect((await callJson(ctx, 'GET', '/api/user/topup/info', u)).data).toMatchObject({ enable_online_topup: true, group_ratio: 1, quota_per_unit: QUOTA_PER_UNIT, pay_methods: ['alipay', 'wxpay'] });
  });

  it('prices an amount with Price and the TopupGroupRatio of the user\'s group', async () => {
    await configure();
    const u = await member(ctx);
    const vip = await member(ctx, { group: 'vip' });
    expect(await callJson(ctx, 'POST', '/api/user/amount', u, { amount: 10, top_up_code: '' })).toMatchObject({ success: true, data: '73.00' });
    expect(await callJson(ctx, 'POST', '/api/user/amount', vip, { amount: 10 })).toMatchObject({ success: true, data: '65.70' });
    expect((await callJson(ctx, 'GET', '/api/user/topup/info', vip)).data.group_ratio).toBe(0.9);
  });

  const badAmounts: [string, unknown, string][] = [
    ['below MinTopUp', 4, TopUpFailure.BelowMinimum],
    ['under 1 (forced to 1, still below the minimum)', 0, TopUpFailure.BelowMinimum],
    ['a fraction', 5.5, 'amount must be a whole number'],
    ['text', 'ten', 'amount must be a whole number'],
  ];
  it.each(badAmounts)('refuses an amount that is %s', async (_what, amount, message) => {
    await configure();
    await ctx.services.options.set({ MinTopUp: 5 });
    const u = await member(ctx);
    try {
      expect(await callJson(ctx, 'POST', '/api/user/amount', u, { amount })).toMatchObject({ success: false, message: expect.stringContaining(message) });
      expect(await callJson(ctx, 'POST', '/api/user/pay', u, { amount, payment_method: 'alipay' })).toMatchObject({ success: false, message: expect.stringContaining(message) });
      expect(await ctx.db.selectFrom('top_ups').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    } finally {
      await ctx.services.options.set({ MinTopUp: 1 });
    }
  });

  it('refuses a payment method that is not offered', async () => {
    await configure();
    const u = await member(ctx);
    expect(await callJson(ctx, 'POST', '/api/user/pay', u, { amount: 10, payment_method: 'bitcoin' })).toMatchObject({ success: false, message: TopUpFailure.UnknownMethod });
  });

  it('creates a pending order and a form signed for the gateway', async () => {
    await configure();
    const u = await member(ctx);
    const res = (await call(ctx, 'POST', '/api/user/pay/alipay', u, { amount: 10, top_up_code: '' })).json();
    expect(res.data).toMatchObject({
      pid: gateway.pid,
      type: 'alipay',
      money: '73.00',
      name: 'TUC10',
      notify_url: `${serverAddress}/api/user/epay/notify`,
      sign_type: 'MD5',
    });
    expect(res.data.return_url).toBe(`${serverAddress}/topup?trade_no=${res.data.out_trade_no}`);
    expect(res.data.out_trade_no).toMatch(new RegExp(`^USR${u.id}NO[0-9A-Za-z]{6}\\d{10}$`));
    expect(res.data.sign).toBe(fakeEpaySign(res.data, gateway.key));
    expect(await orderOf(res.data.out_trade_no)).toMatchObject({ user_id: u.id, amount: 10, money: 73, payment_method: 'alipay', status: TopUpStatus.Pending, complete_time: 0 });
  });

  it('credits a paid order once, writes a top-up log, and answers replays without crediting again', async () => {
    await configure();
    const u = await member(ctx, { quota: 1000 });
    const tradeNo = await order(u, 10);
    expect(await gateway.notify(tradeNo)).toBe('success');
    expect((await userRow(ctx, u.id))!.quota).toBe(1000 + 10 * QUOTA_PER_UNIT);
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Success });
    expect((await orderOf(tradeNo)).complete_time).toBeGreaterThan(0);
    const [log, ...more] = await topUpLogs(u.id);
    expect(more).toEqual([]);
    expect(log).toMatchObject({ quota: 10 * QUOTA_PER_UNIT, username: u.username });
    expect(log.content).toContain('paid 73.00 via alipay');

    expect(await gateway.notify(tradeNo)).toBe('success');
    expect(await gateway.notify(tradeNo, { method: 'GET' })).toBe('success');
    expect((await userRow(ctx, u.id))!.quota).toBe(1000 + 10 * QUOTA_PER_UNIT);
    expect(await topUpLogs(u.id)).toHaveLength(1);
    expect((await callJson(ctx, 'GET', '/api/user/topup/self', u)).data).toEqual([expect.objectContaining({ trade_no: tradeNo, status: 'success', amount: 10 })]);
  });

  it('credits once when the gateway delivers the same notification several times at once', async () => {
    await configure();
    const u = await member(ctx);
    const tradeNo = await order(u, 3, 'wxpay');
    const replies = await Promise.all(Array.from({ length: 6 }, () => gateway.notify(tradeNo)));
    expect(replies.every((r) => r === 'success')).toBe(true);
    expect((await userRow(ctx, u.id))!.quota).toBe(3 * QUOTA_PER_UNIT);
    expect(await topUpLogs(u.id)).toHaveLength(1);
  });

  it('refuses a forged signature, a different amount, an unpaid status and an unknown order, crediting nothing', async () => {
    await configure();
    const u = await member(ctx);
    const tradeNo = await order(u, 10);
    expect(await gateway.notify(tradeNo, { signWith: 'not-the-key' })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { money: '0.01' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { money: '730.00' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { trade_status: 'WAIT_BUYER_PAY' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { pid: '9999' } })).toBe('fail');
    expect(await gateway.notify(tradeNo, { overrides: { out_trade_no: 'USR1NOabcdef1700000000' } })).toBe('fail');
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/user/epay/notify', payload: { out_trade_no: tradeNo, trade_status: 'TRADE_SUCCESS' } });
    expect(bare.body).toBe('fail');
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
    expect(await orderOf(tradeNo)).toMatchObject({ status: TopUpStatus.Pending });
    expect(await topUpLogs(u.id)).toEqual([]);
    // The genuine notification still goes through afterwards.
    expect(await gateway.notify(tradeNo)).toBe('success');
    expect((await userRow(ctx, u.id))!.quota).toBe(10 * QUOTA_PER_UNIT);
  });

  it('accepts "money" written with one decimal ("73.0") as the same amount', async () => {
    await configure();
    const u = await member(ctx);
    const tradeNo = await order(u, 10);
    expect(await gateway.notify(tradeNo, { overrides: { money: '73.0' } })).toBe('success');
    expect((await userRow(ctx, u.id))!.quota).toBe(10 * QUOTA_PER_UNIT);
  });
});
