import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, Role, TopUpStatus } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { call, callJson, logsOf, userRow } from '../users/users.test-helpers.js';

describe.each(testDialects())('administrators and top-up orders: /api/user/topup (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Member;
  let buyer: Member;
  const QPU = 500_000;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    buyer = await member(ctx, { quota: 0 });
  });
  afterAll(() => ctx?.close());

  async function order(fields: { method?: string; amount?: number; status?: string; userId?: number } = {}): Promise<string> {
    const tradeNo = `T${randomAlphanumeric(12)}`;
    await ctx.db
      .insertInto('top_ups')
      .values({ user_id: fields.userId ?? buyer.id, amount: fields.amount ?? 10, money: 73, trade_no: tradeNo, payment_method: fields.method ?? 'alipay', create_time: 1_700_000_000, complete_time: 0, status: fields.status ?? TopUpStatus.Pending })
      .execute();
    return tradeNo;
  }
  const complete = (tradeNo: unknown, who: Member = admin) => callJson(ctx, 'POST', '/api/user/topup/complete', who, { trade_no: tradeNo });

  it('lists every order newest first with the buyer, and finds one by order number or username', async () => {
    const first = await order();
    const second = await order({ method: 'stripe', status: TopUpStatus.Success });
    const body = await callJson(ctx, 'GET', '/api/user/topup?p=1&page_size=100', admin);
    expect(body.success).toBe(true);
    const numbers = body.data.items.map((o: { trade_no: string }) => o.trade_no);
    expect(numbers.indexOf(second)).toBeLessThan(numbers.indexOf(first));
    expect(body.data.items.find((o: { trade_no: string }) => o.trade_no === first)).toMatchObject({ user_id: buyer.id, username: buyer.username, amount: 10, payment_method: 'alipay', status: 'pending' });
    const byNumber = await callJson(ctx, 'GET', `/api/user/topup?keyword=${first.slice(2, 9)}`, admin);
    expect(byNumber.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual([first]);
    const byName = await callJson(ctx, 'GET', `/api/user/topup?keyword=${buyer.username}&page_size=100`, admin);
    expect(byName.data.items.map((o: { trade_no: string }) => o.trade_no)).toEqual(expect.arrayContaining([first, second]));
    expect((await callJson(ctx, 'GET', '/api/user/topup?keyword=%25%25', admin)).data.items).toEqual([]);
  });

  it('filters the list by status, with the keyword or alone, and refuses an unknown status', async () => {
    const payer = await member(ctx, { username: `st${Date.now().toString(36)}x` });
    const pending = await order({ userId: payer.id });
    const paid = await order({ userId: payer.id, status: TopUpStatus.Success });
    const failed = await order({ userId: payer.id, status: TopUpStatus.Failed });
    const list = async (query: string) => ((await callJson(ctx, 'GET', `/api/user/topup?page_size=100&${query}`, admin)).data.items as { trade_no: string; status: string }[]);
    expect((await list(`keyword=${payer.username}&status=success`)).map((o) => o.trade_no)).toEqual([paid]);
    expect((await list(`keyword=${payer.username}&status=failed`)).map((o) => o.trade_no)).toEqual([failed]);
    expect((await list(`keyword=${payer.username}`)).map((o) => o.trade_no)).toEqual([failed, paid, pending]);
    const allPending = await list('status=pending');
    expect(allPending.map((o) => o.trade_no)).toContain(pending);
    expect(allPending.every((o) => o.status === 'pending')).toBe(true);
    expect(await callJson(ctx, 'GET', '/api/user/topup?status=refunded', admin)).toMatchObject({ success: false, message: expect.stringContaining('status must be pending, success, expired or failed') });
  });

  it('completes a pending order by hand: credits its amount once with a log saying who', async () => {
    const before = (await userRow(ctx, buyer.id))!.quota;
    const tradeNo = await order({ amount: 3 });
    const body = await complete(tradeNo);
    expect(body).toMatchObject({ success: true, data: { trade_no: tradeNo, status: 'success' } });
    expect(body.data.complete_time).toBeGreaterThan(0);
    expect((await userRow(ctx, buyer.id))!.quota).toBe(before + 3 * QPU);
    const log = (await logsOf(ctx, buyer.id)).filter((l) => l.type === LogType.TopUp && (l.content ?? '').includes(tradeNo));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ quota: 3 * QPU });
    expect(log[0].content).toContain(`administrator ${admin.username}`);
    expect(await complete(tradeNo)).toMatchObject({ success: false, message: `order ${tradeNo} is success; only a pending order can be completed` });
    expect((await userRow(ctx, buyer.id))!.quota).toBe(before + 3 * QPU);
  });

  it("credits a Creem order its product's quota", async () => {
    const before = (await userRow(ctx, buyer.id))!.quota;
    const tradeNo = await order({ method: 'creem', amount: 123_456 });
    expect((await complete(tradeNo)).success).toBe(true);
    expect((await userRow(ctx, buyer.id))!.quota).toBe(before + 123_456);
  });

  it('credits once when completions race', async () => {
    const before = (await userRow(ctx, buyer.id))!.quota;
    const tradeNo = await order({ amount: 1 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => complete(tradeNo)));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect((await userRow(ctx, buyer.id))!.quota).toBe(before + QPU);
  });

  it('refuses unknown, closed and malformed orders, and changes nothing', async () => {
    const before = (await userRow(ctx, buyer.id))!.quota;
    expect(await complete('no-such-order')).toMatchObject({ success: false, message: 'order not found' });
    const expired = await order({ status: TopUpStatus.Expired });
    expect(await complete(expired)).toMatchObject({ success: false, message: `order ${expired} is expired; only a pending order can be completed` });
    expect(await complete('')).toMatchObject({ success: false, message: expect.stringContaining('trade_no is required') });
    expect(await complete(undefined)).toMatchObject({ success: false, message: expect.stringContaining('trade_no is required') });
    expect((await userRow(ctx, buyer.id))!.quota).toBe(before);
  });

  it('is for administrators only', async () => {
    const tradeNo = await order();
    expect((await call(ctx, 'GET', '/api/user/topup', buyer)).statusCode).toBe(403);
    expect((await call(ctx, 'POST', '/api/user/topup/complete', buyer, { trade_no: tradeNo })).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/user/topup')).statusCode).toBe(401);
  });
});
