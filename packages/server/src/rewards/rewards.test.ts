import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FUEL_PACK_ALREADY_CLAIMED, FUEL_PACK_DISABLED, INSUFFICIENT_TRANSFER_QUOTA, LogType } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { nowSeconds } from '../platform/clock.js';
import { callJson, logsOf, userRow } from '../users/users.test-helpers.js';
import { ACTIVITY_LOG_TYPE } from './rewards.service.js';

const DAY = 86_400;

describe.each(testDialects())('activity center rewards (%s)', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  const setRewards = (id: number, values: { quota?: number; aff_quota?: number; activity_quota?: number; last_fuel_pack_at?: number }) =>
    ctx.db.updateTable('users').set(values).where('id', '=', id).execute();
  const claim = (who: Member) => callJson(ctx, 'GET', '/api/user/fuel_pack', who);
  const transfer = (who: Member, quota: unknown) => callJson(ctx, 'POST', '/api/user/quota_transfer', who, { quota });

  describe('fuel pack', () => {
    beforeEach(() => ctx.services.options.set({ FuelPackEnabled: true, FuelPackQuota: 250_000, FuelPackLimit: 7 }));

    it('credits FuelPackQuota to the balance and the fuel-pack history, with a type-5 log', async () => {
      const user = await member(ctx, { quota: 1000 });
      const body = await claim(user);
      expect(body).toMatchObject({ success: true, data: { quota: 250_000, balance: 251_000 } });
      expect(body.data.next_claim_at).toBeGreaterThanOrEqual(nowSeconds() + 7 * DAY - 5);
      const row = await userRow(ctx, user.id);
      expect(row).toMatchObject({ quota: 251_000, history_fuel_pack_quota: 250_000 });
      expect(row!.last_fuel_pack_at).toBeGreaterThanOrEqual(nowSeconds() - 5);
      const logs = await logsOf(ctx, user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: ACTIVITY_LOG_TYPE, quota: 250_000, username: user.username });
      expect(ACTIVITY_LOG_TYPE).toBe(5);
    });

    it('refuses a second claim within FuelPackLimit days and changes nothing', async () => {
      const user = await member(ctx);
      expect((await claim(user)).success).toBe(true);
      const second = await claim(user);
      expect(second).toMatchObject({ success: false, message: FUEL_PACK_ALREADY_CLAIMED });
      expect(second.data.next_claim_at).toBeGreaterThan(nowSeconds() + 6 * DAY);
      expect(await userRow(ctx, user.id)).toMatchObject({ quota: 250_000, history_fuel_pack_quota: 250_000 });
      expect(await logsOf(ctx, user.id)).toHaveLength(1);
    });

    it('grants exactly one pack when many claims race', async () => {
      const user = await member(ctx);
      const answers = await Promise.all(Array.from({ length: 8 }, () => claim(user)));
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect(answers.filter((a) => !a.success).every((a) => a.message === FUEL_PACK_ALREADY_CLAIMED)).toBe(true);
      expect(await userRow(ctx, user.id)).toMatchObject({ quota: 250_000, history_fuel_pack_quota: 250_000 });
      expect(await logsOf(ctx, user.id)).toHaveLength(1);
    });

    it('can be claimed again once the window has passed, and the window follows FuelPackLimit', async () => {
      const user = await member(ctx);
      await ctx.services.options.set({ FuelPackLimit: 3 });
      await setRewards(user.id, { last_fuel_pack_at: nowSeconds() - 2 * DAY });
      expect((await claim(user)).message).toBe(FUEL_PACK_ALREADY_CLAIMED);
      await setRewards(user.id, { last_fuel_pack_at: nowSeconds() - 3 * DAY - 10 });
      expect(await claim(user)).toMatchObject({ success: true, data: { quota: 250_000 } });
    });

    it('is refused while disabled or empty', async () => {
      const user = await member(ctx);
      await ctx.services.options.set({ FuelPackEnabled: false });
      expect(await claim(user)).toMatchObject({ success: false, message: FUEL_PACK_DISABLED });
      await ctx.services.options.set({ FuelPackEnabled: true, FuelPackQuota: 0 });
      expect(await claim(user)).toMatchObject({ success: false, message: FUEL_PACK_DISABLED });
      expect(await userRow(ctx, user.id)).toMatchObject({ quota: 0, last_fuel_pack_at: 0 });
    });
  });

  describe('quota transfer', () => {
    it('moves invitation rewards first, then activity rewards, to the balance, with a type-1 log', async () => {
      const user = await member(ctx, { quota: 100 });
      await setRewards(user.id, { aff_quota: 300, activity_quota: 500 });
      expect(await transfer(user, 200)).toMatchObject({ success: true, data: { transferred: 200, quota: 300, aff_quota: 100, activity_quota: 500 } });
      expect(await transfer(user, 400)).toMatchObject({ success: true, data: { transferred: 400, quota: 700, aff_quota: 0, activity_quota: 200 } });
      expect(await transfer(user, 200)).toMatchObject({ success: true, data: { quota: 900, aff_quota: 0, activity_quota: 0 } });
      const row = await userRow(ctx, user.id);
      expect(row).toMatchObject({ quota: 900, aff_quota: 0, activity_quota: 0 });
      const logs = await logsOf(ctx, user.id);
      expect(logs.map((l) => [l.type, l.quota])).toEqual([[LogType.TopUp, 200], [LogType.TopUp, 400], [LogType.TopUp, 200]]);
    });

    it('keeps the lifetime reward totals when transferring', async () => {
      const user = await member(ctx);
      await setRewards(user.id, { aff_quota: 50 });
      await ctx.db.updateTable('users').set({ aff_history_quota: 50, activity_history_quota: 70 }).where('id', '=', user.id).execute();
      await transfer(user, 50);
      expect(await userRow(ctx, user.id)).toMatchObject({ aff_history_quota: 50, activity_history_quota: 70 });
    });

    const refused: [what: string, quota: unknown][] = [
      ['zero', 0],
      ['a negative amount', -5],
      ['a fraction', 1.5],
      ['text', 'lots'],
      ['more than the rewards', 801],
    ];
    it.each(refused)('refuses %s with the spec message and changes nothing', async (_what, quota) => {
      const user = await member(ctx, { quota: 100 });
      await setRewards(user.id, { aff_quota: 300, activity_quota: 500 });
      expect(await transfer(user, quota)).toMatchObject({ success: false, message: INSUFFICIENT_TRANSFER_QUOTA });
      expect(await userRow(ctx, user.id)).toMatchObject({ quota: 100, aff_quota: 300, activity_quota: 500 });
      expect(await logsOf(ctx, user.id)).toHaveLength(0);
    });

    it('never moves more than the rewards when transfers race', async () => {
      const user = await member(ctx);
      await setRewards(user.id, { aff_quota: 600, activity_quota: 400 });
      const answers = await Promise.all(Array.from({ length: 6 }, () => transfer(user, 600)));
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect(await userRow(ctx, user.id)).toMatchObject({ quota: 600, aff_quota: 0, activity_quota: 400 });
      expect(await logsOf(ctx, user.id)).toHaveLength(1);
    });

    it('answers new-api\'s /api/user/aff_transfer the same way', async () => {
      const user = await member(ctx, { quota: 10 });
      await setRewards(user.id, { aff_quota: 300 });
      expect(await callJson(ctx, 'POST', '/api/user/aff_transfer', user, { quota: 200 })).toMatchObject({ success: true });
      expect(await userRow(ctx, user.id)).toMatchObject({ quota: 210, aff_quota: 100 });
      expect(await callJson(ctx, 'POST', '/api/user/aff_transfer', user, { quota: 101 })).toMatchObject({ success: false, message: INSUFFICIENT_TRANSFER_QUOTA });
      expect(await logsOf(ctx, user.id)).toHaveLength(1);
    });

    it('is for signed-in users only', async () => {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/user/quota_transfer', payload: { quota: 1 } })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'POST', url: '/api/user/aff_transfer', payload: { quota: 1 } })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/user/fuel_pack' })).statusCode).toBe(401);
    });
  });
});
