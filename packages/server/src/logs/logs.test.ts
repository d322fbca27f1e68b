import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, type LogView } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson } from '../users/users.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { LogType } from './log-types.js';
import { consumeLog, insertLogs } from './logs.test-helpers.js';
import { LogsService } from './logs.service.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

describe.each(testDialects())('usage logs API (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let admin: Member;
  let alice: Member;
  let bob: Member;
  /** A fixed point ten days ago; every seeded log is placed relative to it. */
  const T = nowSeconds() - 10 * DAY;

  const ids = async (url: string, who: Member) => {
    const body = await callJson(ctx, 'GET', url, who);
    expect(body.success, body.message).toBe(true);
    return (body.data.items as LogView[]).map((l) => l.request_id);
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    admin = await member(ctx, { role: Role.Admin });
    alice = await member(ctx, { username: `alice_${dialect}` });
    bob = await member(ctx, { username: `bob_${dialect}` });
    const a = { user_id: alice.id, username: alice.username };
    const b = { user_id: bob.id, username: bob.username };
    await insertLogs(ctx, [
      consumeLog({ ...a, created_at: T, request_id: 'a1', model_name: 'gpt-4o', token_name: 'alice-main', quota: 100, prompt_tokens: 10, completion_tokens: 5 }),
      consumeLog({ ...a, created_at: T + HOUR, request_id: 'a2', model_name: 'claude-sonnet-4', token_name: 'alice-main', group: 'vip', channel_id: 9, quota: 300 }),
      consumeLog({ ...a, created_at: T + 2 * HOUR, request_id: 'a3', model_name: 'gpt-4o-mini', token_name: 'alice_side', quota: 50, content: 'tool call surcharge' }),
      consumeLog({ ...a, created_at: T + 3 * HOUR, request_id: 'a4', type: LogType.TopUp, model_name: '', quota: 0, content: 'Redeemed 5000 quota', other: null, channel_id: 0, channel_name: '' }),
      consumeLog({ ...a, created_at: T + 4 * HOUR, request_id: 'a5', type: LogType.Error, quota: 0, content: 'upstream said 429' }),
      consumeLog({ ...b, created_at: T + 30 * 60, request_id: 'b1', model_name: 'gpt-4o', token_name: 'bob-key', quota: 1000 }),
      consumeLog({ ...b, created_at: T + 5 * HOUR, request_id: 'b2', model_name: 'gpt-4o', token_name: 'bob-key', group: 'vip', quota: 2000, channel_id: 9 }),
    ]);
  });
  afterAll(() => ctx?.close());

  describe('admin list', () => {
    it('lists every user\'s logs newest first with the paging fields', async () => {
      const body = await callJson(ctx, 'GET', '/api/log/?p=1&page_size=3', admin);
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({ total: 7, page: 1, page_size: 3 });
      expect(body.data.items.map((l: LogView) => l.request_id)).toEqual(['b2', 'a5', 'a4']);
      expect(await ids('/api/log/?p=2&page_size=3', admin)).toEqual(['a3', 'a2', 'b1']);
      expect(await ids('/api/log/?p=3&page_size=3', admin)).toEqual(['a1']);
    });

    it('shows administrators the channel, remark and admin_info', async () => {
      const body = await callJson(ctx, 'GET', '/api/log/?request_id=b2', admin);
      const [log] = body.data.items as LogView[];
      expect(log).toMatchObject({ request_id: 'b2', channel: 9, channel_name: 'primary-openai', remark: 'admin note', user_id: bob.id, is_stream: false });
      expect(JSON.parse(log.other).admin_info).toEqual({ use_channel: [7, 9] });
    });

    it('narrows by each filter', async () => {
      const cases: [string, string[]][] = [
        [`type=${LogType.Consume}`, ['b2', 'a3', 'a2', 'b1', 'a1']],
        [`type=${LogType.TopUp}`, ['a4']],
        [`username=${bob.username}`, ['b2', 'b1']],
        ['token_name=alice-main', ['a2', 'a1']],
        ['model_name=gpt-4o', ['b2', 'a5', 'b1', 'a1']],
        [`start_timestamp=${T + HOUR}&end_timestamp=${T + 3 * HOUR}`, ['a4', 'a3', 'a2']],
        [`start_timestamp=${T + 4 * HOUR}`, ['b2', 'a5']],
        [`end_timestamp=${T + 30 * 60}`, ['b1', 'a1']],
        ['channel=9', ['b2', 'a2']],
        ['group=vip', ['b2', 'a2']],
        ['request_id=a3', ['a3']],
        ['description=surcharge', ['a3']],
        ['content=REDEEMED', ['a4']],
      ];
      for (const [query, expected] of cases) expect(await ids(`/api/log/?page_size=100&${query}`, admin), query).toEqual(expected);
    });

    it('combines filters with AND and counts only the matches', async () => {
      const body = await callJson(ctx, 'GET', `/api/log/?model_name=gpt-4o&type=2&username=${alice.username}&start_timestamp=${T}&end_timestamp=${T + DAY}`, admin);
      expect(body.data.items.map((l: LogView) => l.request_id)).toEqual(['a1']);
      expect(body.data.total).toBe(1);
    });

    it('treats % in a text filter as a wildcard and _ as a literal', async () => {
      expect(await ids('/api/log/?page_size=100&model_name=gpt-4o%25', admin)).toEqual(['b2', 'a5', 'a3', 'b1', 'a1']);
      expect(await ids('/api/log/?page_size=100&token_name=alice_%25', admin)).toEqual(['a3']);
      expect(await ids('/api/log/?page_size=100&token_name=alice%25', admin)).toEqual(['a3', 'a2', 'a1']);
    });

    it('rejects a malformed filter with a message naming it', async () => {
      const body = await callJson(ctx, 'GET', '/api/log/?start_timestamp=yesterday', admin);
      expect(body.success).toBe(false);
      expect(body.message).toMatch(/start_timestamp/);
    });

    it('refuses normal users', async () => {
      for (const url of ['/api/log/', '/api/log/stat', '/api/log/export']) expect((await call(ctx, 'GET', url, alice)).statusCode, url).toBe(403);
      expect((await call(ctx, 'GET', '/api/log/self/')).statusCode).toBe(401);
    });
  });

  describe('self list', () => {
    it('returns only the caller\'s logs, whatever user, username or channel the query names', async () => {
      expect(await ids('/api/log/self/?page_size=100', bob)).toEqual(['b2', 'b1']);
      expect(await ids(`/api/log/self/?page_size=100&username=${alice.username}`, bob)).toEqual(['b2', 'b1']);
      expect(await ids(`/api/log/self/?page_size=100&user_id=${alice.id}`, bob)).toEqual(['b2', 'b1']);
      expect(await ids('/api/log/self/?page_size=100&request_id=a1', bob)).toEqual([]);
      expect(await ids('/api/log/self/?page_size=100&channel=7', bob)).toEqual(['b2', 'b1']);
      const body = await callJson(ctx, 'GET', '/api/log/self/', alice);
      expect(body.data.total).toBe(5);
      expect(body.data.items.every((l: LogView) => l.user_id === alice.id)).toBe(true);
    });

    it('hides the channel, the remark and admin_info from the owner', async () => {
      const body = await callJson(ctx, 'GET', '/api/log/self/?request_id=b2', bob);
      const [log] = body.data.items as LogView[];
      expect(log).toMatchObject({ channel: 0, channel_name: '', remark: '', quota: 2000, model_name: 'gpt-4o' });
      const other = JSON.parse(log.other);
      expect(other).not.toHaveProperty('admin_info');
      expect(other).toMatchObject({ model_ratio: 1.25, completion_ratio: 4, frt: 420 });
    });

    it('applies the same filters within the caller\'s logs', async () => {
      expect(await ids('/api/log/self/?page_size=100&model_name=gpt-4o&type=2', alice)).toEqual(['a1']);
      expect(await ids(`/api/log/self/?page_size=100&end_timestamp=${T + HOUR}`, alice)).toEqual(['a2', 'a1']);
    });
  });

  describe('stat', () => {
    it('sums the quota of consume logs for the filters and counts the last minute for rpm and tpm', async () => {
      const now = nowSeconds();
      await insertLogs(ctx, [
        consumeLog({ user_id: alice.id, username: alice.username, created_at: now - 5, request_id: 'live1', quota: 7, prompt_tokens: 100, completion_tokens: 20 }),
        consumeLog({ user_id: bob.id, username: bob.username, created_at: now - 10, request_id: 'live2', quota: 3, prompt_tokens: 40, completion_tokens: 2 }),
        consumeLog({ user_id: bob.id, username: bob.username, created_at: now - 10, request_id: 'live3', type: LogType.Error, quota: 0, prompt_tokens: 999 }),
      ]);
      try {
        const all = await callJson(ctx, 'GET', '/api/log/stat', admin);
        expect(all.data).toEqual({ quota: 100 + 300 + 50 + 1000 + 2000 + 7 + 3, rpm: 2, tpm: 162 });
        const filtered = await callJson(ctx, 'GET', `/api/log/stat?model_name=gpt-4o&end_timestamp=${T + DAY}`, admin);
        expect(filtered.data).toEqual({ quota: 100 + 1000 + 2000, rpm: 2, tpm: 162 });
        const byUser = await callJson(ctx, 'GET', `/api/log/stat?username=${bob.username}`, admin);
        expect(byUser.data).toEqual({ quota: 3003, rpm: 1, tpm: 42 });
        const self = await callJson(ctx, 'GET', `/api/log/self/stat?username=${bob.username}`, alice);
        expect(self.data).toEqual({ quota: 457, rpm: 1, tpm: 120 });
        const typed = await callJson(ctx, 'GET', `/api/log/stat?type=${LogType.TopUp}`, admin);
        expect(typed.data.quota).toBe(3460);
      } finally {
        await ctx.db.deleteFrom('logs').where('request_id', 'in', ['live1', 'live2', 'live3']).execute();
      }
    });
  });

  describe('totals stay exact as logs arrive', () => {
    it('counts rows added after a total was first computed, for filtered and unfiltered views', async () => {
      const service = new LogsService(ctx.db);
      const scope = { all: true } as const;
      const q = { type: 0, username: '', token_name: '', model_name: 'totals-model', start_timestamp: 0, end_timestamp: 0, channel: 0, group: '', request_id: '', description: '' };
      const page = { page: 1, pageSize: 10 };
      const before = (await service.list(scope, { ...q, model_name: '' }, page)).total;
      expect((await service.list(scope, q, page)).total).toBe(0);
      await insertLogs(ctx, Array.from({ length: 3 }, (_, i) => consumeLog({ user_id: bob.id, username: bob.username, created_at: T - 30 * DAY + i, model_name: 'totals-model', request_id: `tm${i}` })));
      expect((await service.list(scope, q, page)).total).toBe(3);
      expect((await service.list(scope, { ...q, model_name: '' }, page)).total).toBe(before + 3);
      expect((await service.stat(scope, q)).quota).toBe(300);
      // Moving the per-type counters forward changes nothing a reader sees.
      await service.counters.advance();
      expect((await service.list(scope, { ...q, model_name: '' }, page)).total).toBe(before + 3);
      expect((await service.list(scope, { ...q, model_name: '', type: LogType.Consume }, page)).total).toBe(
        Number((await ctx.db.selectFrom('logs').select((eb) => eb.fn.countAll().as('n')).where('type', '=', LogType.Consume).executeTakeFirst())?.n),
      );
      // Clean-ups go through the service, which keeps the per-type counters right.
      expect(await service.deleteBefore(T - 29 * DAY)).toBe(3);
      expect((await service.list(scope, { ...q, model_name: '' }, page)).total).toBe(before);
    });
  });

  describe('CSV export', () => {
    it('exports the filtered logs with a header, escaping commas, quotes, line breaks and formulas', async () => {
      await insertLogs(ctx, [
        consumeLog({ user_id: alice.id, username: alice.username, created_at: T - DAY, request_id: 'csv1', model_name: 'csv-model', token_name: 'a,b', content: 'said "hi"\nthen left' }),
        consumeLog({ user_id: alice.id, username: alice.username, created_at: T - DAY + 1, request_id: 'csv2', model_name: 'csv-model', token_name: '=HYPERLINK("x")', content: 'plain' }),
      ]);
      try {
        const res = await call(ctx, 'GET', '/api/log/export?model_name=csv-model', admin);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.headers['content-disposition']).toMatch(/^attachment; filename="logs-\d{8}T\d{6}\.csv"$/);
        const text = res.body.replace(/^\uFEFF/, '');
        const lines = text.split('\r\n');
        expect(lines[0]).toBe('id,time,created_at,type,username,token_name,model_name,group,prompt_tokens,completion_tokens,quota,use_time,is_stream,channel,channel_name,ip,request_id,content,other');
        expect(text).toContain(`,"a,b",csv-model,default,10,5,100,1,false,7,primary-openai,10.0.0.1,csv1,"said ""hi""\nthen left",`);
        expect(text).toContain(`,"'=HYPERLINK(""x"")",csv-model,`);
        expect(text).toContain(new Date((T - DAY + 1) * 1000).toISOString());
        expect(text).toContain('""admin_info"":{""use_channel"":[7,9]}');
        expect(lines.filter((l) => /,csv[12],/.test(l))).toHaveLength(2);
        expect(text.indexOf('csv2')).toBeLessThan(text.indexOf('csv1'));
      } finally {
        await ctx.services.logs.deleteBefore(T - DAY + 10);
      }
    });

    it('exports only the caller\'s own logs from /self/export, without admin fields', async () => {
      const res = await call(ctx, 'GET', `/api/log/self/export?username=${alice.username}`, bob);
      expect(res.statusCode).toBe(200);
      const rows = res.body.split('\r\n').slice(1).filter(Boolean);
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row).toContain(bob.username);
        expect(row).not.toContain('admin_info');
        expect(row).not.toContain('primary-openai');
      }
    });

    it('rejects bad filters before sending anything', async () => {
      const res = await call(ctx, 'GET', '/api/log/export?type=-1', admin);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(json(res)).toMatchObject({ success: false });
    });

    it('streams 20,000 rows completely, in many chunks, in newest-first order', async () => {
      const userId = alice.id;
      const n = 20_000;
      await insertLogs(
        ctx,
        Array.from({ length: n }, (_, i) => consumeLog({ user_id: userId, username: alice.username, created_at: T - 2 * DAY + Math.floor(i / 7), model_name: 'bulk-model', request_id: `bulk${i}` })),
      );
      try {
        const chunks: string[] = [];
        for await (const chunk of ctx.services.logs.exportCsv({ all: true }, { type: 0, username: '', token_name: '', model_name: 'bulk-model', start_timestamp: 0, end_timestamp: 0, channel: 0, group: '', request_id: '', description: '' })) {
          chunks.push(chunk);
        }
        expect(chunks.length).toBeGreaterThanOrEqual(n / 1000);
        expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(chunks.join('').length / 10);

        const res = await call(ctx, 'GET', '/api/log/export?model_name=bulk-model', admin);
        const rows = res.body.split('\r\n').slice(1).filter(Boolean);
        expect(rows).toHaveLength(n);
        const seen = rows.map((r) => Number(/,bulk(\d+),/.exec(r)![1]));
        expect(new Set(seen).size).toBe(n);
        expect(seen[0]).toBe(n - 1);
        expect(seen[n - 1]).toBe(0);
      } finally {
        expect(await ctx.services.logs.deleteBefore(T - DAY)).toBe(n);
      }
    });
  });

  describe('clearing old logs', () => {
    it('needs the root role and a target timestamp', async () => {
      expect((await call(ctx, 'DELETE', `/api/log/?target_timestamp=${T + 2 * HOUR}`, admin)).statusCode).toBe(403);
      const missing = await callJson(ctx, 'DELETE', '/api/log/', root);
      expect(missing).toMatchObject({ success: false });
      expect(missing.message).toMatch(/target_timestamp/);
    });

    it('deletes the logs created before the timestamp, in batches, and answers the count', async () => {
      const service = new LogsService(ctx.db, { deleteBatch: 2 });
      const scope = { all: true } as const;
      const q = { type: 0, username: '', token_name: '', model_name: '', start_timestamp: 0, end_timestamp: 0, channel: 0, group: '', request_id: '', description: '' };
      await service.counters.advance();
      const before = (await service.list(scope, q, { page: 1, pageSize: 10 })).total;
      const old = Array.from({ length: 5 }, (_, i) => consumeLog({ user_id: bob.id, username: bob.username, created_at: T - 20 * DAY + i, request_id: `old${i}` }));
      await insertLogs(ctx, old);
      await service.counters.advance();
      expect((await service.list(scope, q, { page: 1, pageSize: 10 })).total).toBe(before + 5);
      expect(await service.deleteBefore(T - 19 * DAY)).toBe(5);
      expect((await service.list(scope, q, { page: 1, pageSize: 10 })).total).toBe(before);
      const sum = await ctx.db.selectFrom('logs').select((eb) => eb.fn.sum<number>('quota').as('q')).where('type', '=', LogType.Consume).executeTakeFirst();
      expect((await service.stat(scope, q)).quota).toBe(Number(sum?.q));

      const res = await callJson(ctx, 'DELETE', `/api/log/?target_timestamp=${T + 30 * 60 + 1}`, root);
      expect(res).toMatchObject({ success: true, data: 2 });
      expect(await ids('/api/log/?page_size=100', admin)).toEqual(['b2', 'a5', 'a4', 'a3', 'a2']);
      expect((await callJson(ctx, 'GET', '/api/log/', admin)).data.total).toBe(5);
      expect((await callJson(ctx, 'GET', '/api/log/stat', admin)).data.quota).toBe(300 + 50 + 2000);
    });
  });
});
