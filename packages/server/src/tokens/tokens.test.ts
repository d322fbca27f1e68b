import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TOKENS_PER_USER, Role, TokenStatus } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { randomAlphanumeric } from '../platform/crypto.js';
import { nowSeconds } from '../platform/clock.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { TOKEN_EXHAUSTED_CANNOT_ENABLE, TOKEN_EXPIRED_CANNOT_ENABLE, TOKEN_EXPIRY_IN_PAST } from './tokens.service.js';

describe.each(testDialects())('API tokens (%s)', (dialect) => {
  let ctx: TestContext;
  let alice: Member;
  let bob: Member;
  let admin: Member;
  const changedTokens: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    alice = await member(ctx);
    bob = await member(ctx);
    admin = await member(ctx, { role: Role.Root });
    ctx.services.events.on('token', (id) => changedTokens.push(id));
  });
  afterAll(() => ctx?.close());

  const tokenRow = (id: number) => ctx.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tokenCount = async (userId: number) =>
    Number((await ctx.db.selectFrom('tokens').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirst())?.n);

  /** Creates one token through the API and answers it. */
  async function createToken(who: Member, fields: Record<string, unknown> = {}) {
    const body = await callJson(ctx, 'POST', '/api/token/', who, { name: `t-${randomAlphanumeric(5)}`, remain_quota: 1000, ...fields });
    expect(body.success, body.message).toBe(true);
    return body.data[0];
  }

  describe('POST /api/token/ (create)', () => {
    it('creates a token with a 48-character random key and answers it with every field', async () => {
      const expiry = nowSeconds() + 3600;
      const body = await callJson(ctx, 'POST', '/api/token/', alice, {
        name: 'my key',
        remain_quota: 500000,
        unlimited_quota: false,
        expired_time: expiry,
        model_limits_enabled: true,
        model_limits: 'gpt-4o, gpt-4o-mini,,gpt-4o',
        allow_ips: '10.0.0.1\n192.168.0.0/16, ::1',
        group: 'vip',
      });
      expect(body.success).toBe(true);
      expect(body.data).toHaveLength(1);
      const token = body.data[0];
      expect(token.key).toMatch(/^[A-Za-z0-9]{48}$/);
      expect(token).toMatchObject({
        user_id: alice.id,
        name: 'my key',
        status: TokenStatus.Enabled,
        remain_quota: 500000,
        unlimited_quota: false,
        expired_time: expiry,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,gpt-4o-mini',
        allow_ips: '10.0.0.1\n192.168.0.0/16, ::1',
        used_quota: 0,
        group: 'vip',
      });
      expect(token.created_time).toBeGreaterThanOrEqual(nowSeconds() - 5);
      const row = await tokenRow(token.id);
      expect(row.key).toBe(token.key);
      expect(row.deleted_at).toBeNull();
    });

    it('defaults to a never-expiring token in the owner\'s group', async () => {
      const token = await createToken(alice, { remain_quota: undefined, unlimited_quota: true });
      expect(token).toMatchObject({ expired_time: -1, unlimited_quota: true, remain_quota: 0, group: '', model_limits_enabled: false, model_limits: '', allow_ips: '', cross_group_retry: false });
    });

    it('creates a batch of N tokens: the first keeps the name, the others get a random 6-character suffix', async () => {
      const before = await tokenCount(alice.id);
      const body = await callJson(ctx, 'POST', '/api/token/', alice, { name: 'batch', remain_quota: 10, count: 5 });
      expect(body.success).toBe(true);
      expect(body.data).toHaveLength(5);
      const names: string[] = body.data.map((t: { name: string }) => t.name);
      expect(names[0]).toBe('batch');
      for (const name of names.slice(1)) expect(name).toMatch(/^batch-[A-Za-z0-9]{6}$/);
      expect(new Set(names).size).toBe(5);
      expect(new Set(body.data.map((t: { key: string }) => t.key)).size).toBe(5);
      expect(await tokenCount(alice.id)).toBe(before + 5);
    });

    it('refuses a batch name that would exceed 50 characters with its suffix', async () => {
      const before = await tokenCount(alice.id);
      const body = await callJson(ctx, 'POST', '/api/token/', alice, { name: 'n'.repeat(44), count: 2 });
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/at most 43 characters/);
      expect(await tokenCount(alice.id)).toBe(before);
    });

    const invalid: [what: string, fields: Record<string, unknown>, message: RegExp][] = [
      ['an empty name', { name: '  ' }, /token name cannot be empty/],
      ['a missing name', { name: undefined }, /token name cannot be empty/],
      ['a name over 50 characters', { name: 'x'.repeat(51) }, /name.*at most 50 characters/],
      ['a negative remaining quota', { remain_quota: -1 }, /remain_quota must not be negative/],
      ['a non-integer remaining quota', { remain_quota: 1.5 }, /remain_quota must be an integer/],
      ['a remaining quota given as text', { remain_quota: 'lots' }, /remain_quota must be an integer/],
      ['a remaining quota above 1,000,000,000 units', { remain_quota: 1_000_000_000 * 500_000 + 1 }, /remain_quota must be at most 500000000000000/],
      ['an expiry that is not a number', { expired_time: 'next tuesday' }, /expiry time format error/],
      ['an expiry with a fraction', { expired_time: 1893456000.5 }, /expiry time format error/],
      ['an expiry in milliseconds', { expired_time: Date.now() + 3_600_000 }, /expiry time format error/],
      ['an expiry below -1', { expired_time: -2 }, /expiry time format error/],
      ['an expiry in the past', { expired_time: 1_600_000_000 }, /the expiry time is in the past/],
      ['an IP list with a word in it', { allow_ips: '10.0.0.1\nnot-an-ip' }, /allow_ips: "not-an-ip" is not an IP address or CIDR range/],
      ['a CIDR range with a bad prefix', { allow_ips: '10.0.0.0/33' }, /allow_ips: "10.0.0.0\/33" has an invalid prefix length/],
      ['a group that does not exist', { group: 'nope' }, /group "nope" is not available to you/],
      ['a group that exists but the user may not use', { group: 'svip' }, /group "svip" is not available to you/],
      ['a count of 0', { count: 0 }, /count must be at least 1/],
      ['a count over 100', { count: 101 }, /count must be at most 100/],
      ['a flag that is not a boolean', { unlimited_quota: 'yes' }, /unlimited_quota must be true or false/],
    ];
    it.each(invalid)('refuses %s with a message naming the problem and creates nothing', async (_what, fields, message) => {
      const before = await tokenCount(alice.id);
      const res = await call(ctx, 'POST', '/api/token/', alice, { name: 'ok', remain_quota: 10, ...fields });
      expect(res.statusCode).toBe(200);
      expect(json(res).success).toBe(false);
      expect(json(res).message).toMatch(message);
      expect(await tokenCount(alice.id)).toBe(before);
    });

    it('accepts an expiry sent as a numeric string', async () => {
      const expiry = nowSeconds() + 600;
      expect(await createToken(alice, { expired_time: String(expiry) })).toMatchObject({ expired_time: expiry });
    });

    it(`refuses to go past ${MAX_TOKENS_PER_USER} tokens per user, counting only live tokens`, async () => {
      const heavy = await member(ctx);
      const rows = Array.from({ length: MAX_TOKENS_PER_USER - 1 }, (_, i) => ({ user_id: heavy.id, key: randomAlphanumeric(48), name: `bulk-${i}` }));
      for (let i = 0; i < rows.length; i += 200) await ctx.db.insertInto('tokens').values(rows.slice(i, i + 200)).execute();
      const two = await callJson(ctx, 'POST', '/api/token/', heavy, { name: 'two', count: 2 });
      expect(two.success).toBe(false);
      expect(two.message).toMatch(/at most 1000 API tokens \(you have 999\)/);
      const last = await createToken(heavy, { name: 'last' });
      const over = await callJson(ctx, 'POST', '/api/token/', heavy, { name: 'over' });
      expect(over.success).toBe(false);
      expect(await tokenCount(heavy.id)).toBe(MAX_TOKENS_PER_USER);
      expect((await callJson(ctx, 'DELETE', `/api/token/${last.id}/`, heavy)).success).toBe(true);
      expect((await callJson(ctx, 'POST', '/api/token/', heavy, { name: 'again' })).success).toBe(true);
    });

    it('takes the cap from token_setting.max_user_tokens', async () => {
      const few = await member(ctx);
      await ctx.services.options.set({ 'token_setting.max_user_tokens': 2 });
      try {
        await createToken(few, { name: 'one' });
        await createToken(few, { name: 'two' });
        expect(await callJson(ctx, 'POST', '/api/token/', few, { name: 'three' })).toMatchObject({ success: false, message: expect.stringMatching(/at most 2 API tokens \(you have 2\)/) });
      } finally {
        await ctx.services.options.set({ 'token_setting.max_user_tokens': MAX_TOKENS_PER_USER });
      }
      expect((await callJson(ctx, 'POST', '/api/token/', few, { name: 'three' })).success).toBe(true);
    });

    it('holds the per-user cap under concurrent creates', async () => {
      const racer = await member(ctx);
      const rows = Array.from({ length: MAX_TOKENS_PER_USER - 3 }, (_, i) => ({ user_id: racer.id, key: randomAlphanumeric(48), name: `bulk-${i}` }));
      for (let i = 0; i < rows.length; i += 200) await ctx.db.insertInto('tokens').values(rows.slice(i, i + 200)).execute();
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => callJson(ctx, 'POST', '/api/token/', racer, { name: `race-${i}` })));
      expect(results.filter((r) => r.success)).toHaveLength(3);
      expect(await tokenCount(racer.id)).toBe(MAX_TOKENS_PER_USER);
    });
  });

  describe('GET /api/token/ (list) and /search', () => {
    let lister: Member;
    let tokens: { id: number; key: string; name: string }[];

    beforeAll(async () => {
      lister = await member(ctx);
      tokens = [];
      for (const name of ['alpha one', 'alpha two', 'beta', '100%_sure']) tokens.push(await createToken(lister, { name }));
      await createToken(bob, { name: 'alpha of bob' });
    });

    it('lists only the caller\'s own tokens, newest first, in the paged shape with full keys', async () => {
      const body = await callJson(ctx, 'GET', '/api/token/?p=1&size=10', lister);
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ total: 4, page: 1, page_size: 10 });
      expect(body.data.items.map((t: { id: number }) => t.id)).toEqual(tokens.map((t) => t.id).reverse());
      expect(body.data.items.map((t: { key: string }) => t.key)).toEqual(tokens.map((t) => t.key).reverse());
      expect(body.data.items.every((t: { user_id: number }) => t.user_id === lister.id)).toBe(true);
    });

    it('pages with p (p=0 is the first page) and size or page_size', async () => {
      const first = await callJson(ctx, 'GET', '/api/token/?p=0&size=3', lister);
      expect(first.data).toMatchObject({ total: 4, page: 1, page_size: 3 });
      expect(first.data.items).toHaveLength(3);
      const second = await callJson(ctx, 'GET', '/api/token/?p=2&page_size=3', lister);
      expect(second.data).toMatchObject({ total: 4, page: 2, page_size: 3 });
      expect(second.data.items.map((t: { id: number }) => t.id)).toEqual([tokens[0].id]);
    });

    it('searches names by keyword, treating % and _ literally', async () => {
      const alpha = await callJson(ctx, 'GET', '/api/token/search?keyword=ALPHA', lister);
      expect(alpha.data.items.map((t: { name: string }) => t.name).sort()).toEqual(['alpha one', 'alpha two']);
      expect(alpha.data.total).toBe(2);
      const percent = await callJson(ctx, 'GET', `/api/token/search?keyword=${encodeURIComponent('%_')}`, lister);
      expect(percent.data.items.map((t: { name: string }) => t.name)).toEqual(['100%_sure']);
    });

    it('finds a token by its key with or without the sk- prefix, or by the key\'s start', async () => {
      const target = tokens[2];
      for (const q of [target.key, `sk-${target.key}`, target.key.slice(0, 12)]) {
        const body = await callJson(ctx, 'GET', `/api/token/search?token=${encodeURIComponent(q)}`, lister);
        expect(body.data.items.map((t: { id: number }) => t.id), q).toEqual([target.id]);
      }
    });

    it('never finds another user\'s token, by name or by key', async () => {
      const bobs = await callJson(ctx, 'GET', '/api/token/search?keyword=bob', lister);
      expect(bobs.data).toMatchObject({ items: [], total: 0 });
      const bobToken = (await callJson(ctx, 'GET', '/api/token/?size=100', bob)).data.items[0];
      const byKey = await callJson(ctx, 'GET', `/api/token/search?token=sk-${bobToken.key}`, lister);
      expect(byKey.data).toMatchObject({ items: [], total: 0 });
    });
  });

  describe('GET /api/token/{id}', () => {
    it('answers the caller\'s own token', async () => {
      const token = await createToken(alice, { name: 'mine' });
      const body = await callJson(ctx, 'GET', `/api/token/${token.id}`, alice);
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ id: token.id, name: 'mine', key: token.key });
    });

    it('does not return another user\'s token, not even to an administrator', async () => {
      const token = await createToken(alice, { name: 'private' });
      for (const who of [bob, admin]) {
        const res = await call(ctx, 'GET', `/api/token/${token.id}`, who);
        expect(res.statusCode).toBe(200);
        expect(json(res)).toMatchObject({ success: false, message: 'token not found' });
        expect(res.body).not.toContain(token.key);
      }
    });

    it('answers 401 without a session', async () => {
      const token = await createToken(alice);
      expect((await call(ctx, 'GET', `/api/token/${token.id}`)).statusCode).toBe(401);
      expect((await call(ctx, 'GET', '/api/token/')).statusCode).toBe(401);
      expect((await call(ctx, 'POST', '/api/token/', undefined, { name: 'x' })).statusCode).toBe(401);
    });
  });

  describe('POST /api/token/{id}/key and /api/token/batch/keys (new-api key reveal)', () => {
    it('answers the full key of the caller\'s own token', async () => {
      const token = await createToken(alice);
      expect(await callJson(ctx, 'POST', `/api/token/${token.id}/key`, alice)).toMatchObject({ success: true, data: { key: token.key } });
    });

    it('reveals no other user\'s key, not even to an administrator', async () => {
      const token = await createToken(alice);
      for (const who of [bob, admin]) {
        const res = await call(ctx, 'POST', `/api/token/${token.id}/key`, who);
        expect(json(res)).toMatchObject({ success: false, message: 'token not found' });
        expect(res.body).not.toContain(token.key);
      }
      expect((await call(ctx, 'POST', `/api/token/${token.id}/key`)).statusCode).toBe(401);
    });

    it('answers keys by id for the caller\'s live tokens only', async () => {
      const [a, b, foreign, gone] = [await createToken(alice), await createToken(alice), await createToken(bob), await createToken(alice)];
      expect((await callJson(ctx, 'DELETE', `/api/token/${gone.id}`, alice)).success).toBe(true);
      const body = await callJson(ctx, 'POST', '/api/token/batch/keys', alice, { ids: [a.id, b.id, a.id, foreign.id, gone.id, 999_999_999] });
      expect(body).toMatchObject({ success: true });
      expect(body.data.keys).toEqual({ [a.id]: a.key, [b.id]: b.key });
    });

    it('refuses an empty, oversized or malformed id list with a message', async () => {
      for (const [payload, message] of [
        [{ ids: [] }, 'please select at least one token'],
        [{ ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'at most 100 tokens at a time'],
        [{ ids: 'x' }, 'ids must be a list of token ids'],
      ] as const) {
        const body = await callJson(ctx, 'POST', '/api/token/batch/keys', alice, payload);
        expect(body.success).toBe(false);
        expect(body.message).toContain(message);
      }
    });
  });

  describe('PUT /api/token/ (edit)', () => {
    it('edits the given fields, keeps the omitted ones and announces the change', async () => {
      const token = await createToken(alice, { name: 'before', remain_quota: 100, allow_ips: '10.0.0.1', group: 'vip' });
      changedTokens.length = 0;
      const expiry = nowSeconds() + 7200;
      const body = await callJson(ctx, 'PUT', '/api/token/', alice, {
        id: token.id,
        name: 'after',
        remain_quota: 250,
        expired_time: expiry,
        model_limits_enabled: true,
        model_limits: ' a ,b',
      });
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ id: token.id, name: 'after', remain_quota: 250, expired_time: expiry, model_limits_enabled: true, model_limits: 'a,b', allow_ips: '10.0.0.1', group: 'vip', key: token.key });
      expect(await tokenRow(token.id)).toMatchObject({ name: 'after', remain_quota: 250, model_limits: 'a,b', allow_ips: '10.0.0.1', group: 'vip' });
      expect(changedTokens).toEqual([token.id]);
    });

    it('stores cross_group_retry when created with it and switches it on edit', async () => {
      const token = await createToken(alice, { cross_group_retry: true });
      expect(token.cross_group_retry).toBe(true);
      expect(await tokenRow(token.id)).toMatchObject({ cross_group_retry: 1 });
      const off = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, cross_group_retry: false });
      expect(off.data).toMatchObject({ cross_group_retry: false });
      expect(await tokenRow(token.id)).toMatchObject({ cross_group_retry: 0 });
      const bad = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, cross_group_retry: 'yes' });
      expect(bad).toMatchObject({ success: false, message: expect.stringContaining('cross_group_retry must be true or false') });
    });

    it('stores a spending limit per period, shows what was spent in the current one, and checks it', async () => {
      const token = await createToken(alice, { budget_quota: 5000, budget_period: 'daily' });
      const dayStart = Math.floor(nowSeconds() / 86_400) * 86_400;
      expect(token).toMatchObject({ budget_quota: 5000, budget_period: 'daily', budget_used: 0, budget_reset_time: dayStart + 86_400 });
      // Spending recorded in an earlier day no longer counts; today's does.
      await ctx.db.updateTable('tokens').set({ budget_used: 4000, budget_window: dayStart - 86_400 }).where('id', '=', token.id).execute();
      expect((await callJson(ctx, 'GET', `/api/token/${token.id}`, alice)).data).toMatchObject({ budget_used: 0 });
      await ctx.db.updateTable('tokens').set({ budget_used: 1200, budget_window: dayStart }).where('id', '=', token.id).execute();
      expect((await callJson(ctx, 'GET', `/api/token/${token.id}`, alice)).data).toMatchObject({ budget_used: 1200 });
      // The list says the same of every token in it.
      const listed = (await callJson(ctx, 'GET', '/api/token/?p=0&size=100', alice)).data.items.find((t: { id: number }) => t.id === token.id);
      expect(listed).toMatchObject({ budget_used: 1200, budget_reset_time: dayStart + 86_400 });

      // A new period counts from nothing; the same period keeps what was spent.
      const weekly = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, budget_period: 'weekly' });
      expect(weekly.data).toMatchObject({ budget_quota: 5000, budget_period: 'weekly', budget_used: 0 });
      expect(new Date(weekly.data.budget_reset_time * 1000).getUTCDay()).toBe(1);
      const raised = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, budget_quota: 8000 });
      expect(raised.data).toMatchObject({ budget_quota: 8000, budget_period: 'weekly' });
      const off = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, budget_quota: 0, budget_period: '' });
      expect(off.data).toMatchObject({ budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0 });

      expect(await callJson(ctx, 'POST', '/api/token/', alice, { name: 'no period', budget_quota: 10 })).toMatchObject({ success: false, message: expect.stringContaining('budget_period must be daily, weekly or monthly') });
      expect(await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, budget_quota: 10 })).toMatchObject({ success: false, message: expect.stringContaining('budget_period must be daily, weekly or monthly') });
      expect(await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, budget_quota: 10, budget_period: 'hourly' })).toMatchObject({ success: false, message: expect.stringContaining('budget_period must be daily, weekly or monthly') });
      expect(await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, budget_quota: -1, budget_period: 'daily' })).toMatchObject({ success: false, message: expect.stringContaining('budget_quota must not be negative') });
    });

    it('stores requests and tokens per minute, keeps them when an edit leaves them out, and 0 means no limit', async () => {
      const plain = await createToken(alice);
      expect(plain).toMatchObject({ rpm_limit: 0, tpm_limit: 0 });
      const token = await createToken(alice, { rpm_limit: 60, tpm_limit: 100_000 });
      expect(token).toMatchObject({ rpm_limit: 60, tpm_limit: 100_000 });
      expect(await tokenRow(token.id)).toMatchObject({ rpm_limit: 60, tpm_limit: 100_000 });
      const listed = (await callJson(ctx, 'GET', '/api/token/?p=0&size=100', alice)).data.items.find((t: { id: number }) => t.id === token.id);
      expect(listed).toMatchObject({ rpm_limit: 60, tpm_limit: 100_000 });

      changedTokens.length = 0;
      const renamed = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, name: 'renamed' });
      expect(renamed.data).toMatchObject({ name: 'renamed', rpm_limit: 60, tpm_limit: 100_000 });
      const edited = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, rpm_limit: 5 });
      expect(edited.data).toMatchObject({ rpm_limit: 5, tpm_limit: 100_000 });
      // The relay's key cache hears of the change at once.
      expect(changedTokens).toContain(token.id);
      const largest = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, rpm_limit: 1_000_000_000, tpm_limit: 0 });
      expect(largest.data).toMatchObject({ rpm_limit: 1_000_000_000, tpm_limit: 0 });
      expect(await tokenRow(token.id)).toMatchObject({ rpm_limit: 1_000_000_000, tpm_limit: 0 });
    });

    it('refuses negative, fractional, too large and non-numeric rate limits with a message, changing nothing', async () => {
      const token = await createToken(alice, { rpm_limit: 10, tpm_limit: 1000 });
      const cases: [Record<string, unknown>, string][] = [
        [{ rpm_limit: -1 }, 'rpm_limit must not be negative'],
        [{ tpm_limit: -5 }, 'tpm_limit must not be negative'],
        [{ rpm_limit: 1.5 }, 'rpm_limit must be a whole number'],
        [{ tpm_limit: 0.25 }, 'tpm_limit must be a whole number'],
        [{ rpm_limit: 1_000_000_001 }, 'rpm_limit must be at most 1,000,000,000'],
        [{ tpm_limit: Number.MAX_SAFE_INTEGER }, 'tpm_limit must be at most 1,000,000,000'],
        [{ rpm_limit: '60' }, 'rpm_limit must be a whole number'],
        [{ tpm_limit: 'lots' }, 'tpm_limit must be a whole number'],
        [{ rpm_limit: null }, 'rpm_limit must be a whole number'],
      ];
      for (const [fields, message] of cases) {
        expect(await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, ...fields }), JSON.stringify(fields)).toMatchObject({ success: false, message: expect.stringContaining(message) });
        expect(await callJson(ctx, 'POST', '/api/token/', alice, { name: 'bad limits', ...fields }), JSON.stringify(fields)).toMatchObject({ success: false, message: expect.stringContaining(message) });
      }
      expect(await tokenRow(token.id)).toMatchObject({ rpm_limit: 10, tpm_limit: 1000 });
      expect((await callJson(ctx, 'GET', '/api/token/search?keyword=bad%20limits', alice)).data.items).toEqual([]);
    });

    it('ignores unknown fields the console sends with the whole token (key, user_id, used_quota)', async () => {
      const token = await createToken(alice);
      const body = await callJson(ctx, 'PUT', '/api/token/', alice, { ...token, key: 'x'.repeat(48), user_id: bob.id, used_quota: 999, name: 'renamed' });
      expect(body.success).toBe(true);
      expect(await tokenRow(token.id)).toMatchObject({ key: token.key, user_id: alice.id, used_quota: 0, name: 'renamed' });
    });

    it('lets an expired token be renamed with its old expiry, but refuses a new expiry in the past', async () => {
      const token = await createToken(alice);
      const past = nowSeconds() - 100;
      await ctx.db.updateTable('tokens').set({ expired_time: past, status: TokenStatus.Expired }).where('id', '=', token.id).execute();
      const rename = await callJson(ctx, 'PUT', '/api/token/', alice, { ...token, expired_time: past, status: TokenStatus.Expired, name: 'still expired' });
      expect(rename.success, rename.message).toBe(true);
      const moved = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, expired_time: past - 10 });
      expect(moved).toMatchObject({ success: false, message: TOKEN_EXPIRY_IN_PAST });
      expect(await tokenRow(token.id)).toMatchObject({ expired_time: past, name: 'still expired' });
    });

    it('validates a changed IP list and group, and changes nothing when they are bad', async () => {
      const token = await createToken(alice, { name: 'guarded' });
      const badIps = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, name: 'x', allow_ips: '1.2.3.4, 999.1.1.1' });
      expect(badIps).toMatchObject({ success: false, message: 'allow_ips: "999.1.1.1" is not an IP address or CIDR range' });
      const badGroup = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, name: 'x', group: 'svip' });
      expect(badGroup).toMatchObject({ success: false, message: 'group "svip" is not available to you' });
      const negative = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, remain_quota: -5 });
      expect(negative).toMatchObject({ success: false, message: 'remain_quota must not be negative' });
      expect(await tokenRow(token.id)).toMatchObject({ name: 'guarded', allow_ips: '', group: '', remain_quota: 1000 });
    });

    it('enables an expired token when the same edit gives it a future expiry, and refuses when it does not', async () => {
      const token = await createToken(alice);
      await ctx.db.updateTable('tokens').set({ expired_time: nowSeconds() - 10, status: TokenStatus.Expired }).where('id', '=', token.id).execute();
      const refused = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, status: TokenStatus.Enabled });
      expect(refused).toMatchObject({ success: false, message: TOKEN_EXPIRED_CANNOT_ENABLE });
      expect((await tokenRow(token.id)).status).toBe(TokenStatus.Expired);
      const fixed = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, status: TokenStatus.Enabled, expired_time: -1 });
      expect(fixed.success).toBe(true);
      expect(await tokenRow(token.id)).toMatchObject({ status: TokenStatus.Enabled, expired_time: -1 });
    });

    it('enables an exhausted token when the same edit adds quota or makes it unlimited', async () => {
      const token = await createToken(alice);
      await ctx.db.updateTable('tokens').set({ remain_quota: 0, status: TokenStatus.Exhausted }).where('id', '=', token.id).execute();
      const refused = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, status: TokenStatus.Enabled, name: 'n' });
      expect(refused).toMatchObject({ success: false, message: TOKEN_EXHAUSTED_CANNOT_ENABLE });
      expect(await tokenRow(token.id)).toMatchObject({ status: TokenStatus.Exhausted, name: token.name });
      expect((await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, status: TokenStatus.Enabled, remain_quota: 50 })).success).toBe(true);
      expect(await tokenRow(token.id)).toMatchObject({ status: TokenStatus.Enabled, remain_quota: 50 });

      const other = await createToken(alice);
      await ctx.db.updateTable('tokens').set({ remain_quota: 0, status: TokenStatus.Exhausted }).where('id', '=', other.id).execute();
      expect((await callJson(ctx, 'PUT', '/api/token/', alice, { id: other.id, status: TokenStatus.Enabled, unlimited_quota: true })).success).toBe(true);
      expect((await tokenRow(other.id)).status).toBe(TokenStatus.Enabled);
    });

    it('refuses to set the expired or exhausted status by hand', async () => {
      const token = await createToken(alice);
      const body = await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, status: TokenStatus.Exhausted });
      expect(body).toMatchObject({ success: false, message: 'status must be 1 (enabled) or 2 (disabled)' });
      expect((await tokenRow(token.id)).status).toBe(TokenStatus.Enabled);
    });

    it('does not let another user (or an administrator) edit a token, and leaves it unchanged', async () => {
      const token = await createToken(alice, { name: 'untouchable' });
      const before = await tokenRow(token.id);
      for (const who of [bob, admin]) {
        const body = await callJson(ctx, 'PUT', '/api/token/', who, { id: token.id, name: 'stolen', remain_quota: 1, allow_ips: '' });
        expect(body).toMatchObject({ success: false, message: 'token not found' });
        const status = await callJson(ctx, 'PUT', '/api/token/?status_only=true', who, { id: token.id, status: TokenStatus.Disabled });
        expect(status).toMatchObject({ success: false, message: 'token not found' });
      }
      expect(await tokenRow(token.id)).toEqual(before);
    });
  });

  describe('PUT /api/token/?status_only=true', () => {
    it('toggles between enabled and disabled, changing only the status', async () => {
      const token = await createToken(alice, { name: 'toggle' });
      changedTokens.length = 0;
      const off = await callJson(ctx, 'PUT', '/api/token/?status_only=true', alice, { id: token.id, status: TokenStatus.Disabled, name: 'ignored' });
      expect(off.success).toBe(true);
      expect(off.data).toMatchObject({ status: TokenStatus.Disabled, name: 'toggle' });
      expect(await tokenRow(token.id)).toMatchObject({ status: TokenStatus.Disabled, name: 'toggle' });
      const on = await callJson(ctx, 'PUT', '/api/token/?status_only=true', alice, { id: token.id, status: TokenStatus.Enabled });
      expect(on.data.status).toBe(TokenStatus.Enabled);
      expect(changedTokens).toEqual([token.id, token.id]);
    });

    it('refuses to enable an expired or an exhausted token, and to set any other status', async () => {
      const expired = await createToken(alice);
      await ctx.db.updateTable('tokens').set({ expired_time: nowSeconds() - 1, status: TokenStatus.Expired }).where('id', '=', expired.id).execute();
      const exhausted = await createToken(alice);
      await ctx.db.updateTable('tokens').set({ remain_quota: 0, status: TokenStatus.Exhausted }).where('id', '=', exhausted.id).execute();
      expect(await callJson(ctx, 'PUT', '/api/token/?status_only=true', alice, { id: expired.id, status: 1 })).toMatchObject({ success: false, message: TOKEN_EXPIRED_CANNOT_ENABLE });
      expect(await callJson(ctx, 'PUT', '/api/token/?status_only=true', alice, { id: exhausted.id, status: 1 })).toMatchObject({ success: false, message: TOKEN_EXHAUSTED_CANNOT_ENABLE });
      expect((await tokenRow(expired.id)).status).toBe(TokenStatus.Expired);
      expect((await tokenRow(exhausted.id)).status).toBe(TokenStatus.Exhausted);
      const three = await callJson(ctx, 'PUT', '/api/token/?status_only=true', alice, { id: exhausted.id, status: 3 });
      expect(three).toMatchObject({ success: false, message: 'status must be 1 (enabled) or 2 (disabled)' });
      // Disabling is always allowed.
      expect((await callJson(ctx, 'PUT', '/api/token/?status_only=true', alice, { id: expired.id, status: 2 })).success).toBe(true);
      expect((await tokenRow(expired.id)).status).toBe(TokenStatus.Disabled);
    });
  });

  describe('DELETE /api/token/{id}/ and POST /api/token/batch', () => {
    it('soft-deletes the token: it stays in the table with deleted_at but disappears from every view', async () => {
      const token = await createToken(alice, { name: 'doomed' });
      changedTokens.length = 0;
      const body = await callJson(ctx, 'DELETE', `/api/token/${token.id}/`, alice);
      expect(body.success).toBe(true);
      expect((await tokenRow(token.id)).deleted_at).toBeGreaterThan(0);
      expect(changedTokens).toEqual([token.id]);
      expect(await callJson(ctx, 'GET', `/api/token/${token.id}`, alice)).toMatchObject({ success: false, message: 'token not found' });
      const list = await callJson(ctx, 'GET', '/api/token/?size=100', alice);
      expect(list.data.items.map((t: { id: number }) => t.id)).not.toContain(token.id);
      expect(await callJson(ctx, 'DELETE', `/api/token/${token.id}/`, alice)).toMatchObject({ success: false, message: 'token not found' });
      expect(await callJson(ctx, 'PUT', '/api/token/', alice, { id: token.id, name: 'zombie' })).toMatchObject({ success: false, message: 'token not found' });
    });

    it('does not let another user delete a token', async () => {
      const token = await createToken(alice);
      expect(await callJson(ctx, 'DELETE', `/api/token/${token.id}/`, bob)).toMatchObject({ success: false, message: 'token not found' });
      expect(await callJson(ctx, 'POST', '/api/token/batch', bob, { ids: [token.id] })).toMatchObject({ success: true, data: 0 });
      expect((await tokenRow(token.id)).deleted_at).toBeNull();
    });

    it('deletes several own tokens at once and answers how many, skipping others\' ids', async () => {
      const mine = [await createToken(alice), await createToken(alice)];
      const bobs = await createToken(bob);
      const body = await callJson(ctx, 'POST', '/api/token/batch', alice, { ids: [mine[0].id, mine[1].id, bobs.id, mine[0].id] });
      expect(body).toMatchObject({ success: true, data: 2 });
      for (const t of mine) expect((await tokenRow(t.id)).deleted_at).not.toBeNull();
      expect((await tokenRow(bobs.id)).deleted_at).toBeNull();
      expect(await callJson(ctx, 'POST', '/api/token/batch', alice, { ids: [] })).toMatchObject({ success: false, message: 'ids: please select at least one token' });
    });
  });
});
