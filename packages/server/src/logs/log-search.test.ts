import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type ChannelAffinityUsageCacheStats, type LogView } from '@gw/contracts';
import { createTestContext, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { LogType } from './log-types.js';
import { consumeLog, insertLogs } from './logs.test-helpers.js';

const HOUR = 3600;

/** A consume log's `other` as the relay writes it when channel affinity routed or recorded the request. */
function affinityOther(record: { rule_name: string; using_group: string; key_fp: string; hit: boolean }, usage: { cache_tokens: number; usage_semantic: 'openai' | 'anthropic' }): string {
  return JSON.stringify({
    model_ratio: 1,
    group_ratio: 1,
    cache_tokens: usage.cache_tokens,
    usage_semantic: usage.usage_semantic,
    admin_info: { use_channel: [7], channel_affinity: { ...record, key_source: 'gjson', key_hint: 'abcd...wxyz', channel_id: 7, recorded: true } },
  });
}

describe.each(testDialects())('log keyword search and affinity usage (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Member;
  let alice: Member;
  let bob: Member;
  const T = nowSeconds() - 10 * HOUR;

  const search = async (url: string, who: Member) => {
    const body = await callJson(ctx, 'GET', url, who);
    expect(body.success, body.message).toBe(true);
    return body.data as { items: LogView[]; total: number; page: number; page_size: number };
  };
  const ids = async (url: string, who: Member) => (await search(url, who)).items.map((l) => l.request_id);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    admin = await member(ctx, { role: Role.Admin });
    alice = await member(ctx, { username: `alice_${dialect}` });
    bob = await member(ctx, { username: `bob_${dialect}` });
    const a = { user_id: alice.id, username: alice.username };
    const b = { user_id: bob.id, username: bob.username };
    await insertLogs(ctx, [
      consumeLog({ ...a, created_at: T, request_id: 'a1', content: '' }),
      consumeLog({ ...a, created_at: T + 1, request_id: 'a2', type: LogType.TopUp, content: 'Redeemed 5000 quota', quota: 0 }),
      consumeLog({ ...a, created_at: T + 2, request_id: 'a3', type: LogType.Error, content: 'upstream said 429', quota: 0 }),
      consumeLog({ ...a, created_at: T + 3, request_id: 'a4', content: '50%_off surcharge' }),
      consumeLog({ ...a, created_at: T + 4, request_id: 'a5', content: '500 tokens bonus' }),
      consumeLog({ ...b, created_at: T + 5, request_id: 'b1', type: LogType.TopUp, content: 'Redeemed 9000 quota', quota: 0 }),
      consumeLog({ ...b, created_at: T + 6, request_id: 'b2', content: 'a bonus: Redeemed later' }),
      consumeLog({ ...b, created_at: T + 7, request_id: 'b3', content: 'C:\\temp\\yx' }),
    ]);
  });
  afterAll(() => ctx?.close());

  describe('keyword search', () => {
    it('matches the start of the content, case-insensitively, across users for administrators', async () => {
      expect(await ids('/api/log/search?keyword=Redeemed', admin)).toEqual(['b1', 'a2']);
      expect(await ids('/api/log/search?keyword=redeemed%205', admin)).toEqual(['a2']);
      expect(await ids('/api/log/search?keyword=bonus', admin)).toEqual([]);
    });

    it('matches the type when the keyword is a whole number, or content starting with it', async () => {
      expect(await ids(`/api/log/search?keyword=${LogType.TopUp}`, admin)).toEqual(['b1', 'a2']);
      // Type 5 (error) and the contents that start with "5".
      expect(await ids('/api/log/search?keyword=5', admin)).toEqual(['a5', 'a4', 'a3']);
    });

    it('takes % and _ in the keyword literally', async () => {
      expect(await ids('/api/log/search?keyword=50%25', admin)).toEqual(['a4']);
      expect(await ids('/api/log/search?keyword=50%25_', admin)).toEqual(['a4']);
      expect(await ids('/api/log/search?keyword=50_', admin)).toEqual([]);
      expect(await ids('/api/log/search?keyword=%25', admin)).toEqual([]);
      expect(await ids(`/api/log/search?keyword=${encodeURIComponent('C:\\temp\\y')}`, admin)).toEqual(['b3']);
      expect(await ids(`/api/log/search?keyword=${encodeURIComponent('C:\\temp\\_')}`, admin)).toEqual([]);
    });

    it('answers a page like the log list, everything for an empty keyword', async () => {
      const first = await search('/api/log/search?keyword=&p=1&page_size=3', admin);
      expect(first).toMatchObject({ total: 8, page: 1, page_size: 3 });
      expect(first.items.map((l) => l.request_id)).toEqual(['b3', 'b2', 'b1']);
      expect(await ids('/api/log/search?p=3&page_size=3', admin)).toEqual(['a2', 'a1']);
      expect((await search('/api/log/search?keyword=Redeemed&page_size=1', admin)).total).toBe(2);
      const [log] = (await search('/api/log/search?keyword=upstream', admin)).items;
      expect(log).toMatchObject({ request_id: 'a3', channel: 7, remark: 'admin note' });
    });

    it('shows a user only their own logs, without the administrators\' fields', async () => {
      expect(await ids('/api/log/self/search?keyword=Redeemed', alice)).toEqual(['a2']);
      expect(await ids('/api/log/self/search?keyword=Redeemed', bob)).toEqual(['b1']);
      expect(await ids(`/api/log/self/search?keyword=${LogType.TopUp}`, bob)).toEqual(['b1']);
      const all = await search('/api/log/self/search', alice);
      expect(all.total).toBe(5);
      expect(all.items.every((l) => l.user_id === alice.id && l.channel === 0 && l.remark === '' && !l.other.includes('admin_info'))).toBe(true);
      // A user name or id in the query changes nothing.
      expect(await ids(`/api/log/self/search?keyword=Redeemed&username=${bob.username}&user_id=${bob.id}`, alice)).toEqual(['a2']);
    });

    it('keeps the admin search for administrators and needs a sign-in for the self search', async () => {
      expect((await call(ctx, 'GET', '/api/log/search?keyword=x', alice)).statusCode).toBe(403);
      expect((await call(ctx, 'GET', '/api/log/search?keyword=x')).statusCode).toBe(401);
      expect((await call(ctx, 'GET', '/api/log/self/search?keyword=x')).statusCode).toBe(401);
    });

    it('refuses a keyword that is too long with a clear message', async () => {
      for (const url of ['/api/log/search', '/api/log/self/search']) {
        const res = await call(ctx, 'GET', `${url}?keyword=${'x'.repeat(101)}`, admin);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: false, message: 'keyword must be at most 100 characters' });
      }
      expect(await ids(`/api/log/search?keyword=${'x'.repeat(100)}`, admin)).toEqual([]);
    });
  });

  describe('channel affinity usage', () => {
    const FP = 'a1b2c3d4';
    const url = (q: string) => `/api/log/channel_affinity_usage_cache?${q}`;
    const usage = async (q: string): Promise<ChannelAffinityUsageCacheStats> => {
      const body = await callJson(ctx, 'GET', url(q), admin);
      expect(body.success, body.message).toBe(true);
      return body.data;
    };

    beforeAll(async () => {
      const now = nowSeconds();
      const a = { user_id: alice.id, username: alice.username };
      const rec = (over: Partial<{ rule_name: string; using_group: string; key_fp: string; hit: boolean }> = {}) => ({ rule_name: 'codex', using_group: 'default', key_fp: FP, hit: false, ...over });
      await insertLogs(ctx, [
        consumeLog({ ...a, created_at: now - 100, request_id: 'f1', prompt_tokens: 100, completion_tokens: 10, other: affinityOther(rec(), { cache_tokens: 0, usage_semantic: 'openai' }) }),
        consumeLog({ ...a, created_at: now - 50, request_id: 'f2', prompt_tokens: 200, completion_tokens: 20, other: affinityOther(rec({ hit: true }), { cache_tokens: 80, usage_semantic: 'openai' }) }),
        consumeLog({ ...a, created_at: now - 10, request_id: 'f3', prompt_tokens: 300, completion_tokens: 30, other: affinityOther(rec({ hit: true }), { cache_tokens: 150, usage_semantic: 'openai' }) }),
        // Outside the default window (an hour), another group, another rule, another key: not counted.
        consumeLog({ ...a, created_at: now - 2 * HOUR, request_id: 'f4', other: affinityOther(rec(), { cache_tokens: 5, usage_semantic: 'openai' }) }),
        consumeLog({ ...a, created_at: now - 20, request_id: 'f5', other: affinityOther(rec({ using_group: 'vip' }), { cache_tokens: 5, usage_semantic: 'anthropic' }) }),
        consumeLog({ ...a, created_at: now - 20, request_id: 'f6', other: affinityOther(rec({ rule_name: 'claude' }), { cache_tokens: 5, usage_semantic: 'anthropic' }) }),
        consumeLog({ ...a, created_at: now - 20, request_id: 'f7', other: affinityOther(rec({ key_fp: 'ffff0000' }), { cache_tokens: 5, usage_semantic: 'openai' }) }),
      ]);
    });

    it('counts one key\'s requests of the rule\'s window from the logs', async () => {
      const now = nowSeconds();
      const stats = await usage(`rule_name=codex&using_group=default&key_fp=${FP.toUpperCase()}`);
      expect(stats).toEqual({
        rule_name: 'codex',
        using_group: 'default',
        key_fp: FP,
        cached_token_rate_mode: 'cached_over_prompt',
        hit: 2,
        total: 3,
        window_seconds: 3600,
        prompt_tokens: 600,
        completion_tokens: 60,
        total_tokens: 660,
        cached_tokens: 230,
        prompt_cache_hit_tokens: 0,
        last_seen_at: expect.any(Number),
        affinity_hits: 2,
        truncated: false,
      });
      expect(stats.last_seen_at).toBeGreaterThanOrEqual(now - 11);
      expect(stats.last_seen_at).toBeLessThanOrEqual(now - 9);
    });

    it('uses the rule\'s own TTL as the window, and the group exactly', async () => {
      await ctx.services.options.set({
        'channel_affinity_setting.rules': [{ name: 'codex', model_regex: ['^gpt-'], key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }], ttl_seconds: 60 }],
      });
      try {
        expect(await usage(`rule_name=codex&using_group=default&key_fp=${FP}`)).toMatchObject({ window_seconds: 60, total: 2, hit: 2, prompt_tokens: 500 });
      } finally {
        await ctx.services.options.set({ 'channel_affinity_setting.rules': [] });
      }
      expect(await usage(`rule_name=codex&using_group=vip&key_fp=${FP}`)).toMatchObject({ total: 1, hit: 1, cached_token_rate_mode: 'cached_over_prompt_plus_cached' });
      expect(await usage(`rule_name=codex&key_fp=${FP}`)).toMatchObject({ using_group: '', total: 0, hit: 0, last_seen_at: 0, cached_token_rate_mode: '' });
    });

    it('refuses missing or malformed parameters with a clear message', async () => {
      const cases: [string, string][] = [
        [`key_fp=${FP}`, 'missing param: rule_name'],
        [`rule_name=%20&key_fp=${FP}`, 'missing param: rule_name'],
        ['rule_name=codex', 'missing param: key_fp'],
        ['rule_name=codex&key_fp=%25%25', 'key_fp must be hexadecimal'],
        [`rule_name=${'r'.repeat(101)}&key_fp=${FP}`, 'rule_name must be at most 100 characters'],
      ];
      for (const [query, message] of cases) {
        const res = await call(ctx, 'GET', url(query), admin);
        expect(res.statusCode, query).toBe(200);
        expect(res.json(), query).toMatchObject({ success: false, message: expect.stringContaining(message) });
      }
      expect((await call(ctx, 'GET', url(`rule_name=codex&key_fp=${FP}`), alice)).statusCode).toBe(403);
    });
  });
});
