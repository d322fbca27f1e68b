import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserStatus } from '@gw/contracts';
import { createRelayContext, type RelayContext } from '../../test/relay-harness.js';
import { testDialects } from '../../test/test-database.js';
import { nowSeconds } from '../platform/clock.js';
import { TokenStatus } from '../tokens/token-status.js';
import { consumeLog, insertLogs } from '../logs/logs.test-helpers.js';
import { bare, getWith, keyWith, userWith } from './token-usage.test-helpers.js';
import { budgetWindow } from '../billing/spending-limit.js';

const NO_LIMIT = { budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0 };

describe.each(testDialects())('GET /api/usage/token and GET /api/log/token with an API key (%s)', (dialect) => {
  let r: RelayContext;
  beforeAll(async () => {
    r = await createRelayContext(dialect);
  });
  afterAll(() => r?.close());

  const usage = (authorization?: string, url = '/api/usage/token') => getWith(r, url, authorization);
  const logs = (authorization?: string) => getWith(r, '/api/log/token', authorization);

  describe('usage', () => {
    it("reports a limited key's balance, model limits and expiry, for every accepted spelling of the key and path", async () => {
      const user = await userWith(r, 9_000_000, 0);
      const expires = nowSeconds() + 86_400;
      const token = await keyWith(r, user, { remainQuota: 1_500_000, usedQuota: 250_000, expiredTime: expires, modelLimits: ['gpt-4o', 'gpt-4o-mini'] });
      const name = (await r.ctx.db.selectFrom('tokens').select('name').where('id', '=', token.id).executeTakeFirstOrThrow()).name;
      const expected = {
        code: true,
        message: 'ok',
        data: {
          object: 'token_usage',
          name,
          total_granted: 1_750_000,
          total_used: 250_000,
          total_available: 1_500_000,
          unlimited_quota: false,
          model_limits: { 'gpt-4o': true, 'gpt-4o-mini': true },
          model_limits_enabled: true,
          expires_at: expires,
          spending_limit: NO_LIMIT,
          owner_spending_limit: NO_LIMIT,
        },
      };
      for (const [authorization, url] of [
        [`Bearer ${token.key}`, '/api/usage/token'],
        [`Bearer ${token.key}`, '/api/usage/token/'],
        [`Bearer ${bare(token.key)}`, '/api/usage/token'],
        [`Bearer ${token.key}-7`, '/api/usage/token/'],
        [token.key, '/api/usage/token'],
      ]) {
        const res = await usage(authorization, url);
        expect(res.statusCode, `${authorization} ${url}`).toBe(200);
        expect(res.json()).toEqual(expected);
        expect(res.body).not.toContain(bare(token.key));
      }
    });

    it("reports the key's and its owner's spending limits with this period's spending and when they renew", async () => {
      const user = await userWith(r, 1_000_000, 0);
      const token = await keyWith(r, user, { remainQuota: 10_000 });
      const now = nowSeconds();
      const day = budgetWindow('daily', now);
      await r.ctx.db.updateTable('tokens').set({ budget_quota: 1_000, budget_period: 'daily', budget_used: 300, budget_window: day.start }).where('id', '=', token.id).execute();
      // Spent in an earlier week: nothing of it counts now.
      const week = budgetWindow('weekly', now);
      await r.ctx.db.updateTable('users').set({ budget_quota: 5_000, budget_period: 'weekly', budget_used: 4_000, budget_window: week.start - 7 * 86_400 }).where('id', '=', user).execute();
      const data = (await usage(`Bearer ${token.key}`)).json().data;
      expect(data.spending_limit).toEqual({ budget_quota: 1_000, budget_period: 'daily', budget_used: 300, budget_reset_time: day.next });
      expect(data.owner_spending_limit).toEqual({ budget_quota: 5_000, budget_period: 'weekly', budget_used: 0, budget_reset_time: week.next });
    });

    it('reports an unlimited key that never expires with expires_at 0 and no model limits', async () => {
      const user = await userWith(r, 1_000, 0);
      const token = await keyWith(r, user, { unlimited: true, usedQuota: 42 });
      const res = await usage(`Bearer ${token.key}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ total_granted: 42, total_used: 42, total_available: 0, unlimited_quota: true, model_limits: {}, model_limits_enabled: false, expires_at: 0 });
    });

    it('lets an expired or used-up key still read its usage', async () => {
      const user = await userWith(r, 1_000_000, 0);
      const past = nowSeconds() - 60;
      const expired = await keyWith(r, user, { remainQuota: 300, usedQuota: 700, expiredTime: past, status: TokenStatus.Expired });
      const lapsed = await keyWith(r, user, { remainQuota: 300, usedQuota: 700, expiredTime: past });
      const exhausted = await keyWith(r, user, { remainQuota: 0, usedQuota: 1_000, status: TokenStatus.Exhausted });
      expect((await usage(`Bearer ${expired.key}`)).json().data).toMatchObject({ total_granted: 1_000, total_available: 300, expires_at: past });
      expect((await usage(`Bearer ${lapsed.key}`)).json().data).toMatchObject({ total_used: 700, expires_at: past });
      const res = await usage(`Bearer ${exhausted.key}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ total_granted: 1_000, total_used: 1_000, total_available: 0 });
    });

    it('refuses missing, malformed, unknown and deleted keys with 401', async () => {
      const user = await userWith(r, 1_000, 0);
      const deleted = await keyWith(r, user, { remainQuota: 10 });
      await r.ctx.db.updateTable('tokens').set({ deleted_at: nowSeconds() }).where('id', '=', deleted.id).execute();
      for (const authorization of [undefined, 'Bearer ', 'Bearer sk-short', 'Bearer sk-not a key', `Bearer sk-${'x'.repeat(48)}`, `Bearer ${deleted.key}`]) {
        const res = await usage(authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toMatchObject({ code: false, success: false, data: null, message: expect.any(String) });
      }
    });

    it('refuses a disabled key with 401 and a key of a disabled user with 403', async () => {
      const user = await userWith(r, 1_000, 0);
      const disabled = await keyWith(r, user, { remainQuota: 10, status: TokenStatus.Disabled });
      const res = await usage(`Bearer ${disabled.key}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: false, message: 'this API key is disabled' });

      const banned = await userWith(r, 1_000, 0, UserStatus.Disabled);
      const bannedKey = await keyWith(r, banned, { remainQuota: 10 });
      const refused = await usage(`Bearer ${bannedKey.key}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: false, success: false, data: null });
    });
  });

  describe('logs', () => {
    it("returns only the key's own logs, newest first, without channel details or admin-only fields", async () => {
      const userId = await userWith(r, 1_000, 0);
      const username = 'log-owner';
      const mine = await keyWith(r, userId, { remainQuota: 10 });
      const other = await keyWith(r, userId, { remainQuota: 10 });
      const t = nowSeconds() - 1_000;
      await insertLogs(r.ctx, [
        consumeLog({ user_id: userId, username, token_id: mine.id, created_at: t, request_id: 'oldest' }),
        consumeLog({ user_id: userId, username, token_id: other.id, created_at: t + 5, request_id: 'other-key' }),
        consumeLog({ user_id: userId, username, token_id: mine.id, created_at: t + 10, request_id: 'same-second-1' }),
        consumeLog({ user_id: userId, username, token_id: mine.id, created_at: t + 10, request_id: 'same-second-2' }),
        consumeLog({ user_id: userId, username, token_id: mine.id, created_at: t + 3, request_id: 'middle' }),
      ]);
      const res = await logs(`Bearer ${mine.key}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: '' });
      expect(body.data.map((l: { request_id: string }) => l.request_id)).toEqual(['same-second-2', 'same-second-1', 'middle', 'oldest']);
      for (const log of body.data) {
        expect(log).toMatchObject({ token_id: mine.id, channel: 0, channel_name: '', remark: '' });
        const otherInfo = JSON.parse(log.other);
        expect(otherInfo).toMatchObject({ model_ratio: 1.25, group_ratio: 1 });
        expect(otherInfo).not.toHaveProperty('admin_info');
      }
      expect(res.body).not.toContain(bare(mine.key));
      expect(res.body).not.toContain('primary-openai');
    });

    it('returns the newest 100 logs of a key with more', async () => {
      const userId = await userWith(r, 1_000, 0);
      const token = await keyWith(r, userId, { remainQuota: 10 });
      const t = nowSeconds() - 10_000;
      await insertLogs(r.ctx, Array.from({ length: 105 }, (_, i) => consumeLog({ user_id: userId, username: 'many', token_id: token.id, created_at: t + i, request_id: `n${i}` })));
      const data = (await logs(`Bearer ${token.key}`)).json().data as { request_id: string }[];
      expect(data).toHaveLength(100);
      expect(data[0].request_id).toBe('n104');
      expect(data[99].request_id).toBe('n5');
    });

    it('lets an expired key read its logs, and refuses disabled keys (401) and banned owners (403)', async () => {
      const userId = await userWith(r, 1_000, 0);
      const expired = await keyWith(r, userId, { remainQuota: 10, expiredTime: nowSeconds() - 5, status: TokenStatus.Expired });
      await insertLogs(r.ctx, [consumeLog({ user_id: userId, username: 'x', token_id: expired.id, created_at: nowSeconds() - 100 })]);
      const ok = await logs(`Bearer ${expired.key}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toHaveLength(1);

      const disabled = await keyWith(r, userId, { remainQuota: 10, status: TokenStatus.Disabled });
      expect((await logs(`Bearer ${disabled.key}`)).statusCode).toBe(401);
      const none = await logs(undefined);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ success: false });

      const banned = await userWith(r, 1_000, 0, UserStatus.Disabled);
      const bannedKey = await keyWith(r, banned, { remainQuota: 10 });
      const refused = await logs(`Bearer ${bannedKey.key}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ success: false });
    });
  });
});
