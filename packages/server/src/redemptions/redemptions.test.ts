import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedeemFailure, RedemptionStatus } from '@gw/contracts';
import { countRows, createTestContext, json, markSetupDone, member, useSiteWithMembers, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { LogType } from '../logs/log-types.js';
import { nowSeconds } from '../platform/clock.js';
import { call, callJson, userRow } from '../users/users.test-helpers.js';
import { REDEMPTION_EXPIRY_IN_PAST, REDEMPTION_USED_NO_EDIT, REDEMPTION_USED_NO_ENABLE } from './redemptions.service.js';

describe.each(testDialects())('redemption codes (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);

  const codeRow = (key: string) => site.ctx.db.selectFrom('redemptions').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const codeCount = () => countRows(site.ctx.db, 'redemptions');
  const topUpLogs = (userId: number) => site.ctx.db.selectFrom('logs').selectAll().where('user_id', '=', userId).where('type', '=', LogType.TopUp).orderBy('id').execute();

  /** Creates codes through the API and answers their keys. */
  async function createCodes(fields: Record<string, unknown> = {}): Promise<string[]> {
    const body = await callJson(site.ctx, 'POST', '/api/redemption/', site.admin, { name: 'gift', quota: 100000, count: 1, ...fields });
    expect(body.success, body.message).toBe(true);
    return body.data;
  }
  const createCode = async (fields: Record<string, unknown> = {}) => (await createCodes(fields))[0];
  const redeem = (who: Member, key: unknown) => callJson(site.ctx, 'POST', '/api/user/topup', who, { key });

  describe('administration', () => {
    it('creates N codes of 32 random characters and answers them for copying', async () => {
      const keys = await createCodes({ name: 'launch', quota: 250000, count: 3 });
      expect(keys).toHaveLength(3);
      for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(new Set(keys).size).toBe(3);
      const row = await codeRow(keys[0]);
      expect(row).toMatchObject({ name: 'launch', quota: 250000, status: RedemptionStatus.Enabled, user_id: site.admin.id, used_user_id: 0, redeemed_time: 0, expired_time: 0, deleted_at: null });
      expect(row.created_time).toBeGreaterThanOrEqual(nowSeconds() - 5);
    });

    const invalid: [what: string, fields: Record<string, unknown>, message: RegExp][] = [
      ['an empty name', { name: '' }, /name must be 1-20 characters/],
      ['a name over 20 characters', { name: 'x'.repeat(21) }, /name must be 1-20 characters/],
      ['a quota of 0', { quota: 0 }, /quota must be a positive integer/],
      ['a negative quota', { quota: -100 }, /quota must be a positive integer/],
      ['a non-integer quota', { quota: 10.5 }, /quota must be a positive integer/],
      ['a count of 0', { count: 0 }, /count must be at least 1/],
      ['a count over 100', { count: 101 }, /count must be at most 100/],
      ['an expiry that is not a number', { expired_time: 'soon' }, /expiry time format error/],
      ['an expiry in the past', { expired_time: 1_600_000_000 }, new RegExp(REDEMPTION_EXPIRY_IN_PAST.replace(/[()]/g, '\\$&'))],
    ];
    it.each(invalid)('refuses %s and creates nothing', async (_what, fields, message) => {
      const before = await codeCount();
      const body = await callJson(site.ctx, 'POST', '/api/redemption/', site.admin, { name: 'ok', quota: 100, count: 1, ...fields });
      expect(body.success).toBe(false);
      expect(body.message).toMatch(message);
      expect(await codeCount()).toBe(before);
    });

    it('lists codes newest first in the paged shape, searches by name or id, and reads one', async () => {
      const [older] = await createCodes({ name: 'Spring sale' });
      const [newer] = await createCodes({ name: 'spring bonus' });
      const olderId = (await codeRow(older)).id;
      const newerId = (await codeRow(newer)).id;

      const list = await callJson(site.ctx, 'GET', '/api/redemption/?p=0&page_size=2', site.admin);
      expect(list.data).toMatchObject({ page: 1, page_size: 2, total: await codeCount() });
      expect(list.data.items.map((c: { id: number }) => c.id)).toEqual([newerId, olderId]);
      expect(list.data.items[0]).toMatchObject({ key: newer, name: 'spring bonus', quota: 100000, status: 1, used_user_id: 0 });

      const byName = await callJson(site.ctx, 'GET', '/api/redemption/search?keyword=SPRING&p=1&page_size=10', site.admin);
      expect(byName.data.items.map((c: { id: number }) => c.id)).toEqual([newerId, olderId]);
      expect(byName.data.total).toBe(2);
      const byId = await callJson(site.ctx, 'GET', `/api/redemption/search?keyword=${olderId}`, site.admin);
      expect(byId.data.items.map((c: { id: number }) => c.id)).toEqual([olderId]);

      expect(await callJson(site.ctx, 'GET', `/api/redemption/${olderId}`, site.admin)).toMatchObject({ success: true, data: { id: olderId, key: older, name: 'Spring sale' } });
      expect(await callJson(site.ctx, 'GET', '/api/redemption/999999', site.admin)).toMatchObject({ success: false, message: 'redemption code not found' });
    });

    it('is closed to normal users (403) and to anonymous callers (401), and they change nothing', async () => {
      const key = await createCode();
      const id = (await codeRow(key)).id;
      const before = await codeCount();
      const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object][] = [
        ['GET', '/api/redemption/'],
        ['GET', '/api/redemption/search?keyword=gift'],
        ['GET', `/api/redemption/${id}`],
        ['POST', '/api/redemption/', { name: 'mine', quota: 999999, count: 5 }],
        ['PUT', '/api/redemption/', { id, quota: 1 }],
        ['PUT', '/api/redemption/?status_only=true', { id, status: 2 }],
        ['DELETE', `/api/redemption/${id}/`],
        ['DELETE', '/api/redemption/invalid'],
      ];
      for (const [method, url, payload] of routes) {
        expect((await call(site.ctx, method, url, site.normal, payload)).statusCode, `${method} ${url}`).toBe(403);
        expect((await call(site.ctx, method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
      }
      expect(await codeCount()).toBe(before);
      expect(await codeRow(key)).toMatchObject({ quota: 100000, status: 1, deleted_at: null });
    });

    it('edits name, quota and expiry of an unused (or disabled) code', async () => {
      const key = await createCode();
      const id = (await codeRow(key)).id;
      const expiry = nowSeconds() + 3600;
      const body = await callJson(site.ctx, 'PUT', '/api/redemption/', site.admin, { id, name: 'renamed', quota: 42, expired_time: expiry, key: 'ignored', status: 3 });
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ id, name: 'renamed', quota: 42, expired_time: expiry, key, status: 1 });
      await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id, status: RedemptionStatus.Disabled });
      expect((await callJson(site.ctx, 'PUT', '/api/redemption/', site.admin, { id, quota: 43 })).success).toBe(true);
      expect(await codeRow(key)).toMatchObject({ name: 'renamed', quota: 43, status: RedemptionStatus.Disabled });
    });

    it('refuses to edit a used code and leaves it unchanged', async () => {
      const key = await createCode();
      expect((await redeem(site.normal, key)).success).toBe(true);
      const before = await codeRow(key);
      const body = await callJson(site.ctx, 'PUT', '/api/redemption/', site.admin, { id: before.id, name: 'changed', quota: 1 });
      expect(body).toMatchObject({ success: false, message: REDEMPTION_USED_NO_EDIT });
      expect(await codeRow(key)).toEqual(before);
    });

    it('toggles a code between enabled and disabled, never enables a used code, and refuses status 3 by hand', async () => {
      const key = await createCode();
      const id = (await codeRow(key)).id;
      expect((await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id, status: 2 })).data).toMatchObject({ status: 2 });
      expect((await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id, status: 1 })).data).toMatchObject({ status: 1 });
      expect(await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id, status: 3 })).toMatchObject({
        success: false,
        message: 'status must be 1 (enabled) or 2 (disabled)',
      });

      const used = await createCode();
      expect((await redeem(site.normal, used)).success).toBe(true);
      const usedRow = await codeRow(used);
      expect(await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id: usedRow.id, status: 1 })).toMatchObject({ success: false, message: REDEMPTION_USED_NO_ENABLE });
      expect(await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id: usedRow.id, status: 2 })).toMatchObject({ success: false });
      expect(await codeRow(used)).toEqual(usedRow);
    });

    it('soft-deletes a code: it stays in the table but cannot be read or redeemed', async () => {
      const key = await createCode();
      const id = (await codeRow(key)).id;
      expect((await callJson(site.ctx, 'DELETE', `/api/redemption/${id}/`, site.admin)).success).toBe(true);
      expect((await codeRow(key)).deleted_at).toBeGreaterThan(0);
      expect(await callJson(site.ctx, 'GET', `/api/redemption/${id}`, site.admin)).toMatchObject({ success: false, message: 'redemption code not found' });
      expect(await callJson(site.ctx, 'DELETE', `/api/redemption/${id}/`, site.admin)).toMatchObject({ success: false, message: 'redemption code not found' });
      const quota = (await userRow(site.ctx, site.normal.id))!.quota;
      expect(await redeem(site.normal, key)).toMatchObject({ success: false, message: RedeemFailure.Invalid });
      expect((await userRow(site.ctx, site.normal.id))!.quota).toBe(quota);
    });

    it('deletes every used, disabled and expired code at once and keeps the redeemable ones', async () => {
      const valid = await createCode();
      const used = await createCode();
      const disabled = await createCode();
      const expired = await createCode();
      await redeem(site.normal, used);
      await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id: (await codeRow(disabled)).id, status: 2 });
      await site.ctx.db.updateTable('redemptions').set({ expired_time: nowSeconds() - 1 }).where('key', '=', expired).execute();
      const live = await site.ctx.db.selectFrom('redemptions').select('key').where('deleted_at', 'is', null).execute();
      const body = await callJson(site.ctx, 'DELETE', '/api/redemption/invalid', site.admin);
      expect(body.success).toBe(true);
      const remaining = await site.ctx.db.selectFrom('redemptions').select('key').where('deleted_at', 'is', null).execute();
      expect(body.data).toBe(live.length - remaining.length);
      const left = remaining.map((r) => r.key);
      expect(left).toContain(valid);
      for (const gone of [used, disabled, expired]) expect(left).not.toContain(gone);
    });
  });

  describe('POST /api/user/topup (redeem)', () => {
    it('adds the code\'s quota, marks it used by the user and writes a top-up log', async () => {
      const user = await member(site.ctx, { quota: 1000 });
      const key = await createCode({ quota: 100000 });
      const body = await redeem(user, key);
      expect(body).toMatchObject({ success: true, data: 100000 });
      expect((await userRow(site.ctx, user.id))!.quota).toBe(101000);
      const row = await codeRow(key);
      expect(row).toMatchObject({ status: RedemptionStatus.Used, used_user_id: user.id });
      expect(row.redeemed_time).toBeGreaterThanOrEqual(nowSeconds() - 5);
      const logs = await topUpLogs(user.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: LogType.TopUp, quota: 100000, username: user.username });
      expect(logs[0].content).toBe(`redeemed code #${row.id} for $0.20 (100000 quota)`);
    });

    it('refuses bad codes with the right message and changes nothing', async () => {
      const user = await member(site.ctx, { quota: 500 });
      const used = await createCode();
      expect((await redeem(site.normal, used)).success).toBe(true);
      const disabled = await createCode();
      await callJson(site.ctx, 'PUT', '/api/redemption/?status_only=true', site.admin, { id: (await codeRow(disabled)).id, status: 2 });
      const expired = await createCode();
      await site.ctx.db.updateTable('redemptions').set({ expired_time: nowSeconds() - 1 }).where('key', '=', expired).execute();
      const cases: [key: unknown, message: string][] = [
        ['x'.repeat(32), RedeemFailure.Invalid],
        [used, RedeemFailure.Used],
        [disabled, RedeemFailure.Disabled],
        [expired, RedeemFailure.Expired],
        ['', 'key: please enter redemption code'],
        [undefined, 'key: please enter redemption code'],
      ];
      for (const [key, message] of cases) {
        const started = Date.now();
        expect(await redeem(user, key), String(key)).toMatchObject({ success: false, message });
        expect(Date.now() - started).toBeLessThan(5000);
      }
      expect((await userRow(site.ctx, user.id))!.quota).toBe(500);
      expect(await topUpLogs(user.id)).toHaveLength(0);
      expect(await codeRow(disabled)).toMatchObject({ status: RedemptionStatus.Disabled, used_user_id: 0 });
      expect(await codeRow(expired)).toMatchObject({ status: RedemptionStatus.Enabled, used_user_id: 0 });
      expect((await codeRow(used)).used_user_id).toBe(site.normal.id);
    });

    it('redeems a code exactly once when ten users race for it', async () => {
      const racers = await Promise.all(Array.from({ length: 10 }, () => member(site.ctx, { quota: 0 })));
      const key = await createCode({ quota: 777 });
      const results = await Promise.all(racers.map((u) => redeem(u, key)));
      const winners = racers.filter((_, i) => results[i].success);
      expect(winners).toHaveLength(1);
      for (const r of results.filter((x) => !x.success)) expect(r.message).toBe(RedeemFailure.Used);
      const quotas = await Promise.all(racers.map(async (u) => (await userRow(site.ctx, u.id))!.quota));
      expect(quotas.reduce((a, b) => a + b, 0)).toBe(777);
      expect((await userRow(site.ctx, winners[0].id))!.quota).toBe(777);
      const logs = (await Promise.all(racers.map((u) => topUpLogs(u.id)))).flat();
      expect(logs).toHaveLength(1);
      expect(logs[0].user_id).toBe(winners[0].id);
      expect((await codeRow(key)).used_user_id).toBe(winners[0].id);
    });

    it('adds every code exactly when one user redeems ten codes at once', async () => {
      const user = await member(site.ctx, { quota: 5 });
      const keys = await createCodes({ quota: 1000, count: 10 });
      const results = await Promise.all(keys.map((k) => redeem(user, k)));
      expect(results.every((r) => r.success)).toBe(true);
      expect((await userRow(site.ctx, user.id))!.quota).toBe(5 + 10 * 1000);
      expect(await topUpLogs(user.id)).toHaveLength(10);
    });

    it('answers 401 to an anonymous caller', async () => {
      const key = await createCode();
      const res = await call(site.ctx, 'POST', '/api/user/topup', undefined, { key });
      expect(res.statusCode).toBe(401);
      expect(json(res).success).toBe(false);
      expect((await codeRow(key)).status).toBe(RedemptionStatus.Enabled);
    });
  });
});

describe('redeem rate limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { authRateLimitPerMinute: 2 });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('answers 429 once a client has tried too many codes in a minute', async () => {
    const user = await member(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(ctx, 'POST', '/api/user/topup', user, { key: `guess${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
