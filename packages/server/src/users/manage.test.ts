import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, UserStatus } from '@gw/contracts';
import { createTestContext, createUser, json, markSetupDone, member, signIn, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { call, callJson, userRow } from './users.test-helpers.js';

describe.each(testDialects())('POST /api/user/manage (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let admin: Member;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    admin = await member(ctx, { role: Role.Admin });
  });
  afterAll(() => ctx?.close());

  const manage = (who: Member, id: number, action: string) => call(ctx, 'POST', '/api/user/manage', who, { id, action });

  /** Asserts that a refused action left the target row exactly as it was. */
  async function expectRefused(who: Member, id: number, action: string, status: number, message: RegExp) {
    const before = await userRow(ctx, id);
    const res = await manage(who, id, action);
    expect(res.statusCode, `${action} on ${id}`).toBe(status);
    expect(json(res).success).toBe(false);
    expect(json(res).message).toMatch(message);
    expect(await userRow(ctx, id)).toEqual(before);
  }

  it('lets an admin disable a normal user, signing them out at once, and answers role and status', async () => {
    const u = await member(ctx);
    expect((await call(ctx, 'GET', '/api/user/self', u)).statusCode).toBe(200);
    const body = json(await manage(admin, u.id, 'disable'));
    expect(body).toMatchObject({ success: true, data: { role: Role.User, status: UserStatus.Disabled } });
    expect((await call(ctx, 'GET', '/api/user/self', u)).statusCode).toBe(401);
    expect(await ctx.db.selectFrom('sessions').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    await expect(signIn(ctx.app, u)).rejects.toThrow(/sign-in failed/);
  });

  it('enables a disabled user again so they can sign in', async () => {
    const u = await createUser(ctx.db, { status: UserStatus.Disabled });
    expect(json(await manage(admin, u.id, 'enable'))).toMatchObject({ success: true, data: { role: Role.User, status: UserStatus.Enabled } });
    await expect(signIn(ctx.app, u)).resolves.toMatchObject({ id: u.id });
  });

  it('refuses to enable a user whose status cannot be enabled', async () => {
    const u = await createUser(ctx.db, { status: UserStatus.NotEnableable });
    await expectRefused(admin, u.id, 'enable', 200, /cannot be enabled/);
  });

  it('soft-deletes a user, signs them out, keeps the row listed with DeletedAt', async () => {
    const u = await member(ctx);
    expect(json(await manage(admin, u.id, 'delete')).success).toBe(true);
    expect((await call(ctx, 'GET', '/api/user/self', u)).statusCode).toBe(401);
    const row = await userRow(ctx, u.id);
    expect(row!.deleted_at).toBeGreaterThan(0);
    const list = await callJson(ctx, 'GET', '/api/user/?page_size=100', admin);
    expect(list.data.items.find((x: { id: number }) => x.id === u.id).DeletedAt).not.toBeNull();
    expect(json(await manage(admin, u.id, 'enable'))).toMatchObject({ success: false, message: 'user not found' });
  });

  it('lets only root promote a normal user to admin', async () => {
    const u = await createUser(ctx.db);
    await expectRefused(admin, u.id, 'promote', 403, /only the super administrator/);
    expect(json(await manage(root, u.id, 'promote'))).toMatchObject({ success: true, data: { role: Role.Admin, status: UserStatus.Enabled } });
    expect((await userRow(ctx, u.id))!.role).toBe(Role.Admin);
  });

  it('does not promote an admin any further', async () => {
    const a = await createUser(ctx.db, { role: Role.Admin });
    await expectRefused(root, a.id, 'promote', 200, /already an administrator/);
  });

  it('lets root demote an admin, and refuses to demote a normal user', async () => {
    const a = await createUser(ctx.db, { role: Role.Admin });
    expect(json(await manage(root, a.id, 'demote'))).toMatchObject({ success: true, data: { role: Role.User } });
    await expectRefused(root, a.id, 'demote', 200, /already a normal user/);
  });

  it('does not let an admin act on another admin or on root', async () => {
    const other = await createUser(ctx.db, { role: Role.Admin });
    for (const action of ['promote', 'demote', 'disable', 'enable', 'delete']) {
      await expectRefused(admin, other.id, action, 403, /equal to or higher/);
      await expectRefused(admin, root.id, action, 403, /equal to or higher/);
    }
    await expectRefused(admin, admin.id, 'disable', 403, /equal to or higher/);
  });

  it('never disables, deletes or demotes root, not even by root', async () => {
    const otherRoot = await createUser(ctx.db, { role: Role.Root });
    for (const target of [root.id, otherRoot.id]) {
      await expectRefused(root, target, 'disable', 403, /cannot be disabled/);
      await expectRefused(root, target, 'delete', 403, /cannot be deleted/);
      await expectRefused(root, target, 'demote', 403, /cannot be demoted/);
    }
    expect((await call(ctx, 'GET', '/api/user/self', root)).statusCode).toBe(200);
  });

  it('lets root disable an admin', async () => {
    const a = await member(ctx, { role: Role.Admin });
    expect(json(await manage(root, a.id, 'disable'))).toMatchObject({ success: true, data: { role: Role.Admin, status: UserStatus.Disabled } });
    expect((await call(ctx, 'GET', '/api/user/', a)).statusCode).toBe(401);
  });

  it('validates the action and the id', async () => {
    const u = await createUser(ctx.db);
    expect(json(await manage(admin, u.id, 'explode'))).toMatchObject({ success: false, message: 'action must be one of promote, demote, disable, enable, delete, reset_spending' });
    expect(json(await manage(admin, 999999, 'disable'))).toMatchObject({ success: false, message: 'user not found' });
    expect(json(await call(ctx, 'POST', '/api/user/manage', admin, { action: 'disable' })).success).toBe(false);
  });
});
