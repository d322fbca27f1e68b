import { afterEach, describe, expect, it, vi } from 'vitest';
import { LogType, NO_ACTIVE_PLAN_SUBSCRIPTION, Role, type SubscriptionPlanView, type SubscriptionSelfView } from '@gw/contracts';
import { member, useSiteWithMembers, type Member } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { callJson } from '../users/users.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';

const DAY = 86_400;

describe.each(testDialects())('subscription plans and subscriptions (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);
  afterEach(() => vi.restoreAllMocks());

  const admin = () => site.admin;
  const plan = async (fields: Record<string, unknown> = {}): Promise<SubscriptionPlanView> => {
    const res = await callJson(site.ctx, 'POST', '/api/subscription/admin/plans', admin(), { plan: { title: 'Pro', price_amount: 10, total_amount: 1_000_000, ...fields } });
    expect(res.success, res.message).toBe(true);
    return res.data;
  };
  const self = async (who: Member): Promise<SubscriptionSelfView> => (await callJson(site.ctx, 'GET', '/api/subscription/self', who)).data;
  const userRow = (id: number) => site.ctx.db.selectFrom('users').select(['quota', 'group', 'subscription_until', 'setting']).where('id', '=', id).executeTakeFirstOrThrow();
  /** Runs `fn` with the clock moved by `seconds`. */
  const later = async <T>(seconds: number, fn: () => Promise<T>): Promise<T> => {
    const real = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(real + seconds * 1000);
    try {
      return await fn();
    } finally {
      spy.mockRestore();
    }
  };

  it('creates a plan with new-api’s defaults and lists it to users only while enabled', async () => {
    const created = await plan({ title: '  Starter ', subtitle: 'for trying', currency: 'usd', sort_order: 5 });
    expect(created).toMatchObject({
      title: 'Starter', subtitle: 'for trying', price_amount: 10, currency: 'USD', duration_unit: 'month', duration_value: 1, custom_seconds: 0,
      enabled: true, sort_order: 5, max_purchase_per_user: 0, upgrade_group: '', total_amount: 1_000_000, quota_reset_period: 'never',
    });
    const user = await member(site.ctx);
    const visible = async () => ((await callJson(site.ctx, 'GET', '/api/subscription/plans', user)).data as { plan: SubscriptionPlanView }[]).map((p) => p.plan.id);
    expect(await visible()).toContain(created.id);

    const off = await callJson(site.ctx, 'PATCH', `/api/subscription/admin/plans/${created.id}`, admin(), { enabled: false });
    expect(off.success).toBe(true);
    expect(await visible()).not.toContain(created.id);
    const all = (await callJson(site.ctx, 'GET', '/api/subscription/admin/plans', admin())).data as { plan: SubscriptionPlanView }[];
    expect(all.find((p) => p.plan.id === created.id)?.plan.enabled).toBe(false);
  });

  it('edits a plan with PUT and refuses bad plans with clear messages', async () => {
    const p = await plan();
    const edited = await callJson(site.ctx, 'PUT', `/api/subscription/admin/plans/${p.id}`, admin(), { plan: { title: 'Pro 2', duration_unit: 'day', duration_value: 7, quota_reset_period: 'daily' } });
    expect(edited.data).toMatchObject({ title: 'Pro 2', duration_unit: 'day', duration_value: 7, quota_reset_period: 'daily' });

    const bad = async (fields: Record<string, unknown>, message: RegExp) => {
      const res = await callJson(site.ctx, 'POST', '/api/subscription/admin/plans', admin(), { plan: { title: 'x', ...fields } });
      expect(res.success).toBe(false);
      expect(res.message).toMatch(message);
    };
    await bad({ title: '  ' }, /title must not be empty/);
    await bad({ price_amount: -1 }, /price_amount must not be negative/);
    await bad({ duration_unit: 'week' }, /duration_unit must be/);
    await bad({ duration_unit: 'custom', custom_seconds: 0 }, /custom duration needs custom_seconds/);
    await bad({ duration_value: 0 }, /duration_value must be at least 1/);
    await bad({ quota_reset_period: 'custom', quota_reset_custom_seconds: 10 }, /at least 60 seconds/);
    await bad({ total_amount: 1.5 }, /total_amount must be a whole number/);
    const missing = await callJson(site.ctx, 'PUT', '/api/subscription/admin/plans/999999', admin(), { plan: { title: 'x' } });
    expect(missing).toMatchObject({ success: false, message: 'subscription plan not found' });
  });

  it('keeps plans and other users’ subscriptions to administrators', async () => {
    const user = await member(site.ctx);
    for (const [method, url] of [
      ['GET', '/api/subscription/admin/plans'],
      ['POST', '/api/subscription/admin/plans'],
      ['POST', '/api/subscription/admin/bind'],
      ['GET', `/api/subscription/admin/users/${user.id}/subscriptions`],
    ] as const) {
      const res = await callJson(site.ctx, method, url, user, {});
      expect(res.success).toBe(false);
      expect(res.message).toMatch(/administrator/);
    }
  });

  it('gives a plan: the subscription copies the budget, ends by the duration and shows on the user’s page', async () => {
    const p = await plan({ duration_unit: 'day', duration_value: 30, total_amount: 500_000 });
    const user = await member(site.ctx);
    const before = nowSeconds();
    const bound = await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: user.id, plan_id: p.id });
    expect(bound.success, bound.message).toBe(true);
    const sub = bound.data.subscription;
    expect(sub).toMatchObject({ user_id: user.id, plan_id: p.id, plan_title: 'Pro', amount_total: 500_000, amount_used: 0, status: 'active', source: 'admin' });
    expect(sub.end_time - sub.start_time).toBe(30 * DAY);
    expect(sub.start_time).toBeGreaterThanOrEqual(before);
    expect((await userRow(user.id)).subscription_until).toBe(sub.end_time);

    const view = await self(user);
    expect(view.billing_preference).toBe('subscription_first');
    expect(view.subscription?.subscription.id).toBe(sub.id);
    expect(view.subscriptions.map((s) => s.subscription.id)).toEqual([sub.id]);
    expect(view.all_subscriptions.map((s) => s.subscription.id)).toEqual([sub.id]);

    // Editing the plan afterwards does not change what was given.
    await callJson(site.ctx, 'PUT', `/api/subscription/admin/plans/${p.id}`, admin(), { plan: { title: 'Pro', total_amount: 1 } });
    expect((await self(user)).subscriptions[0]!.subscription.amount_total).toBe(500_000);

    const unknownUser = await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: 99_999_999, plan_id: p.id });
    expect(unknownUser).toMatchObject({ success: false, message: 'user not found' });
    const badBody = await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: 'x' });
    expect(badBody.success).toBe(false);
  });

  it('saves the billing preference with the user’s other settings and refuses unknown ones', async () => {
    const user = await member(site.ctx);
    await site.ctx.db.updateTable('users').set({ setting: JSON.stringify({ notify_type: 'webhook' }) }).where('id', '=', user.id).execute();
    const saved = await callJson(site.ctx, 'PUT', '/api/subscription/self/preference', user, { billing_preference: 'wallet_first' });
    expect(saved).toMatchObject({ success: true, data: { billing_preference: 'wallet_first' } });
    expect(JSON.parse((await userRow(user.id)).setting!)).toEqual({ notify_type: 'webhook', billing_preference: 'wallet_first' });
    expect((await self(user)).billing_preference).toBe('wallet_first');
    const bad = await callJson(site.ctx, 'PUT', '/api/subscription/self/preference', user, { billing_preference: 'free_please' });
    expect(bad.success).toBe(false);
    expect(bad.message).toMatch(/billing_preference must be/);
    expect((await self(user)).billing_preference).toBe('wallet_first');
  });

  it('buys a plan with the balance once per limit, atomically, and logs it', async () => {
    const p = await plan({ price_amount: 2, max_purchase_per_user: 1 });
    const user = await member(site.ctx, { quota: 3_000_000 });
    const perUnit = 500_000;
    const bought = await callJson(site.ctx, 'POST', '/api/subscription/balance/pay', user, { plan_id: p.id });
    expect(bought.success, bought.message).toBe(true);
    expect(bought.data.subscription).toMatchObject({ plan_id: p.id, source: 'balance', status: 'active' });
    expect((await userRow(user.id)).quota).toBe(3_000_000 - 2 * perUnit);
    const log = await site.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', user.id).where('type', '=', LogType.Manage).executeTakeFirstOrThrow();
    expect(log.quota).toBe(2 * perUnit);
    expect(log.content).toMatch(/bought the subscription plan "Pro"/);

    const again = await callJson(site.ctx, 'POST', '/api/subscription/balance/pay', user, { plan_id: p.id });
    expect(again).toMatchObject({ success: false, message: 'this plan can be bought at most 1 time per user' });
    expect((await userRow(user.id)).quota).toBe(3_000_000 - 2 * perUnit);
  });

  it('refuses a purchase the balance cannot cover, of a plan off sale, or of no plan, changing nothing', async () => {
    const p = await plan({ price_amount: 100 });
    const poor = await member(site.ctx, { quota: 1000 });
    const refused = await callJson(site.ctx, 'POST', '/api/subscription/balance/pay', poor, { plan_id: p.id });
    expect(refused.success).toBe(false);
    expect(refused.message).toMatch(/balance is not enough/);
    expect((await userRow(poor.id)).quota).toBe(1000);
    expect((await self(poor)).all_subscriptions).toEqual([]);

    await callJson(site.ctx, 'PATCH', `/api/subscription/admin/plans/${p.id}`, admin(), { enabled: false });
    const rich = await member(site.ctx, { quota: 100_000_000 });
    expect(await callJson(site.ctx, 'POST', '/api/subscription/balance/pay', rich, { plan_id: p.id })).toMatchObject({ success: false, message: 'this plan is not on sale' });
    expect(await callJson(site.ctx, 'POST', '/api/subscription/balance/pay', rich, { plan_id: 99_999_999 })).toMatchObject({ success: false, message: 'subscription plan not found' });
    expect((await userRow(rich.id)).quota).toBe(100_000_000);
  });

  it('concurrent balance purchases of a plan limited to one buy it once', async () => {
    const p = await plan({ price_amount: 1, max_purchase_per_user: 1 });
    const user = await member(site.ctx, { quota: 10_000_000 });
    const results = await Promise.all(Array.from({ length: 6 }, () => callJson(site.ctx, 'POST', '/api/subscription/balance/pay', user, { plan_id: p.id })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect((await self(user)).all_subscriptions).toHaveLength(1);
    expect((await userRow(user.id)).quota).toBe(10_000_000 - 500_000);
  });

  it('lends the upgrade group while the subscription lasts and gives the old group back when it ends', async () => {
    const p = await plan({ upgrade_group: 'vip' });
    const user = await member(site.ctx, { group: 'default' });
    const first = (await callJson(site.ctx, 'POST', `/api/subscription/admin/users/${user.id}/subscriptions`, admin(), { plan_id: p.id })).data.subscription;
    expect((await userRow(user.id)).group).toBe('vip');
    const second = (await callJson(site.ctx, 'POST', `/api/subscription/admin/users/${user.id}/subscriptions`, admin(), { plan_id: p.id })).data.subscription;

    // One of two lenders ends: the group stays; the last one ends: the old group is back.
    expect((await callJson(site.ctx, 'POST', `/api/subscription/admin/user_subscriptions/${first.id}/invalidate`, admin())).success).toBe(true);
    expect((await userRow(user.id)).group).toBe('vip');
    expect((await callJson(site.ctx, 'DELETE', `/api/subscription/admin/user_subscriptions/${second.id}`, admin())).success).toBe(true);
    expect(await userRow(user.id)).toMatchObject({ group: 'default', subscription_until: 0 });

    const list = (await callJson(site.ctx, 'GET', `/api/subscription/admin/users/${user.id}/subscriptions`, admin())).data as { subscription: { id: number; status: string } }[];
    expect(list.map((s) => [s.subscription.id, s.subscription.status])).toEqual([[first.id, 'cancelled']]);
    expect(await callJson(site.ctx, 'DELETE', `/api/subscription/admin/user_subscriptions/${second.id}`, admin())).toMatchObject({ success: false, message: 'subscription not found' });
  });

  it('an administrator’s group change while a plan lends a group is not undone when it ends', async () => {
    const p = await plan({ upgrade_group: 'vip' });
    const user = await member(site.ctx, { group: 'default' });
    const sub = (await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: user.id, plan_id: p.id })).data.subscription;
    await site.ctx.db.updateTable('users').set({ group: 'svip' }).where('id', '=', user.id).execute();
    await callJson(site.ctx, 'POST', `/api/subscription/admin/user_subscriptions/${sub.id}/invalidate`, admin());
    expect((await userRow(user.id)).group).toBe('svip');
  });

  it('the maintenance job expires ended subscriptions and resets due budgets', async () => {
    const short = await plan({ duration_unit: 'hour', duration_value: 1, upgrade_group: 'vip' });
    const daily = await plan({ duration_unit: 'month', duration_value: 1, quota_reset_period: 'daily', total_amount: 1000 });
    const user = await member(site.ctx, { group: 'default' });
    const a = (await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: user.id, plan_id: short.id })).data.subscription;
    const b = (await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: user.id, plan_id: daily.id })).data.subscription;
    await site.ctx.db.updateTable('user_subscriptions').set({ amount_used: 700 }).where('id', '=', b.id).execute();

    const result = await later(DAY + 60, () => site.ctx.services.subscriptions.runMaintenance());
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(result.reset).toBeGreaterThanOrEqual(1);
    const rows = await site.ctx.db.selectFrom('user_subscriptions').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.status])).toEqual([[a.id, 'expired'], [b.id, 'active']]);
    expect(rows[1]).toMatchObject({ amount_used: 0, last_reset_time: b.start_time + DAY, next_reset_time: b.start_time + 2 * DAY });
    expect(await userRow(user.id)).toMatchObject({ group: 'default', subscription_until: b.end_time });
  });

  it('a user’s page shows a due budget as reset before the job ran', async () => {
    const p = await plan({ quota_reset_period: 'weekly', total_amount: 1000 });
    const user = await member(site.ctx);
    const sub = (await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: user.id, plan_id: p.id })).data.subscription;
    await site.ctx.db.updateTable('user_subscriptions').set({ amount_used: 900 }).where('id', '=', sub.id).execute();
    expect((await self(user)).subscriptions[0]!.subscription.amount_used).toBe(900);
    const view = await later(7 * DAY + 5, () => self(user));
    expect(view.subscriptions[0]!.subscription).toMatchObject({ amount_used: 0, next_reset_time: sub.start_time + 14 * DAY });
  });

  it('resets the budgets of a plan’s active subscriptions, restarting the reset window unless told not to, and logs each user', async () => {
    const p = await plan({ title: 'Resettable', quota_reset_period: 'weekly', total_amount: 1000 });
    const other = await plan({ title: 'Other plan', total_amount: 1000 });
    const [u1, u2] = [await member(site.ctx), await member(site.ctx)];
    const bind = async (who: Member, planId: number) => (await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', admin(), { user_id: who.id, plan_id: planId })).data.subscription.id as number;
    const a = await bind(u1, p.id);
    const b = await bind(u1, p.id);
    const c = await bind(u2, p.id);
    const ended = await bind(u2, p.id);
    const elsewhere = await bind(u1, other.id);
    await site.ctx.db.updateTable('user_subscriptions').set({ amount_used: 600 }).where('id', 'in', [a, b, c, ended, elsewhere]).execute();
    await callJson(site.ctx, 'POST', `/api/subscription/admin/user_subscriptions/${ended}/invalidate`, admin());
    const row = (id: number) => site.ctx.db.selectFrom('user_subscriptions').select(['amount_used', 'last_reset_time', 'next_reset_time', 'start_time']).where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row(a);

    const now = nowSeconds();
    const res = await callJson(site.ctx, 'POST', `/api/subscription/admin/plans/${p.id}/subscriptions/reset`, admin());
    expect(res).toMatchObject({ success: true, message: 'subscriptions reset' });
    expect(res.data).toEqual({ plan_id: p.id, plan_title: 'Resettable', matched_count: 3, reset_count: 3, user_count: 2, advance_reset_time: true, affected_user_ids: [u1.id, u2.id].sort((x, y) => x - y) });
    for (const id of [a, b, c]) {
      const r = await row(id);
      expect(r.amount_used).toBe(0);
      // The next weekly reset is a week from the manual one, not from the subscription's start.
      expect(r.last_reset_time).toBeGreaterThanOrEqual(now);
      expect(r.next_reset_time).toBe(r.last_reset_time + 7 * DAY);
    }
    expect(before.next_reset_time).toBe(before.start_time + 7 * DAY);
    expect((await row(ended)).amount_used).toBe(600);
    expect((await row(elsewhere)).amount_used).toBe(600);
    const logs = await site.ctx.db.selectFrom('logs').select(['user_id', 'content']).where('type', '=', LogType.Manage).where('content', 'like', '%reset the budget%').where('user_id', 'in', [u1.id, u2.id]).execute();
    expect(logs.map((l) => l.user_id).sort((x, y) => x - y)).toEqual([u1.id, u2.id].sort((x, y) => x - y));
    expect(logs[0]!.content).toBe(`administrator ${admin().username} reset the budget of the subscription plan "Resettable" (ID ${p.id})`);

    // One user's subscriptions of the plan, the window left as it is.
    await site.ctx.db.updateTable('user_subscriptions').set({ amount_used: 300 }).where('id', 'in', [a, b, c]).execute();
    const window = await row(a);
    const one = await callJson(site.ctx, 'POST', `/api/subscription/admin/users/${u1.id}/subscriptions/reset`, admin(), { plan_id: p.id, advance_reset_time: false });
    expect(one.data).toMatchObject({ reset_count: 2, user_count: 1, advance_reset_time: false, affected_user_ids: [u1.id] });
    expect(await row(a)).toEqual({ ...window, amount_used: 0 });
    expect((await row(c)).amount_used).toBe(300);
  });

  it('refuses a reset for a user without an active subscription to the plan, an unknown plan or user, and bad bodies, changing nothing', async () => {
    const p = await plan();
    const user = await member(site.ctx);
    const reset = (path: string, body?: unknown, who: Member = admin()) => callJson(site.ctx, 'POST', `/api/subscription/admin${path}`, who, body);
    expect(await reset(`/users/${user.id}/subscriptions/reset`, { plan_id: p.id })).toMatchObject({ success: false, message: NO_ACTIVE_PLAN_SUBSCRIPTION });
    expect(await reset(`/users/${user.id}/subscriptions/reset`, {})).toMatchObject({ success: false, message: expect.stringContaining('plan_id is required') });
    expect(await reset(`/users/${user.id}/subscriptions/reset`, { plan_id: p.id, advance_reset_time: 'soon' })).toMatchObject({ success: false, message: expect.stringContaining('advance_reset_time must be true or false') });
    expect(await reset(`/users/99999999/subscriptions/reset`, { plan_id: p.id })).toMatchObject({ success: false, message: 'user not found' });
    expect(await reset('/plans/99999999/subscriptions/reset')).toMatchObject({ success: false, message: 'subscription plan not found' });
    // A plan nobody holds: nothing to reset, and that is no error.
    expect((await reset(`/plans/${p.id}/subscriptions/reset`, { advance_reset_time: false })).data).toMatchObject({ reset_count: 0, user_count: 0, affected_user_ids: [] });
    expect((await reset(`/plans/${p.id}/subscriptions/reset`, {}, user)).success).toBe(false);
  });

  it('root can manage subscriptions too, and a normal user sees only their own', async () => {
    const root = await member(site.ctx, { role: Role.Root });
    const p = await plan();
    const user = await member(site.ctx);
    expect((await callJson(site.ctx, 'POST', '/api/subscription/admin/bind', root, { user_id: user.id, plan_id: p.id })).success).toBe(true);
    const other = await member(site.ctx);
    expect((await self(other)).all_subscriptions).toEqual([]);
  });
});
