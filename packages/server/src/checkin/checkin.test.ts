import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKIN_ALREADY_DONE, CHECKIN_DISABLED, CHECKIN_MONTH_INVALID, LogType, Role } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { callJson, logsOf, userRow } from '../users/users.test-helpers.js';
import { localDate } from './local-date.js';

describe.each(testDialects())('daily check-in (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
  });
  afterAll(() => ctx?.close());

  const checkIn = (who: Member) => callJson(ctx, 'POST', '/api/user/checkin', who);
  const stats = (who: Member, query = '') => callJson(ctx, 'GET', `/api/user/checkin${query}`, who);
  const rowsOf = (userId: number) => ctx.db.selectFrom('checkins').selectAll().where('user_id', '=', userId).execute();
  const saveOptions = (entries: { key: string; value: unknown }[]) => callJson(ctx, 'PUT', '/api/option/', root, entries);

  describe('checking in', () => {
    beforeEach(() => ctx.services.options.set({ 'checkin_setting.enabled': true, 'checkin_setting.min_quota': 1000, 'checkin_setting.max_quota': 10000 }));

    it('is refused while disabled and changes nothing', async () => {
      await ctx.services.options.set({ 'checkin_setting.enabled': false });
      const user = await member(ctx, { quota: 500 });
      expect(await checkIn(user)).toMatchObject({ success: false, message: CHECKIN_DISABLED });
      expect((await userRow(ctx, user.id))?.quota).toBe(500);
      expect(await rowsOf(user.id)).toHaveLength(0);
      expect(await logsOf(ctx, user.id)).toHaveLength(0);
    });

    it('credits a reward within [min, max] with one check-in row and one system log, and announces the user', async () => {
      const user = await member(ctx, { quota: 500 });
      const changed = vi.spyOn(ctx.services.events, 'changed');
      const body = await checkIn(user);
      expect(body).toMatchObject({ success: true, data: { checkin_date: localDate() } });
      const awarded = body.data.quota_awarded as number;
      expect(Number.isInteger(awarded)).toBe(true);
      expect(awarded).toBeGreaterThanOrEqual(1000);
      expect(awarded).toBeLessThanOrEqual(10000);
      expect(changed).toHaveBeenCalledWith('user', user.id);
      changed.mockRestore();

      expect((await userRow(ctx, user.id))?.quota).toBe(500 + awarded);
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ checkin_date: localDate(), quota_awarded: awarded });
      const logs = await logsOf(ctx, user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: LogType.System, quota: awarded, username: user.username, content: `daily check-in: ${awarded} quota` });
    });

    it('awards exactly the amount when min and max are equal', async () => {
      await ctx.services.options.set({ 'checkin_setting.min_quota': 4321, 'checkin_setting.max_quota': 4321 });
      const user = await member(ctx);
      expect(await checkIn(user)).toMatchObject({ success: true, data: { quota_awarded: 4321 } });
      expect((await userRow(ctx, user.id))?.quota).toBe(4321);
    });

    it('refuses a second check-in on the same day and changes nothing', async () => {
      const user = await member(ctx);
      const first = await checkIn(user);
      expect(first.success).toBe(true);
      expect(await checkIn(user)).toMatchObject({ success: false, message: CHECKIN_ALREADY_DONE });
      expect((await userRow(ctx, user.id))?.quota).toBe(first.data.quota_awarded);
      expect(await rowsOf(user.id)).toHaveLength(1);
      expect(await logsOf(ctx, user.id)).toHaveLength(1);
    });

    it("awards a user of a group listed in group_quotas within that group's range, and reports it", async () => {
      await ctx.services.options.set({ 'checkin_setting.group_quotas': { vip: { min_quota: 50_000, max_quota: 50_000 } } });
      try {
        const vip = await member(ctx, { group: 'vip' });
        expect((await stats(vip)).data).toMatchObject({ min_quota: 50_000, max_quota: 50_000 });
        expect(await checkIn(vip)).toMatchObject({ success: true, data: { quota_awarded: 50_000 } });
        const plain = await member(ctx);
        expect((await stats(plain)).data).toMatchObject({ min_quota: 1000, max_quota: 10000 });
        expect((await checkIn(plain)).data.quota_awarded).toBeLessThanOrEqual(10000);
      } finally {
        await ctx.services.options.set({ 'checkin_setting.group_quotas': {} });
      }
    });

    it('awards exactly once when eight check-ins race', async () => {
      const user = await member(ctx);
      const answers = await Promise.all(Array.from({ length: 8 }, () => checkIn(user)));
      const won = answers.filter((a) => a.success);
      expect(won).toHaveLength(1);
      expect(answers.filter((a) => !a.success).map((a) => a.message)).toEqual(Array(7).fill(CHECKIN_ALREADY_DONE));
      expect((await userRow(ctx, user.id))?.quota).toBe(won[0].data.quota_awarded);
      expect(await rowsOf(user.id)).toHaveLength(1);
      expect(await logsOf(ctx, user.id)).toHaveLength(1);
    });
  });

  describe('statistics', () => {
    it("answers the month's records newest first, the totals and today's state", async () => {
      await ctx.services.options.set({ 'checkin_setting.enabled': true, 'checkin_setting.min_quota': 1000, 'checkin_setting.max_quota': 10000 });
      const user = await member(ctx);
      const other = await member(ctx);
      const past = [
        { checkin_date: '2025-01-05', quota_awarded: 1500 },
        { checkin_date: '2025-01-20', quota_awarded: 2500 },
        { checkin_date: '2025-02-01', quota_awarded: 3000 },
      ];
      await ctx.db.insertInto('checkins').values(past.map((p) => ({ ...p, user_id: user.id, created_at: 1 }))).execute();
      await ctx.db.insertInto('checkins').values({ user_id: other.id, checkin_date: '2025-01-07', quota_awarded: 9999, created_at: 1 }).execute();

      const before = await stats(user);
      expect(before).toMatchObject({ success: true, data: { enabled: true, checked_in_today: false, total_checkins: 3, total_quota: 7000, checkin_count: 0, records: [], min_quota: 1000, max_quota: 10000 } });

      const awarded = (await checkIn(user)).data.quota_awarded as number;
      const thisMonth = await stats(user);
      expect(thisMonth.data).toMatchObject({
        checked_in_today: true,
        total_checkins: 4,
        total_quota: 7000 + awarded,
        checkin_count: 1,
        records: [{ checkin_date: localDate(), quota_awarded: awarded }],
      });
      // new-api's console reads the same figures under `stats`.
      expect(thisMonth.data.stats).toEqual({
        checked_in_today: true,
        total_checkins: 4,
        total_quota: 7000 + awarded,
        checkin_count: 1,
        records: [{ checkin_date: localDate(), quota_awarded: awarded }],
      });

      const january = await stats(user, '?month=2025-01');
      expect(january.data).toMatchObject({
        checked_in_today: true,
        total_checkins: 4,
        checkin_count: 2,
        records: [
          { checkin_date: '2025-01-20', quota_awarded: 2500 },
          { checkin_date: '2025-01-05', quota_awarded: 1500 },
        ],
      });
      expect((await stats(user, '?month=2024-12')).data).toMatchObject({ checkin_count: 0, records: [] });
    });

    it.each(['2025-13', '2025-1', '25-01', 'january', '2025-01-05'])('refuses the month %s with a clear message', async (month) => {
      const user = await member(ctx);
      expect(await stats(user, `?month=${month}`)).toMatchObject({ success: false, message: CHECKIN_MONTH_INVALID });
    });

    it('still answers while check-in is disabled, saying so', async () => {
      await ctx.services.options.set({ 'checkin_setting.enabled': false });
      const user = await member(ctx);
      expect(await stats(user)).toMatchObject({ success: true, data: { enabled: false, checked_in_today: false, total_checkins: 0 } });
    });

    it('is for signed-in users only', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/user/checkin' })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/user/checkin' })).statusCode).toBe(401);
    });
  });

  describe('options and status', () => {
    it('refuses a maximum below the minimum, alone or in a batch, and keeps the saved values', async () => {
      await ctx.services.options.set({ 'checkin_setting.min_quota': 1000, 'checkin_setting.max_quota': 10000 });
      const refusedMax = await saveOptions([{ key: 'checkin_setting.max_quota', value: 999 }]);
      expect(refusedMax.success).toBe(false);
      expect(refusedMax.message).toMatch(/checkin_setting\.max_quota.*cannot be below.*checkin_setting\.min_quota/);
      expect((await saveOptions([{ key: 'checkin_setting.min_quota', value: 20000 }])).success).toBe(false);
      const batch = await saveOptions([
        { key: 'checkin_setting.min_quota', value: 5000 },
        { key: 'checkin_setting.max_quota', value: 4000 },
      ]);
      expect(batch.success).toBe(false);
      expect(ctx.services.options.get('checkin_setting.min_quota')).toBe(1000);
      expect(ctx.services.options.get('checkin_setting.max_quota')).toBe(10000);

      expect((await saveOptions([{ key: 'checkin_setting.min_quota', value: 10000 }])).success).toBe(true);
      expect((await saveOptions([{ key: 'checkin_setting.min_quota', value: 20000 }, { key: 'checkin_setting.max_quota', value: 30000 }])).success).toBe(true);
      expect((await saveOptions([{ key: 'checkin_setting.min_quota', value: -1 }])).success).toBe(false);
    });

    it('refuses group ranges that are malformed or upside down, with the reason', async () => {
      for (const [value, message] of [
        [{ vip: { min_quota: 5, max_quota: 4 } }, "a group's max_quota must not be below its min_quota"],
        [{ vip: { min_quota: -1, max_quota: 4 } }, 'min_quota must be at least 0'],
        [{ vip: 7 }, 'each group needs {"min_quota": n, "max_quota": n}'],
        [[1, 2], 'must be a JSON object'],
      ] as const) {
        const body = await saveOptions([{ key: 'checkin_setting.group_quotas', value: JSON.stringify(value) }]);
        expect(body.success).toBe(false);
        expect(body.message).toContain(message);
      }
      expect(ctx.services.options.get('checkin_setting.group_quotas')).toEqual({});
      expect((await saveOptions([{ key: 'checkin_setting.group_quotas', value: '{"vip":{"min_quota":1,"max_quota":2}}' }])).success).toBe(true);
      await ctx.services.options.set({ 'checkin_setting.group_quotas': {} });
    });

    it('shows whether check-in is on in GET /api/status', async () => {
      const status = async () => (await callJson(ctx, 'GET', '/api/status')).data.checkin_enabled;
      await ctx.services.options.set({ 'checkin_setting.enabled': false });
      expect(await status()).toBe(false);
      expect((await saveOptions([{ key: 'checkin_setting.enabled', value: true }])).success).toBe(true);
      expect(await status()).toBe(true);
    });
  });
});
