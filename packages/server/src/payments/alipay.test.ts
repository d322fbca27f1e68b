import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { LogType, TopUpStatus } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, userRow } from '../users/users.test-helpers.js';
import { ALIPAY_DIRECT } from './payments.service.js';

const QUOTA_PER_UNIT = 500_000;
const APP_ID = '2021000000000001';

/** RSA keys as Alipay's console hands them out: bare base64 DER. */
function rsaKeys() {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    privateKey,
    publicBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    privateBase64: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
}

/** The text Alipay signs, written independently of the server's code. */
const signedText = (params: Record<string, string>, dropSignType: boolean) =>
  Object.keys(params)
    .filter((k) => k !== 'sign' && !(dropSignType && k === 'sign_type') && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');

describe.each(testDialects())('online top-up with Alipay directly (%s)', (dialect) => {
  let ctx: TestContext;
  const merchant = rsaKeys();
  const alipay = rsaKeys();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    await ctx.services.options.set({
      'alipay.app_id': APP_ID,
      'alipay.private_key': merchant.privateBase64,
      'alipay.public_key': alipay.publicBase64,
      'alipay.gateway': 'http://127.0.0.1:9/gateway.do',
      ServerAddress: 'https://gw.example.com',
      Price: 7.3,
    });
  });
  afterAll(() => ctx?.close());

  /** Alipay's asynchronous notification for an order, signed with Alipay's key (or another one). */
  async function notify(fields: Record<string, string>, signer = alipay.privateKey): Promise<string> {
    const params: Record<string, string> = {
      notify_time: '2026-11-25 10:00:00',
      notify_type: 'trade_status_sync',
      notify_id: 'n1',
      app_id: APP_ID,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: '2026112522001',
      trade_status: 'TRADE_SUCCESS',
      ...fields,
    };
    params.sign = createSign('RSA-SHA256').update(signedText(params, true)).sign(signer, 'base64');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/user/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(params).toString() });
    return res.body;
  }

  async function order(who: Member, amount: number): Promise<{ tradeNo: string; params: Record<string, string>; url: string }> {
    const body = (await call(ctx, 'POST', '/api/user/pay/alipay', who, { amount, payment_method: 'alipay' })).json();
    expect(body.success, body.message).toBe(true);
    return { tradeNo: body.trade_no, params: body.data, url: body.url };
  }

  it('offers Alipay and signs an alipay.trade.page.pay form with the merchant key', async () => {
    const u = await member(ctx);
    expect((await call(ctx, 'GET', '/api/user/topup/info', u)).json().data).toMatchObject({ enable_online_topup: true, pay_methods: ['alipay'] });
    const { tradeNo, params, url } = await order(u, 10);
    expect(url).toBe('http://127.0.0.1:9/gateway.do?charset=utf-8');
    expect(params).toMatchObject({ app_id: APP_ID, method: 'alipay.trade.page.pay', sign_type: 'RSA2', notify_url: 'https://gw.example.com/api/user/alipay/notify', return_url: `https://gw.example.com/topup?trade_no=${tradeNo}` });
    expect(JSON.parse(params.biz_content)).toEqual({ out_trade_no: tradeNo, total_amount: '73.00', subject: 'TUC10', product_code: 'FAST_INSTANT_TRADE_PAY' });
    expect(createVerify('RSA-SHA256').update(signedText(params, false)).verify(merchant.publicKey, params.sign, 'base64')).toBe(true);
    expect(await ctx.db.selectFrom('top_ups').select(['payment_method', 'status']).where('trade_no', '=', tradeNo).executeTakeFirst()).toEqual({ payment_method: ALIPAY_DIRECT, status: TopUpStatus.Pending });
  });

  it('credits a paid order exactly once, however often and concurrently Alipay notifies', async () => {
    const u = await member(ctx);
    const { tradeNo } = await order(u, 10);
    const replies = await Promise.all(Array.from({ length: 4 }, () => notify({ out_trade_no: tradeNo, total_amount: '73.00' })));
    expect(replies).toEqual(['success', 'success', 'success', 'success']);
    expect(await notify({ out_trade_no: tradeNo, total_amount: '73.00', trade_status: 'TRADE_FINISHED' })).toBe('success');
    expect((await userRow(ctx, u.id))!.quota).toBe(10 * QUOTA_PER_UNIT);
    expect(await ctx.db.selectFrom('logs').select('id').where('user_id', '=', u.id).where('type', '=', LogType.TopUp).execute()).toHaveLength(1);
  });

  it('refuses a forged signature, another app, another amount and an unpaid status', async () => {
    const u = await member(ctx);
    const { tradeNo } = await order(u, 10);
    expect(await notify({ out_trade_no: tradeNo, total_amount: '73.00' }, merchant.privateKey)).toBe('fail');
    expect(await notify({ out_trade_no: tradeNo, total_amount: '73.00', app_id: '2021999999999999' })).toBe('fail');
    expect(await notify({ out_trade_no: tradeNo, total_amount: '7.30' })).toBe('fail');
    expect(await notify({ out_trade_no: tradeNo, total_amount: '73.00', trade_status: 'WAIT_BUYER_PAY' })).toBe('fail');
    expect(await notify({ out_trade_no: 'USR1NOxxxxxx1700000000', total_amount: '73.00' })).toBe('fail');
    expect((await userRow(ctx, u.id))!.quota).toBe(0);
  });
});
