import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Role, type QuotaDataRow, type UserQuotaDataRow } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { consumeLog, insertLogs } from '../logs/logs.test-helpers.js';
import { LogType } from '../logs/log-types.js';
import { nowSeconds } from '../platform/clock.js';
import { QuotaDataAggregator } from './quota-data-aggregator.js';

const HOUR = 3600;

describe.each(testDialects())('data dashboard (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Member;
  let alice: Member;
  let bob: Member;
  /** The start of an hour two days ago. */
  const H = Math.floor((nowSeconds() - 2 * 24 * HOUR) / HOUR) * HOUR;

  const aggregator = (opts: ConstructorParameters<typeof QuotaDataAggregator>[2] = {}) => new QuotaDataAggregator(ctx.db, ctx.services.options, opts);
  const quotaData = () =>
    ctx.db.selectFrom('quota_data').select(['user_id', 'username', 'model_name', 'created_at', 'count', 'quota', 'token_used']).orderBy('user_id').orderBy('model_name').orderBy('created_at').execute();

  /** quota_data must equal a GROUP BY over the consume logs up to the watermark: nothing missing, nothing twice. */
  const expectMatchesLogs = async () => {
    const mark = await ctx.db.selectFrom('aggregation_watermarks').select('last_id').where('name', '=', 'quota_data').executeTakeFirstOrThrow();
    const hour = sql<number>`created_at - (created_at % 3600)`;
    const expected = await ctx.db
      .selectFrom('logs')
      .select((eb) => [
        'user_id',
        'model_name',
        hour.as('created_at'),
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<number>('quota').as('quota'),
        eb.fn.sum<number>(eb('prompt_tokens', '+', eb.ref('completion_tokens'))).as('token_used'),
      ])
      .where('type', '=', LogType.Consume)
      .where('id', '<=', Number(mark.last_id))
      .groupBy(['user_id', 'model_name', hour])
      .orderBy('user_id')
      .orderBy('model_name')
      .orderBy(hour)
      .execute();
    const norm = (rows: { user_id: number; model_name: string; created_at: number; count: number; quota: number; token_used: number }[]) =>
      rows.map((r) => [r.user_id, r.model_name, Number(r.created_at), Number(r.count), Number(r.quota), Number(r.token_used)]);
    expect(norm(await quotaData())).toEqual(norm(expected));
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    alice = await member(ctx, { username: `dash_alice_${dialect}` });
    bob = await member(ctx, { username: `dash_bob_${dialect}` });
    const a = { user_id: alice.id, username: alice.username };
    const b = { user_id: bob.id, username: bob.username };
    await insertLogs(ctx, [
      consumeLog({ ...a, created_at: H + 10, model_name: 'gpt-4o', quota: 100, prompt_tokens: 10, completion_tokens: 5 }),
      consumeLog({ ...a, created_at: H + 20, model_name: 'gpt-4o', quota: 50, prompt_tokens: 1, completion_tokens: 1 }),
      consumeLog({ ...a, created_at: H + HOUR + 5, model_name: 'claude-sonnet-4', quota: 300, prompt_tokens: 30, completion_tokens: 0 }),
      consumeLog({ ...a, created_at: H + 30, model_name: 'gpt-4o', type: LogType.Error, quota: 0, prompt_tokens: 99 }),
      consumeLog({ ...a, created_at: H + 40, model_name: '', type: LogType.TopUp, quota: 5000 }),
      consumeLog({ ...b, created_at: H + 100, model_name: 'gpt-4o', quota: 1000, prompt_tokens: 100, completion_tokens: 20 }),
    ]);
  });
  afterAll(() => ctx?.close());

  describe('aggregation', () => {
    it('folds consume logs into one row per user, model and hour, and nothing else', async () => {
      expect(await ctx.services.quotaData.aggregateOnce()).toBeGreaterThan(0);
      const rows = await quotaData();
      expect(rows.map((r) => ({ ...r, created_at: Number(r.created_at), count: Number(r.count), quota: Number(r.quota), token_used: Number(r.token_used) }))).toEqual([
        { user_id: alice.id, username: alice.username, model_name: 'claude-sonnet-4', created_at: H + HOUR, count: 1, quota: 300, token_used: 30 },
        { user_id: alice.id, username: alice.username, model_name: 'gpt-4o', created_at: H, count: 2, quota: 150, token_used: 17 },
        { user_id: bob.id, username: bob.username, model_name: 'gpt-4o', created_at: H, count: 1, quota: 1000, token_used: 120 },
      ]);
    });

    it('counts nothing twice when run again, and adds only new logs to existing hours', async () => {
      expect(await ctx.services.quotaData.aggregateOnce()).toBe(0);
      await expectMatchesLogs();
      await insertLogs(ctx, [consumeLog({ user_id: alice.id, username: alice.username, created_at: H + 50, model_name: 'gpt-4o', quota: 1, prompt_tokens: 1, completion_tokens: 0 })]);
      await ctx.services.quotaData.aggregateOnce();
      const row = await ctx.db.selectFrom('quota_data').selectAll().where('user_id', '=', alice.id).where('model_name', '=', 'gpt-4o').executeTakeFirstOrThrow();
      expect([Number(row.count), Number(row.quota), Number(row.token_used)]).toEqual([3, 151, 18]);
      await expectMatchesLogs();
    });

    it('counts each log once when several runs race, on one node or several', async () => {
      const users = [alice, bob];
      await insertLogs(
        ctx,
        Array.from({ length: 400 }, (_, i) => {
          const u = users[i % 2];
          return consumeLog({ user_id: u.id, username: u.username, created_at: H + (i % 7) * HOUR + i, model_name: `m${i % 5}`, quota: i, prompt_tokens: i % 13, completion_tokens: i % 3 });
        }),
      );
      const runs = await Promise.all([aggregator({ chunk: 50 }).aggregateOnce(), aggregator({ chunk: 70 }).aggregateOnce(), ctx.services.quotaData.aggregateOnce(), aggregator().aggregateOnce()]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(400);
      await expectMatchesLogs();
    });

    it('leaves logs younger than the settle time, and everything after the first of them, for a later run', async () => {
      const now = nowSeconds();
      await insertLogs(ctx, [
        consumeLog({ user_id: bob.id, username: bob.username, created_at: H + 200, model_name: 'settle-model', quota: 1 }),
        consumeLog({ user_id: bob.id, username: bob.username, created_at: now - 5, model_name: 'settle-model', quota: 2 }),
        consumeLog({ user_id: bob.id, username: bob.username, created_at: H + 300, model_name: 'settle-model', quota: 4 }),
      ]);
      await aggregator({ settleSeconds: 60 }).aggregateOnce();
      const folded = async () => Number((await ctx.db.selectFrom('quota_data').select((eb) => eb.fn.sum<number>('quota').as('q')).where('model_name', '=', 'settle-model').executeTakeFirst())?.q ?? 0);
      expect(await folded()).toBe(1);
      await aggregator({ settleSeconds: 60, now: () => now + 120 }).aggregateOnce();
      expect(await folded()).toBe(7);
      await expectMatchesLogs();
    });

    it('runs every DataExportInterval minutes while DataExportEnabled is on, and not while it is off', async () => {
      await insertLogs(ctx, [consumeLog({ user_id: bob.id, username: bob.username, created_at: H + 400, model_name: 'timer-model', quota: 9 })]);
      const folded = async () => (await ctx.db.selectFrom('quota_data').select('quota').where('model_name', '=', 'timer-model').executeTakeFirst())?.quota;
      await ctx.services.options.set({ DataExportEnabled: false, DataExportInterval: 1 });
      const off = aggregator({ minuteMs: 5 });
      off.start();
      await new Promise((r) => setTimeout(r, 60));
      await off.stop();
      expect(await folded()).toBeUndefined();

      await ctx.services.options.set({ DataExportEnabled: true });
      const on = aggregator({ minuteMs: 5 });
      on.start();
      for (let i = 0; i < 200 && (await folded()) === undefined; i++) await new Promise((r) => setTimeout(r, 10));
      await on.stop();
      expect(Number(await folded())).toBe(9);
    });
  });

  describe('endpoints', () => {
    const rowsOf = async (url: string, who: Member) => {
      const body = await callJson(ctx, 'GET', url, who);
      expect(body.success, body.message).toBe(true);
      return body.data as QuotaDataRow[];
    };
    const range = `start_timestamp=${H}&end_timestamp=${H + HOUR}`;

    it('gives administrators every user\'s usage summed per model and hour, oldest first', async () => {
      const rows = await rowsOf(`/api/data/?${range}`, admin);
      expect(rows.filter((r) => ['gpt-4o', 'claude-sonnet-4'].includes(r.model_name))).toEqual([
        { model_name: 'gpt-4o', created_at: H, count: 4, quota: 1151, token_used: 138 },
        { model_name: 'claude-sonnet-4', created_at: H + HOUR, count: 1, quota: 300, token_used: 30 },
      ]);
      expect(rows.every((r) => r.created_at >= H && r.created_at <= H + HOUR)).toBe(true);
    });

    it('narrows to one user by username for administrators', async () => {
      const rows = await rowsOf(`/api/data/?${range}&username=${bob.username}`, admin);
      expect(rows.find((r) => r.model_name === 'gpt-4o' && r.created_at === H)).toEqual({ model_name: 'gpt-4o', created_at: H, count: 1, quota: 1000, token_used: 120 });
      expect(rows.some((r) => r.model_name === 'claude-sonnet-4')).toBe(false);
    });

    it('gives a user only their own usage, whatever username the query names', async () => {
      const rows = await rowsOf(`/api/data/self/?${range}&username=${bob.username}`, alice);
      expect(rows.find((r) => r.model_name === 'gpt-4o' && r.created_at === H)).toEqual({ model_name: 'gpt-4o', created_at: H, count: 3, quota: 151, token_used: 18 });
      expect(rows.find((r) => r.model_name === 'claude-sonnet-4')?.quota).toBe(300);
      const sum = rows.reduce((s, r) => s + r.quota, 0);
      const own = await ctx.db.selectFrom('quota_data').select((eb) => eb.fn.sum<number>('quota').as('q')).where('user_id', '=', alice.id).where('created_at', '>=', H).where('created_at', '<=', H + HOUR).executeTakeFirst();
      expect(sum).toBe(Number(own?.q));
    });

    it('gives administrators each user\'s usage per hour, their models summed (GET /api/data/users)', async () => {
      const body = await callJson(ctx, 'GET', `/api/data/users?${range}`, admin);
      expect(body.success, body.message).toBe(true);
      const rows = body.data as UserQuotaDataRow[];
      expect(rows.map((r) => r.created_at)).toEqual([...rows.map((r) => r.created_at)].sort((a, b) => a - b));
      // Each user's hour is the sum of that user's models in that hour.
      for (const who of [alice, bob]) {
        const byModel = await rowsOf(`/api/data/?${range}&username=${who.username}`, admin);
        const hours = [...new Set(byModel.map((r) => r.created_at))].sort((a, b) => a - b);
        const summed = hours.map((h) => {
          const inHour = byModel.filter((r) => r.created_at === h);
          return { username: who.username, created_at: h, count: inHour.reduce((n, r) => n + r.count, 0), quota: inHour.reduce((n, r) => n + r.quota, 0), token_used: inHour.reduce((n, r) => n + r.token_used, 0) };
        });
        expect(summed.length).toBeGreaterThan(0);
        expect(rows.filter((r) => r.username === who.username)).toEqual(summed);
      }
      expect((await call(ctx, 'GET', `/api/data/users?${range}`, alice)).statusCode).toBe(403);
      expect(await callJson(ctx, 'GET', `/api/data/users?start_timestamp=1&end_timestamp=${H}`, admin)).toMatchObject({ success: false, message: 'the time range must not exceed 366 days' });
    });

    it('refuses the all-users view to normal users and anonymous callers', async () => {
      expect((await call(ctx, 'GET', `/api/data/?${range}`, alice)).statusCode).toBe(403);
      expect((await call(ctx, 'GET', `/api/data/self/?${range}`)).statusCode).toBe(401);
    });

    it('rejects a reversed or overlong range', async () => {
      const reversed = await callJson(ctx, 'GET', `/api/data/?start_timestamp=${H + 10}&end_timestamp=${H}`, admin);
      expect(reversed.success).toBe(false);
      expect(reversed.message).toMatch(/start_timestamp/);
      const long = await callJson(ctx, 'GET', `/api/data/self/?start_timestamp=1&end_timestamp=${H}`, alice);
      expect(long).toMatchObject({ success: false, message: 'the time range must not exceed 366 days' });
    });

    it('defaults to the last seven days', async () => {
      const rows = await rowsOf('/api/data/self/', alice);
      expect(rows.some((r) => r.created_at === H && r.model_name === 'gpt-4o')).toBe(true);
    });
  });
});
