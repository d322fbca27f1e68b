import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, UserStatus } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, member, signIn, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { LogType } from '../logs/log-types.js';
import { call, callJson, logsOf, userRow } from './users.test-helpers.js';

describe.each(testDialects())('user management API (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let admin: Member;
  let normal: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    admin = await member(ctx, { role: Role.Admin });
    normal = await member(ctx, { role: Role.User });
  });
  afterAll(() => ctx?.close());

  describe('who may call what', () => {
    const adminRoutes: [method: 'GET' | 'POST' | 'PUT', url: string][] = [
      ['GET', '/api/user/'],
      ['GET', '/api/user/search?keyword=a'],
      ['GET', '/api/user/1'],
      ['POST', '/api/user/'],
      ['PUT', '/api/user/'],
      ['POST', '/api/user/manage'],
      ['GET', '/api/group/'],
    ];
    const selfRoutes: [method: 'GET' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', '/api/user/self'],
      ['PUT', '/api/user/self'],
      ['DELETE', '/api/user/self'],
      ['GET', '/api/user/self/groups'],
    ];

    it('answers 401 to anonymous callers on every signed-in route', async () => {
      for (const [method, url] of [...adminRoutes, ...selfRoutes]) {
        const res = await call(ctx, method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : { id: normal.id, action: 'disable', username: 'x' });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(json(res).success).toBe(false);
      }
    });

    it('answers 403 to a normal user on every admin route and changes nothing', async () => {
      const victim = await createUser(ctx.db);
      const before = await userRow(ctx, victim.id);
      const count = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      for (const [method, url] of adminRoutes) {
        const payload = method === 'GET' ? undefined : { id: victim.id, action: 'disable', username: 'created1', password: 'password123', add_quota: 100 };
        const res = await call(ctx, method, url, normal, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(json(res).message).toMatch(/administrator/);
      }
      expect(await userRow(ctx, victim.id)).toEqual(before);
      const after = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      expect(Number(after?.n)).toBe(Number(count?.n));
    });

    it('does not let a normal user read another user', async () => {
      const res = await call(ctx, 'GET', `/api/user/${admin.id}`, normal);
      expect(res.statusCode).toBe(403);
      expect(JSON.stringify(json(res))).not.toContain(admin.username);
    });
  });

  describe('GET /api/user/ (list)', () => {
    it('lists every user newest first with the paged shape and never a password or token hash', async () => {
      await ctx.db.updateTable('users').set({ access_token_hash: 'f'.repeat(64) }).where('id', '=', normal.id).execute();
      const body = await callJson(ctx, 'GET', '/api/user/?p=1&page_size=100', admin);
      expect(body.success).toBe(true);
      const { items, total, page, page_size } = body.data;
      expect(page).toBe(1);
      expect(page_size).toBe(100);
      const ids = items.map((u: { id: number }) => u.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      expect(ids).toEqual(expect.arrayContaining([root.id, admin.id, normal.id]));
      const all = await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
      expect(total).toBe(Number(all?.n));
      const text = JSON.stringify(body);
      expect(text).not.toMatch(/argon2|access_token|f{64}/);
      expect(items.every((u: { password: string }) => u.password === '')).toBe(true);
    });

    it('includes soft-deleted users with DeletedAt set', async () => {
      const gone = await createUser(ctx.db);
      await ctx.db.updateTable('users').set({ deleted_at: 1_700_000_000 }).where('id', '=', gone.id).execute();
      const body = await callJson(ctx, 'GET', '/api/user/?page_size=100', admin);
      const row = body.data.items.find((u: { id: number }) => u.id === gone.id);
      expect(row.DeletedAt).toBe(new Date(1_700_000_000 * 1000).toISOString());
      const live = body.data.items.find((u: { id: number }) => u.id === normal.id);
      expect(live.DeletedAt).toBeNull();
    });

    it('treats p=0 as the first page and pages by page_size', async () => {
      const p0 = await callJson(ctx, 'GET', '/api/user/?p=0&page_size=2', admin);
      const p1 = await callJson(ctx, 'GET', '/api/user/?p=1&page_size=2', admin);
      const p2 = await callJson(ctx, 'GET', '/api/user/?p=2&page_size=2', admin);
      expect(p0.data).toEqual(p1.data);
      expect(p1.data.items).toHaveLength(2);
      expect(p2.data.page).toBe(2);
      expect(p2.data.items[0].id).toBeLessThan(p1.data.items[1].id);
      const dflt = await callJson(ctx, 'GET', '/api/user/', admin);
      expect(dflt.data.page_size).toBe(10);
    });
  });

  describe('GET /api/user/search', () => {
    let alice: { id: number; username: string };
    let bob: { id: number; username: string };

    beforeAll(async () => {
      alice = await createUser(ctx.db, { username: `al_${dialect.slice(0, 2)}%x`, email: `alice.${dialect}@example.com`, group: 'vip' });
      bob = await createUser(ctx.db, { username: `bob_${dialect.slice(0, 2)}`, email: `bob.${dialect}@example.org` });
      await ctx.db.updateTable('users').set({ display_name: 'Robert Builder' }).where('id', '=', bob.id).execute();
      await ctx.db.insertInto('tokens').values({ user_id: bob.id, key: `bobkey${dialect}`, name: 'k' }).execute();
    });

    const search = async (query: string) => {
      const body = await callJson(ctx, 'GET', `/api/user/search?${query}&page_size=100`, admin);
      expect(body.success).toBe(true);
      return body.data.items.map((u: { id: number }) => u.id) as number[];
    };

    it('matches the keyword against username, display name and e-mail, ignoring case', async () => {
      expect(await search(`keyword=BOB_${dialect.slice(0, 2)}`)).toEqual([bob.id]);
      expect(await search('keyword=robert%20build')).toEqual([bob.id]);
      expect(await search(`keyword=${encodeURIComponent(`alice.${dialect}@`)}`)).toEqual([alice.id]);
    });

    it('treats LIKE wildcards in the keyword literally', async () => {
      expect(await search(`keyword=${encodeURIComponent(`${dialect.slice(0, 2)}%x`)}`)).toEqual([alice.id]);
      expect(await search(`keyword=${encodeURIComponent('%')}`)).toEqual([alice.id]);
      expect(await search(`keyword=${encodeURIComponent('_')}`)).toEqual(expect.arrayContaining([alice.id, bob.id]));
      expect(await search(`keyword=${encodeURIComponent('zz_none_')}`)).toEqual([]);
    });

    it('matches a numeric keyword as an exact id', async () => {
      expect(await search(`keyword=${bob.id}`)).toContain(bob.id);
      expect(await search(`keyword=${bob.id}`)).not.toContain(alice.id);
    });

    it('finds the owner of an API token, with or without the sk- prefix', async () => {
      expect(await search(`token=bobkey${dialect}`)).toEqual([bob.id]);
      expect(await search(`token=sk-bobkey${dialect}`)).toEqual([bob.id]);
      expect(await search('token=sk-unknown')).toEqual([]);
    });

    it('filters by exact invite code and exact group, combined with AND', async () => {
      const aliceRow = await userRow(ctx, alice.id);
      expect(await search(`aff_code=${aliceRow!.aff_code}`)).toEqual([alice.id]);
      expect(await search(`aff_code=${aliceRow!.aff_code.slice(0, 4)}`)).toEqual([]);
      const vip = await search('group=vip');
      expect(vip).toContain(alice.id);
      expect(vip).not.toContain(bob.id);
      expect(await search(`group=vip&keyword=bob_${dialect.slice(0, 2)}`)).toEqual([]);
    });

    it('answers the paged shape and treats p=0 as p=1', async () => {
      const p0 = await callJson(ctx, 'GET', '/api/user/search?keyword=example&p=0&page_size=1', admin);
      const p1 = await callJson(ctx, 'GET', '/api/user/search?keyword=example&p=1&page_size=1', admin);
      expect(p0.data).toEqual(p1.data);
      expect(p1.data).toMatchObject({ page: 1, page_size: 1, total: 2 });
      expect(p1.data.items).toHaveLength(1);
    });
  });

  describe('GET /api/user/{id} and /api/user/self', () => {
    it('lets an admin read a lower-role user and themselves, but not an admin or root', async () => {
      const lower = await callJson(ctx, 'GET', `/api/user/${normal.id}`, admin);
      expect(lower.data).toMatchObject({ id: normal.id, username: normal.username, password: '' });
      expect((await callJson(ctx, 'GET', `/api/user/${admin.id}`, admin)).data.id).toBe(admin.id);
      const otherAdmin = await createUser(ctx.db, { role: Role.Admin });
      for (const target of [otherAdmin.id, root.id]) {
        const res = await call(ctx, 'GET', `/api/user/${target}`, admin);
        expect(res.statusCode).toBe(403);
        expect(json(res).message).toMatch(/equal to or higher/);
      }
    });

    it('lets root read anyone', async () => {
      for (const id of [admin.id, normal.id, root.id]) {
        expect((await callJson(ctx, 'GET', `/api/user/${id}`, root)).data.id).toBe(id);
      }
    });

    it('answers unknown and malformed ids with a message', async () => {
      expect(await callJson(ctx, 'GET', '/api/user/999999', admin)).toMatchObject({ success: false, message: 'user not found' });
      const bad = await call(ctx, 'GET', '/api/user/abc', admin);
      expect(bad.statusCode).toBe(200);
      expect(json(bad)).toMatchObject({ success: false, message: 'id must be a positive integer' });
    });

    it('returns the signed-in user with invite fields and settings but no secrets', async () => {
      await ctx.db.updateTable('users').set({ setting: '{"language":"en"}', aff_count: 3, aff_quota: 7, aff_history_quota: 9 }).where('id', '=', normal.id).execute();
      const body = await callJson(ctx, 'GET', '/api/user/self', normal);
      const row = await userRow(ctx, normal.id);
      expect(body.data).toMatchObject({ id: normal.id, aff_code: row!.aff_code, aff_count: 3, aff_quota: 7, aff_history_quota: 9, setting: '{"language":"en"}', password: '' });
      expect(JSON.stringify(body)).not.toMatch(/argon2|access_token/);
    });
  });

  describe('POST /api/user/ (admin create)', () => {
    it('creates a normal user who can then sign in', async () => {
      const body = await callJson(ctx, 'POST', '/api/user/', admin, { username: 'made1', password: 'password123', display_name: 'Made One' });
      expect(body).toMatchObject({ success: true, message: 'User account created successfully!' });
      const row = await ctx.db.selectFrom('users').selectAll().where('username', '=', 'made1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ role: Role.User, status: UserStatus.Enabled, display_name: 'Made One' });
      expect(row.password).toMatch(/^\$argon2id\$/);
      expect(row.aff_code).toMatch(/^[0-9A-Za-z]{8}$/);
      await expect(signIn(ctx.app, { username: 'made1', password: 'password123' })).resolves.toMatchObject({ id: row.id });
    });

    it('uses the username as display name when none is given', async () => {
      await callJson(ctx, 'POST', '/api/user/', admin, { username: 'made2', password: 'password123' });
      const row = await ctx.db.selectFrom('users').select('display_name').where('username', '=', 'made2').executeTakeFirstOrThrow();
      expect(row.display_name).toBe('made2');
    });

    it('refuses blank, short and over-long input with the spec messages', async () => {
      const empty = await callJson(ctx, 'POST', '/api/user/', admin, { username: '', password: '' });
      expect(empty.success).toBe(false);
      expect(empty.message).toContain('User name and password cannot be empty!');
      const noPassword = await callJson(ctx, 'POST', '/api/user/', admin, { username: 'abc' });
      expect(noPassword.message).toContain('User name and password cannot be empty!');
      const short = await callJson(ctx, 'POST', '/api/user/', admin, { username: 'abc', password: 'short' });
      expect(short.message).toBe('password must be at least 8 characters');
      const long = await callJson(ctx, 'POST', '/api/user/', admin, { username: 'a'.repeat(13), password: 'password123' });
      expect(long.message).toBe('username must be at most 12 characters');
      const row = await ctx.db.selectFrom('users').select('id').where('username', 'in', ['abc', 'a'.repeat(13)]).executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('refuses a taken username, also one of a deleted user', async () => {
      const gone = await createUser(ctx.db);
      await ctx.db.updateTable('users').set({ deleted_at: 1 }).where('id', '=', gone.id).execute();
      for (const username of [normal.username, gone.username]) {
        expect(await callJson(ctx, 'POST', '/api/user/', admin, { username, password: 'password123' })).toMatchObject({ success: false, message: 'username already taken' });
      }
    });

    it('does not let an admin create an admin or root, but lets root create an admin', async () => {
      for (const role of [Role.Admin, Role.Root]) {
        const res = await call(ctx, 'POST', '/api/user/', admin, { username: `hi${role}`, password: 'password123', role });
        expect(res.statusCode).toBe(403);
        expect(await ctx.db.selectFrom('users').select('id').where('username', '=', `hi${role}`).executeTakeFirst()).toBeUndefined();
      }
      const byRoot = await callJson(ctx, 'POST', '/api/user/', root, { username: 'newadmin', password: 'password123', role: Role.Admin });
      expect(byRoot.success).toBe(true);
      expect(byRoot.data.role).toBe(Role.Admin);
    });
  });

  describe('PUT /api/user/ (admin update)', () => {
    it('updates names, e-mail, group and remarks, ignoring role and status in the body', async () => {
      const u = await createUser(ctx.db);
      const full = (await callJson(ctx, 'GET', `/api/user/${u.id}`, admin)).data;
      const body = await callJson(ctx, 'PUT', '/api/user/', admin, {
        ...full, username: `${u.username}x`, display_name: 'Renamed', email: `${u.id}@example.com`, group: 'vip', remarks: 'good customer', role: Role.Root, status: UserStatus.Disabled,
      });
      expect(body).toMatchObject({ success: true, message: 'User information updated successfully!' });
      expect(await userRow(ctx, u.id)).toMatchObject({
        username: `${u.username}x`, display_name: 'Renamed', email: `${u.id}@example.com`, group: 'vip', remarks: 'good customer', role: Role.User, status: UserStatus.Enabled,
      });
    });

    it('re-hashes a new password, keeps the old one when empty, and ends the user\'s sessions', async () => {
      const u = await member(ctx);
      const before = (await userRow(ctx, u.id))!.password;
      await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, password: '' });
      expect((await userRow(ctx, u.id))!.password).toBe(before);
      expect((await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, password: 'brandnew123' })).success).toBe(true);
      expect((await call(ctx, 'GET', '/api/user/self', u)).statusCode).toBe(401);
      await expect(signIn(ctx.app, { username: u.username, password: 'brandnew123' })).resolves.toMatchObject({ id: u.id });
      await expect(signIn(ctx.app, u)).rejects.toThrow(/sign-in failed/);
    });

    it('refuses a group that does not exist and a taken username, changing nothing', async () => {
      const u = await createUser(ctx.db);
      const before = await userRow(ctx, u.id);
      expect(await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, group: 'nosuchgroup', remarks: 'changed' })).toMatchObject({ success: false, message: 'group "nosuchgroup" does not exist' });
      expect(await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, username: normal.username, remarks: 'changed' })).toMatchObject({ success: false, message: 'username already taken' });
      expect(await userRow(ctx, u.id)).toEqual(before);
    });

    it('adds quota atomically under concurrency and logs every change', async () => {
      const u = await createUser(ctx.db, { quota: 1000 });
      const results = await Promise.all(Array.from({ length: 20 }, () => callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, add_quota: 5 })));
      expect(results.every((r) => r.success)).toBe(true);
      expect((await userRow(ctx, u.id))!.quota).toBe(1100);
      const logs = (await logsOf(ctx, u.id)).filter((l) => l.type === LogType.Manage);
      expect(logs).toHaveLength(20);
      expect(logs.every((l) => l.quota === 5 && l.content!.includes(admin.username))).toBe(true);
      const afters = logs.map((l) => JSON.parse(l.other!).quota_after as number).sort((a, b) => a - b);
      expect(afters).toEqual(Array.from({ length: 20 }, (_, i) => 1005 + i * 5));
    });

    it('accepts a negative add but never lets quota go below zero', async () => {
      const u = await createUser(ctx.db, { quota: 100 });
      expect((await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, add_quota: -40 })).success).toBe(true);
      expect((await userRow(ctx, u.id))!.quota).toBe(60);
      const before = await userRow(ctx, u.id);
      const refused = await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, add_quota: -61, remarks: 'should not stick' });
      expect(refused).toMatchObject({ success: false, message: 'quota cannot go below 0' });
      expect(await userRow(ctx, u.id)).toEqual(before);
      const logs = (await logsOf(ctx, u.id)).filter((l) => l.type === LogType.Manage);
      expect(logs.map((l) => l.quota)).toEqual([-40]);
    });

    it('sets, changes and removes a spending limit per period, logging each change; a new period counts from nothing', async () => {
      const u = await createUser(ctx.db);
      expect(await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, budget_quota: 700_000, budget_period: 'daily' })).toMatchObject({ success: true });
      const day = Math.floor(Date.now() / 1000 / 86_400) * 86_400;
      expect((await callJson(ctx, 'GET', `/api/user/${u.id}`, admin)).data).toMatchObject({ budget_quota: 700_000, budget_period: 'daily', budget_used: 0, budget_reset_time: day + 86_400 });
      await ctx.db.updateTable('users').set({ budget_used: 1234, budget_window: day }).where('id', '=', u.id).execute();
      // The whole user sent back (as the console does) changes nothing; the user sees their own limit.
      const full = (await callJson(ctx, 'GET', `/api/user/${u.id}`, admin)).data;
      expect(full.budget_used).toBe(1234);
      await callJson(ctx, 'PUT', '/api/user/', admin, { ...full, remarks: 'same limit' });
      expect(await userRow(ctx, u.id)).toMatchObject({ budget_quota: 700_000, budget_period: 'daily', budget_used: 1234 });
      expect((await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, budget_period: 'weekly' })).success).toBe(true);
      expect(await userRow(ctx, u.id)).toMatchObject({ budget_quota: 700_000, budget_period: 'weekly', budget_used: 0, budget_window: 0 });
      expect((await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, budget_quota: 0, budget_period: '' })).success).toBe(true);
      expect((await callJson(ctx, 'GET', `/api/user/${u.id}`, admin)).data).toMatchObject({ budget_quota: 0, budget_period: '', budget_used: 0, budget_reset_time: 0 });
      const logs = (await logsOf(ctx, u.id)).filter((l) => l.type === LogType.Manage);
      expect(logs.map((l) => l.content)).toEqual([
        `administrator ${admin.username} set the spending limit to 700000 per day`,
        `administrator ${admin.username} set the spending limit to 700000 per week`,
        `administrator ${admin.username} removed the spending limit`,
      ]);
      expect(logs.every((l) => l.quota === 0)).toBe(true);
    });

    it('refuses a spending limit without a period, a negative or fractional limit and an unknown period, changing nothing', async () => {
      const u = await createUser(ctx.db);
      const before = await userRow(ctx, u.id);
      const put = (body: Record<string, unknown>) => callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, remarks: 'should not stick', ...body });
      expect(await put({ budget_quota: 5000 })).toMatchObject({ success: false, message: 'budget_period must be daily, weekly or monthly when budget_quota is set' });
      expect(await put({ budget_quota: -1, budget_period: 'daily' })).toMatchObject({ success: false, message: 'budget_quota must not be negative' });
      expect(await put({ budget_quota: 1.5, budget_period: 'daily' })).toMatchObject({ success: false, message: 'budget_quota must be an integer' });
      expect(await put({ budget_quota: 5, budget_period: 'hourly' })).toMatchObject({ success: false, message: 'budget_period must be daily, weekly or monthly' });
      expect(await userRow(ctx, u.id)).toEqual(before);
    });

    it("shows a user their own spending limit and this period's spending, and never lets them change it", async () => {
      const u = await member(ctx);
      const week = Math.floor((Date.now() / 1000 - 4 * 86_400) / (7 * 86_400)) * 7 * 86_400 + 4 * 86_400;
      await ctx.db.updateTable('users').set({ budget_quota: 9000, budget_period: 'weekly', budget_used: 300, budget_window: week }).where('id', '=', u.id).execute();
      expect((await callJson(ctx, 'GET', '/api/user/self', u)).data).toMatchObject({ budget_quota: 9000, budget_period: 'weekly', budget_used: 300, budget_reset_time: week + 7 * 86_400 });
      await callJson(ctx, 'PUT', '/api/user/self', u, { display_name: 'Me', budget_quota: 0, budget_period: '' });
      expect(await userRow(ctx, u.id)).toMatchObject({ display_name: 'Me', budget_quota: 9000, budget_period: 'weekly' });
    });

    it('rejects a non-integer quota add with the field named', async () => {
      const u = await createUser(ctx.db, { quota: 100 });
      expect(await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, add_quota: 1.5 })).toMatchObject({ success: false, message: 'add_quota must be an integer' });
      expect(await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, add_quota: '5' })).toMatchObject({ success: false, message: 'add_quota must be an integer' });
      expect((await userRow(ctx, u.id))!.quota).toBe(100);
    });

    it('sets an absolute quota new-api style when no add_quota is sent, and logs the difference', async () => {
      const u = await createUser(ctx.db, { quota: 100 });
      expect((await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, quota: 250 })).success).toBe(true);
      expect((await userRow(ctx, u.id))!.quota).toBe(250);
      const [log] = (await logsOf(ctx, u.id)).filter((l) => l.type === LogType.Manage);
      expect(log.quota).toBe(150);
      expect(log.content).toContain('from 100 to 250');
    });

    it('ignores a stale absolute quota when add_quota is sent', async () => {
      const u = await createUser(ctx.db, { quota: 100 });
      await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, quota: 999, add_quota: 0, remarks: 'r' });
      expect(await userRow(ctx, u.id)).toMatchObject({ quota: 100, remarks: 'r' });
      await callJson(ctx, 'PUT', '/api/user/', admin, { id: u.id, quota: 999, add_quota: 1 });
      expect((await userRow(ctx, u.id))!.quota).toBe(101);
    });

    it('does not let an admin edit an admin or root, and lets root edit an admin', async () => {
      const otherAdmin = await createUser(ctx.db, { role: Role.Admin, quota: 10 });
      for (const target of [otherAdmin.id, root.id]) {
        const before = await userRow(ctx, target);
        const res = await call(ctx, 'PUT', '/api/user/', admin, { id: target, display_name: 'hacked', add_quota: 1000 });
        expect(res.statusCode).toBe(403);
        expect(await userRow(ctx, target)).toEqual(before);
      }
      expect((await callJson(ctx, 'PUT', '/api/user/', root, { id: otherAdmin.id, add_quota: 5 })).success).toBe(true);
      expect((await userRow(ctx, otherAdmin.id))!.quota).toBe(15);
    });

    it('answers an unknown or deleted user with not found', async () => {
      const gone = await createUser(ctx.db);
      await ctx.db.updateTable('users').set({ deleted_at: 1 }).where('id', '=', gone.id).execute();
      for (const id of [gone.id, 999999]) {
        expect(await callJson(ctx, 'PUT', '/api/user/', admin, { id, add_quota: 5 })).toMatchObject({ success: false, message: 'user not found' });
      }
      expect(await callJson(ctx, 'PUT', '/api/user/', admin, { display_name: 'x' })).toMatchObject({ success: false, message: 'id is required' });
    });
  });

  describe('PUT and DELETE /api/user/self', () => {
    it('changes the display name and ignores fields a user may not set', async () => {
      const u = await member(ctx, { quota: 10 });
      const body = await callJson(ctx, 'PUT', '/api/user/self', u, { display_name: 'Me Myself', role: Role.Root, quota: 1e9, group: 'vip', email: 'x@example.com' });
      expect(body.success).toBe(true);
      expect(await userRow(ctx, u.id)).toMatchObject({ display_name: 'Me Myself', role: Role.User, quota: 10, group: 'default', email: '' });
    });

    it('changes the password only with the correct original password', async () => {
      const u = await member(ctx);
      const before = (await userRow(ctx, u.id))!.password;
      const missing = await callJson(ctx, 'PUT', '/api/user/self', u, { password: 'newpassword1' });
      expect(missing).toMatchObject({ success: false, message: 'the original password is incorrect' });
      const wrong = await callJson(ctx, 'PUT', '/api/user/self', u, { password: 'newpassword1', original_password: 'wrongpass1' });
      expect(wrong.success).toBe(false);
      expect((await userRow(ctx, u.id))!.password).toBe(before);
      const short = await callJson(ctx, 'PUT', '/api/user/self', u, { password: 'short', original_password: u.password });
      expect(short.message).toBe('password must be at least 8 characters');
      expect((await callJson(ctx, 'PUT', '/api/user/self', u, { password: 'newpassword1', original_password: u.password })).success).toBe(true);
      await expect(signIn(ctx.app, { username: u.username, password: 'newpassword1' })).resolves.toMatchObject({ id: u.id });
    });

    it('soft-deletes the account and signs it out at once', async () => {
      const u = await member(ctx);
      const res = await call(ctx, 'DELETE', '/api/user/self', u);
      expect(json(res).success).toBe(true);
      expect(res.headers['set-cookie']).toMatch(/session=;/);
      expect((await userRow(ctx, u.id))!.deleted_at).toBeGreaterThan(0);
      expect((await call(ctx, 'GET', '/api/user/self', u)).statusCode).toBe(401);
      const sessions = await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute();
      expect(sessions).toEqual([]);
      await expect(signIn(ctx.app, u)).rejects.toThrow(/sign-in failed/);
    });

    it('refuses to delete the super administrator', async () => {
      const res = await call(ctx, 'DELETE', '/api/user/self', root);
      expect(res.statusCode).toBe(403);
      expect((await userRow(ctx, root.id))!.deleted_at).toBeNull();
      expect((await call(ctx, 'GET', '/api/user/self', root)).statusCode).toBe(200);
    });
  });
});
