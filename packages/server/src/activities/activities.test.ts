import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_DATES_ORDER,
  ACTIVITY_DESC_REQUIRED,
  ACTIVITY_EXPIRED,
  ACTIVITY_NAME_REQUIRED,
  ACTIVITY_NOT_ACTIVE,
  ACTIVITY_NOT_STARTED,
  ACTIVITY_QUOTA_INVALID,
} from '@gw/contracts';
import { countRows, member, useSiteWithMembers } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { nowSeconds } from '../platform/clock.js';
import { call, callJson, logsOf, userRow } from '../users/users.test-helpers.js';
import { ACTIVITY_LOG_TYPE } from '../rewards/rewards.service.js';

const DAY = 86_400;

describe.each(testDialects())('activities (%s)', (dialect) => {
  const site = useSiteWithMembers(dialect);

  const valid = { name: 'Spring', desc: 'spring gift', quota: 100_000 };
  async function createActivity(fields: Record<string, unknown> = {}) {
    const body = await callJson(site.ctx, 'POST', '/api/activity/', site.admin, { ...valid, ...fields });
    expect(body.success, body.message).toBe(true);
    return body.data as { id: number; name: string; status: boolean };
  }
  const reward = (activityId: number, userIds: unknown) => callJson(site.ctx, 'POST', '/api/activity/reward', site.admin, { activity_id: activityId, user_ids: userIds });
  const activityCount = () => countRows(site.ctx.db, 'activities');

  describe('manager', () => {
    it('creates an activity (active, unlimited dates by default) and edits it', async () => {
      const created = await createActivity({ start_date: '', end_date: null });
      expect(created).toMatchObject({ name: 'Spring', desc: 'spring gift', quota: 100_000, status: true, start_date: 0, end_date: 0, rewarded_count: 0 });
      const start = nowSeconds();
      const edited = await callJson(site.ctx, 'PUT', `/api/activity/${created.id}`, site.admin, { name: 'Summer', desc: 'hot', quota: 5, status: false, start_date: start, end_date: start + DAY });
      expect(edited).toMatchObject({ success: true, data: { id: created.id, name: 'Summer', desc: 'hot', quota: 5, status: false, start_date: start, end_date: start + DAY } });
    });

    const invalid: [what: string, fields: Record<string, unknown>, message: string][] = [
      ['no name', { name: '' }, ACTIVITY_NAME_REQUIRED],
      ['no description', { desc: '  ' }, ACTIVITY_DESC_REQUIRED],
      ['no quota', { quota: undefined }, ACTIVITY_QUOTA_INVALID],
      ['a zero quota', { quota: 0 }, ACTIVITY_QUOTA_INVALID],
      ['a negative quota', { quota: -1 }, ACTIVITY_QUOTA_INVALID],
      ['a fractional quota', { quota: 1.5 }, ACTIVITY_QUOTA_INVALID],
      ['a quota above the largest safe integer', { quota: Number.MAX_SAFE_INTEGER + 2 }, ACTIVITY_QUOTA_INVALID],
      ['a quota above the largest safe integer, as text', { quota: '9007199254740993' }, ACTIVITY_QUOTA_INVALID],
      ['a huge quota in exponent form', { quota: 1e30 }, ACTIVITY_QUOTA_INVALID],
      ['dates in the wrong order', { start_date: 2_000_000_000, end_date: 1_900_000_000 }, ACTIVITY_DATES_ORDER],
      ['equal dates', { start_date: 2_000_000_000, end_date: 2_000_000_000 }, ACTIVITY_DATES_ORDER],
    ];
    it.each(invalid)('refuses %s and creates nothing', async (_what, fields, message) => {
      const before = await activityCount();
      const body = await callJson(site.ctx, 'POST', '/api/activity/', site.admin, { ...valid, ...fields });
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
      expect(await activityCount()).toBe(before);
    });

    it('keeps the status when an edit does not send it', async () => {
      const a = await createActivity({ status: false });
      const edited = await callJson(site.ctx, 'PUT', `/api/activity/${a.id}`, site.admin, { ...valid, name: 'Still ended' });
      expect(edited.data).toMatchObject({ name: 'Still ended', status: false });
    });

    it('refuses an edit with dates in the wrong order or of an unknown activity, changing nothing', async () => {
      const a = await createActivity({ name: 'Fixed' });
      const bad = await callJson(site.ctx, 'PUT', `/api/activity/${a.id}`, site.admin, { ...valid, start_date: 200, end_date: 100 });
      expect(bad.message).toContain(ACTIVITY_DATES_ORDER);
      const tooLarge = await callJson(site.ctx, 'PUT', `/api/activity/${a.id}`, site.admin, { ...valid, quota: Number.MAX_SAFE_INTEGER + 2 });
      expect(tooLarge).toMatchObject({ success: false });
      expect(tooLarge.message).toContain(ACTIVITY_QUOTA_INVALID);
      expect(await site.ctx.db.selectFrom('activities').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow()).toMatchObject({ name: 'Fixed', quota: valid.quota });
      expect(await callJson(site.ctx, 'PUT', '/api/activity/999999', site.admin, valid)).toMatchObject({ success: false, message: 'activity not found' });
    });

    it('lists newest first with q, status and paging (p or page)', async () => {
      const on = await createActivity({ name: 'Lantern festival' });
      const off = await createActivity({ name: 'lantern night', status: false });
      const byName = await callJson(site.ctx, 'GET', '/api/activity/?q=LANTERN', site.admin);
      expect(byName.data.items.map((a: { id: number }) => a.id)).toEqual([off.id, on.id]);
      expect(byName.data.total).toBe(2);
      const active = await callJson(site.ctx, 'GET', '/api/activity/?q=lantern&status=true', site.admin);
      expect(active.data.items.map((a: { id: number }) => a.id)).toEqual([on.id]);
      const ended = await callJson(site.ctx, 'GET', '/api/activity/?q=lantern&status=false', site.admin);
      expect(ended.data.items.map((a: { id: number }) => a.id)).toEqual([off.id]);
      const byId = await callJson(site.ctx, 'GET', `/api/activity/?q=${on.id}`, site.admin);
      expect(byId.data.items.map((a: { id: number }) => a.id)).toEqual([on.id]);
      const second = await callJson(site.ctx, 'GET', '/api/activity/?q=lantern&page=2&page_size=1', site.admin);
      expect(second.data).toMatchObject({ page: 2, page_size: 1, total: 2 });
      expect(second.data.items.map((a: { id: number }) => a.id)).toEqual([on.id]);
      expect((await callJson(site.ctx, 'GET', '/api/activity/?status=maybe', site.admin)).success).toBe(false);
    });

    it('is closed to normal users', async () => {
      expect((await call(site.ctx, 'GET', '/api/activity/', site.normal)).statusCode).toBe(403);
      expect((await call(site.ctx, 'POST', '/api/activity/', site.normal, valid)).statusCode).toBe(403);
      expect((await call(site.ctx, 'POST', '/api/activity/reward', site.normal, { activity_id: 1, user_ids: [site.normal.id] })).statusCode).toBe(403);
    });
  });

  describe('rewards', () => {
    it('grants the quota as activity reward once per user, with a type-5 log', async () => {
      const a = await createActivity({ name: 'Gift', quota: 7000 });
      const u1 = await member(site.ctx);
      const u2 = await member(site.ctx);
      const first = await reward(a.id, [u1.id, u2.id, u1.id]);
      expect(first).toMatchObject({ success: true, message: 'reward granted', data: { rewarded: [u1.id, u2.id], already_rewarded: [] } });
      const again = await reward(a.id, [u1.id]);
      expect(again).toMatchObject({ success: true, data: { rewarded: [], already_rewarded: [u1.id] } });
      expect(await userRow(site.ctx, u1.id)).toMatchObject({ quota: 0, activity_quota: 7000, activity_history_quota: 7000 });
      const logs = await logsOf(site.ctx, u1.id);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ type: ACTIVITY_LOG_TYPE, quota: 7000 });
      expect(logs[0].content).toContain('Gift');
      const listed = await callJson(site.ctx, 'GET', `/api/activity/?q=${a.id}`, site.admin);
      expect(listed.data.items[0].rewarded_count).toBe(2);
    });

    it('rewards a user only once when grants race', async () => {
      const a = await createActivity({ quota: 300 });
      const u = await member(site.ctx);
      const answers = await Promise.all(Array.from({ length: 6 }, () => reward(a.id, [u.id])));
      expect(answers.every((x) => x.success)).toBe(true);
      expect(answers.flatMap((x) => x.data.rewarded)).toEqual([u.id]);
      expect(await userRow(site.ctx, u.id)).toMatchObject({ activity_quota: 300, activity_history_quota: 300 });
      expect(await logsOf(site.ctx, u.id)).toHaveLength(1);
      expect(await site.ctx.db.selectFrom('activity_rewards').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(1);
    });

    it('grants all or nothing: an overflow for one user part-way leaves every user unchanged', async () => {
      const a = await createActivity({ name: 'All or nothing', quota: 1000 });
      const first = await member(site.ctx);
      const full = await member(site.ctx);
      const last = await member(site.ctx);
      const nearlyFull = Number.MAX_SAFE_INTEGER - 10;
      await site.ctx.db.updateTable('users').set({ activity_quota: nearlyFull, activity_history_quota: nearlyFull }).where('id', '=', full.id).execute();
      const rewardsBefore = await countRows(site.ctx.db, 'activity_rewards');
      const logsBefore = await countRows(site.ctx.db, 'logs');

      const body = await reward(a.id, [last.id, full.id, first.id]);
      expect(body.success).toBe(false);
      expect(body.message).toContain(`user ${full.id}`);
      expect(await userRow(site.ctx, first.id)).toMatchObject({ activity_quota: 0, activity_history_quota: 0 });
      expect(await userRow(site.ctx, full.id)).toMatchObject({ activity_quota: nearlyFull, activity_history_quota: nearlyFull });
      expect(await userRow(site.ctx, last.id)).toMatchObject({ activity_quota: 0, activity_history_quota: 0 });
      expect(await countRows(site.ctx.db, 'activity_rewards')).toBe(rewardsBefore);
      expect(await countRows(site.ctx.db, 'logs')).toBe(logsBefore);

      // Without the full user the same grant goes through, once per user.
      expect(await reward(a.id, [last.id, first.id])).toMatchObject({ success: true, data: { rewarded: [first.id, last.id], already_rewarded: [] } });
      expect(await userRow(site.ctx, first.id)).toMatchObject({ activity_quota: 1000 });
      expect(await logsOf(site.ctx, last.id)).toHaveLength(1);
    });

    it('grants the new users of a call and reports the ones already rewarded', async () => {
      const a = await createActivity({ quota: 50 });
      const old = await member(site.ctx);
      const fresh = await member(site.ctx);
      await reward(a.id, [old.id]);
      expect(await reward(a.id, [fresh.id, old.id])).toMatchObject({ success: true, data: { rewarded: [fresh.id], already_rewarded: [old.id] } });
      expect(await userRow(site.ctx, old.id)).toMatchObject({ activity_quota: 50 });
      expect(await userRow(site.ctx, fresh.id)).toMatchObject({ activity_quota: 50 });
    });

    it('rewards each user once when overlapping grants race', async () => {
      const a = await createActivity({ quota: 10 });
      const users = await Promise.all(Array.from({ length: 4 }, () => member(site.ctx)));
      const ids = users.map((u) => u.id);
      const answers = await Promise.all([reward(a.id, ids), reward(a.id, [...ids].reverse()), reward(a.id, ids.slice(1, 3))]);
      expect(answers.every((x) => x.success), answers.map((x) => x.message).join('; ')).toBe(true);
      expect(answers.flatMap((x) => x.data.rewarded).sort((x: number, y: number) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      for (const id of ids) {
        expect(await userRow(site.ctx, id)).toMatchObject({ activity_quota: 10, activity_history_quota: 10 });
        expect(await logsOf(site.ctx, id)).toHaveLength(1);
      }
    });

    const closed: [what: string, fields: () => Record<string, unknown>, message: string][] = [
      ['an ended (inactive) activity', () => ({ status: false }), ACTIVITY_NOT_ACTIVE],
      ['an activity that has not started', () => ({ start_date: nowSeconds() + DAY }), ACTIVITY_NOT_STARTED],
      ['an activity past its end date', () => ({ start_date: nowSeconds() - 2 * DAY, end_date: nowSeconds() - DAY }), ACTIVITY_EXPIRED],
    ];
    it.each(closed)('refuses rewards for %s and changes nothing', async (_what, fields, message) => {
      const a = await createActivity(fields());
      const u = await member(site.ctx);
      expect(await reward(a.id, [u.id])).toMatchObject({ success: false, message });
      expect(await userRow(site.ctx, u.id)).toMatchObject({ activity_quota: 0 });
      expect(await logsOf(site.ctx, u.id)).toHaveLength(0);
    });

    it('grants while inside the dates', async () => {
      const a = await createActivity({ start_date: nowSeconds() - DAY, end_date: nowSeconds() + DAY });
      const u = await member(site.ctx);
      expect(await reward(a.id, [u.id])).toMatchObject({ success: true, data: { rewarded: [u.id] } });
    });

    it('refuses unknown users or activities and no users at all, changing nothing', async () => {
      const a = await createActivity();
      const u = await member(site.ctx);
      const body = await reward(a.id, [u.id, 987654]);
      expect(body).toMatchObject({ success: false, message: 'user not found: 987654' });
      expect(await userRow(site.ctx, u.id)).toMatchObject({ activity_quota: 0 });
      expect(await reward(999999, [u.id])).toMatchObject({ success: false, message: 'activity not found' });
      expect(await reward(a.id, [])).toMatchObject({ success: false, message: 'user_ids: please select at least one user' });
    });

    it('lets the admin find users 100 a page', async () => {
      for (let i = 0; i < 3; i++) await member(site.ctx, { username: `picker${i}_${dialect}` });
      const page = await callJson(site.ctx, 'GET', `/api/user/search?keyword=picker&p=1&page_size=100`, site.admin);
      expect(page.data).toMatchObject({ page: 1, page_size: 100, total: 3 });
    });
  });

  describe('activity list for users', () => {
    it('shows open activities newest first with whether the caller was rewarded', async () => {
      const gone = await createActivity({ name: 'Gone', start_date: nowSeconds() - 3 * DAY, end_date: nowSeconds() - DAY });
      const ended = await createActivity({ name: 'Ended', status: false });
      const soon = await createActivity({ name: 'Soon', start_date: nowSeconds() + DAY });
      const now = await createActivity({ name: 'Now', quota: 42 });
      const u = await member(site.ctx);
      await reward(now.id, [u.id]);
      const body = await callJson(site.ctx, 'GET', '/api/activity_list', u);
      const ids = body.data.map((a: { id: number }) => a.id);
      expect(ids).not.toContain(gone.id);
      expect(ids).not.toContain(ended.id);
      expect(ids.indexOf(now.id)).toBeLessThan(ids.indexOf(soon.id));
      const mine = body.data.find((a: { id: number }) => a.id === now.id);
      expect(mine).toMatchObject({ name: 'Now', quota: 42, in_progress: true, rewarded: true });
      expect(mine.rewarded_at).toBeGreaterThan(0);
      expect(body.data.find((a: { id: number }) => a.id === soon.id)).toMatchObject({ in_progress: false, rewarded: false, rewarded_at: 0 });
    });
  });
});
