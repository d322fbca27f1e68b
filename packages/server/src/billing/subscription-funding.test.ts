import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingPreference } from '@gw/contracts';
import { createTestDatabase, testDialects, type TestDatabase } from '../../test/test-database.js';
import { createUser } from '../../test/test-app.js';
import { insertReturningId } from '../db/dialect-helpers.js';
import type { Db } from '../db/database.js';
import { LogType } from '../logs/log-types.js';
import { BillingService, type SettlementLog } from './billing.service.js';
import { InsufficientSubscriptionQuotaError, InsufficientUserQuotaError } from './billing-errors.js';

const T0 = 1_800_000_000;
let seq = 0;
const newRequestId = () => `sub-${process.pid}-${++seq}-${randomBytes(4).toString('hex')}`;

const consumeLog = (username: string): SettlementLog => ({
  type: LogType.Consume, username, token_name: 'k', model_name: 'gpt-4o', prompt_tokens: 1, completion_tokens: 1, content: '', other: JSON.stringify({ model_ratio: 2.5 }),
});

describe.each(testDialects())('billing from subscriptions on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  let clock = T0;
  let billing: BillingService;
  let planId: number;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    db = database.db;
    billing = new BillingService(db, () => clock, { flushMs: 5 });
    planId = await insertReturningId(db, 'subscription_plans', { title: 'Pro plan' });
  });
  afterAll(async () => {
    await billing?.drain();
    await database?.drop();
  });

  async function subscriber(wallet: number, budgets: { total: number; used?: number; start?: number; end?: number; resetAt?: number; period?: string }[], tokenRemain = 1_000_000) {
    const user = await createUser(db, { quota: wallet });
    const tokenId = await insertReturningId(db, 'tokens', { user_id: user.id, key: randomBytes(24).toString('hex'), name: 'k', remain_quota: tokenRemain });
    const subs: number[] = [];
    for (const b of budgets) {
      subs.push(
        await insertReturningId(db, 'user_subscriptions', {
          user_id: user.id, plan_id: planId, amount_total: b.total, amount_used: b.used ?? 0, start_time: b.start ?? T0 - 100, end_time: b.end ?? T0 + 30 * 86_400,
          status: 'active', source: 'admin', quota_reset_period: b.period ?? 'never', next_reset_time: b.resetAt ?? 0, last_reset_time: T0 - 100,
        }),
      );
    }
    return { user, tokenId, subs };
  }
  const walletOf = async (id: number) => (await db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', id).executeTakeFirstOrThrow());
  const usedOf = async (id: number) => Number((await db.selectFrom('user_subscriptions').select('amount_used').where('id', '=', id).executeTakeFirstOrThrow()).amount_used);
  const hold = (requestId: string, userId: number, tokenId: number, amount: number, funding?: BillingPreference) =>
    billing.preConsume({ requestId, userId, tokenId, tokenUnlimited: false, amount, funding });

  it('subscription_first takes the hold from the subscription ending soonest that covers it, not from the wallet', async () => {
    const { user, tokenId, subs } = await subscriber(5_000, [{ total: 10_000, end: T0 + 90 * 86_400 }, { total: 1_000, end: T0 + 86_400 }, { total: 10_000, end: T0 + 2 * 86_400 }]);
    const id = newRequestId();
    await hold(id, user.id, tokenId, 2_000, 'subscription_first');
    // The soonest-ending one cannot cover 2 000: the next soonest pays.
    expect([await usedOf(subs[0]!), await usedOf(subs[1]!), await usedOf(subs[2]!)]).toEqual([0, 0, 2_000]);
    expect((await walletOf(user.id)).quota).toBe(5_000);
    expect(billing.fundingOf(id)).toEqual({ subscriptionId: subs[2], planId, planTitle: 'Pro plan' });
    const row = await db.selectFrom('quota_holds').selectAll().where('request_id', '=', id).executeTakeFirstOrThrow();
    expect(row.subscription_id).toBe(subs[2]);

    // Settlement moves the budget by the difference; the user's counters still count the request.
    expect(await billing.settle({ requestId: id, actualQuota: 2_600, channelId: 0, log: consumeLog(user.username) })).toBe(true);
    expect(await usedOf(subs[2]!)).toBe(2_600);
    expect(await walletOf(user.id)).toMatchObject({ quota: 5_000, used_quota: 2_600, request_count: 1 });
    const log = await db.selectFrom('logs').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(log.quota).toBe(2_600);
    expect(JSON.parse(log.other!)).toEqual({ model_ratio: 2.5, billing_source: 'subscription', subscription_id: subs[2], subscription_plan_id: planId, subscription_plan_title: 'Pro plan' });
  });

  it('subscription_first falls back to the wallet when no budget covers the hold; an unlimited budget always does', async () => {
    const full = await subscriber(5_000, [{ total: 1_000, used: 900 }]);
    const a = newRequestId();
    await hold(a, full.user.id, full.tokenId, 500, 'subscription_first');
    expect(billing.fundingOf(a)).toBeUndefined();
    expect((await walletOf(full.user.id)).quota).toBe(4_500);
    expect(await usedOf(full.subs[0]!)).toBe(900);

    const unlimited = await subscriber(0, [{ total: 0, used: 123_456 }]);
    const b = newRequestId();
    await hold(b, unlimited.user.id, unlimited.tokenId, 50_000, 'subscription_first');
    expect(await usedOf(unlimited.subs[0]!)).toBe(123_456 + 50_000);
  });

  it('wallet_first uses the wallet while it covers the hold, then a subscription; subscription_only never the wallet', async () => {
    const { user, tokenId, subs } = await subscriber(1_000, [{ total: 10_000 }]);
    await hold(newRequestId(), user.id, tokenId, 800, 'wallet_first');
    expect((await walletOf(user.id)).quota).toBe(200);
    await hold(newRequestId(), user.id, tokenId, 800, 'wallet_first');
    expect((await walletOf(user.id)).quota).toBe(200);
    expect(await usedOf(subs[0]!)).toBe(800);

    const only = await subscriber(1_000_000, [{ total: 1_000, used: 500 }]);
    const attempt = hold(newRequestId(), only.user.id, only.tokenId, 600, 'subscription_only');
    await expect(attempt).rejects.toBeInstanceOf(InsufficientSubscriptionQuotaError);
    expect((await walletOf(only.user.id)).quota).toBe(1_000_000);
    expect(await usedOf(only.subs[0]!)).toBe(500);
    // The refused token debit was rolled back with the rest.
    expect(Number((await db.selectFrom('tokens').select('remain_quota').where('id', '=', only.tokenId).executeTakeFirstOrThrow()).remain_quota)).toBe(1_000_000);

    const poor = await subscriber(100, [{ total: 1_000, used: 1_000 }]);
    await expect(hold(newRequestId(), poor.user.id, poor.tokenId, 600, 'wallet_first')).rejects.toBeInstanceOf(InsufficientUserQuotaError);
  });

  it('skips ended and cancelled subscriptions', async () => {
    const { user, tokenId, subs } = await subscriber(10_000, [{ total: 0, end: T0 - 1 }]);
    await db.insertInto('user_subscriptions').values({ user_id: user.id, plan_id: planId, amount_total: 0, start_time: T0 - 10, end_time: T0 + 1000, status: 'cancelled' }).execute();
    await hold(newRequestId(), user.id, tokenId, 700, 'subscription_first');
    expect((await walletOf(user.id)).quota).toBe(9_300);
    expect(await usedOf(subs[0]!)).toBe(0);
  });

  it('starts a new window of a budget whose reset time has come before taking the hold', async () => {
    // Bought a day and 100 s ago, reset daily: the second window began 100 s ago.
    const start = T0 - 86_400 - 100;
    const { user, tokenId, subs } = await subscriber(0, [{ total: 1_000, used: 1_000, period: 'daily', start, resetAt: start + 86_400 }]);
    await hold(newRequestId(), user.id, tokenId, 300, 'subscription_only');
    const row = await db.selectFrom('user_subscriptions').selectAll().where('id', '=', subs[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ amount_used: 300, last_reset_time: start + 86_400, next_reset_time: start + 2 * 86_400 });
  });

  it('a refund gives the hold back to the subscription, never below zero', async () => {
    const { user, tokenId, subs } = await subscriber(10_000, [{ total: 5_000 }]);
    const id = newRequestId();
    await hold(id, user.id, tokenId, 1_500, 'subscription_first');
    expect(await billing.refund(id)).toBe(true);
    expect(await usedOf(subs[0]!)).toBe(0);
    expect((await walletOf(user.id)).quota).toBe(10_000);

    // The budget was reset while the request ran: the refund takes the window's use to 0, not below.
    const second = newRequestId();
    await hold(second, user.id, tokenId, 1_500, 'subscription_first');
    await db.updateTable('user_subscriptions').set({ amount_used: 200 }).where('id', '=', subs[0]!).execute();
    await billing.refund(second);
    expect(await usedOf(subs[0]!)).toBe(0);
  });

  it('batched settlements move each subscription by its own requests and the wallet by the others', async () => {
    const { user, tokenId, subs } = await subscriber(100_000, [{ total: 2_500 }]);
    const bySub = [newRequestId(), newRequestId()];
    for (const id of bySub) await hold(id, user.id, tokenId, 1_000, 'subscription_first');
    const byWallet = newRequestId();
    await hold(byWallet, user.id, tokenId, 1_000, 'subscription_first');
    expect(billing.fundingOf(byWallet)).toBeUndefined();
    const settle = (requestId: string, actual: number) =>
      billing.settleBatched({ requestId, userId: user.id, tokenId, tokenUnlimited: false, actualQuota: actual, channelId: 0, log: consumeLog(user.username) });
    await Promise.all([settle(bySub[0]!, 400), settle(bySub[1]!, 1_700), settle(byWallet, 250)]);
    expect(await usedOf(subs[0]!)).toBe(2_100);
    expect(Number((await db.selectFrom('tokens').select('remain_quota').where('id', '=', tokenId).executeTakeFirstOrThrow()).remain_quota)).toBe(1_000_000 - 2_350);
    expect(await walletOf(user.id)).toMatchObject({ quota: 100_000 - 250, used_quota: 2_350, request_count: 3 });
    const logs = await db.selectFrom('logs').select(['quota', 'other']).where('user_id', '=', user.id).orderBy('quota').execute();
    expect(logs.map((l) => [l.quota, JSON.parse(l.other!).billing_source ?? 'wallet'])).toEqual([[250, 'wallet'], [400, 'subscription'], [1_700, 'subscription']]);
  });

  it('a crashed process’s subscription hold is refunded to the subscription by reconciliation', async () => {
    const { user, tokenId, subs } = await subscriber(0, [{ total: 5_000 }]);
    const other = new BillingService(db, () => clock);
    await other.preConsume({ requestId: newRequestId(), userId: user.id, tokenId, tokenUnlimited: false, amount: 900, funding: 'subscription_only' });
    expect(await usedOf(subs[0]!)).toBe(900);
    clock += 3_600;
    try {
      expect(await billing.reconcileStaleHolds(600)).toBeGreaterThanOrEqual(1);
    } finally {
      clock -= 3_600;
    }
    expect(await usedOf(subs[0]!)).toBe(0);
  });

  it('concurrent holds never take a budget past its total, and settle to the exact sum', async () => {
    const { user, tokenId, subs } = await subscriber(0, [{ total: 10_000 }]);
    const ids = Array.from({ length: 40 }, newRequestId);
    const outcomes = await Promise.allSettled(ids.map((id) => hold(id, user.id, tokenId, 400, 'subscription_only')));
    const held = ids.filter((_, i) => outcomes[i]!.status === 'fulfilled');
    expect(held).toHaveLength(25);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof InsufficientSubscriptionQuotaError)).toBe(true);
    expect(await usedOf(subs[0]!)).toBe(10_000);
    await Promise.all(held.map((requestId) => billing.settleBatched({ requestId, userId: user.id, tokenId, tokenUnlimited: false, actualQuota: 300, channelId: 0 })));
    expect(await usedOf(subs[0]!)).toBe(25 * 300);
    expect(await walletOf(user.id)).toMatchObject({ quota: 0, used_quota: 25 * 300, request_count: 25 });
  });
});
