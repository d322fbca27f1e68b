import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, Role } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { enrolTotp } from '../auth/secure-verification.test-helpers.js';
import { nowSeconds } from '../platform/clock.js';
import { AccountSecurityMessage } from './account-security.service.js';
import { call, callJson, logsOf, userRow } from './users.test-helpers.js';

describe.each(testDialects())('administrators\' account-security tools (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let admin: Member;
  let otherAdmin: Member;
  let providerId = 0;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    admin = await member(ctx, { role: Role.Admin });
    otherAdmin = await member(ctx, { role: Role.Admin });
    const now = nowSeconds();
    await ctx.db
      .insertInto('custom_oauth_providers')
      .values({ name: 'Acme SSO', slug: 'acme', client_id: 'c', authorization_endpoint: 'https://idp.example/auth', token_endpoint: 'https://idp.example/token', user_info_endpoint: 'https://idp.example/me', user_id_field: 'sub', created_at: now, updated_at: now })
      .execute();
    providerId = (await ctx.db.selectFrom('custom_oauth_providers').select('id').where('slug', '=', 'acme').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => ctx?.close());

  const signedOut = async (who: Member) => (await call(ctx, 'GET', '/api/user/self', who)).statusCode === 401;
  const manageLogs = async (userId: number) => (await logsOf(ctx, userId)).filter((l) => l.type === LogType.Manage);
  const identities = (userId: number) => ctx.db.selectFrom('oauth_identities').select(['provider', 'external_id']).where('user_id', '=', userId).execute();
  const bindIdentity = (userId: number, provider: string, externalId: string) =>
    ctx.db.insertInto('oauth_identities').values({ provider, external_id: externalId, user_id: userId, created_at: nowSeconds() }).execute();
  const addPasskeys = async (userId: number, n: number) => {
    for (let i = 0; i < n; i++) {
      await ctx.db.insertInto('passkeys').values({ user_id: userId, credential_id: `cred-${userId}-${i}-${Math.random()}`, public_key: 'pk', name: `Key ${i}` }).execute();
    }
  };
  const passkeyCount = async (userId: number) => (await ctx.db.selectFrom('passkeys').select('id').where('user_id', '=', userId).execute()).length;

  describe('GET /api/user/2fa/stats', () => {
    it("counts users with 2FA on, out of all users not deleted, in new-api's fields", async () => {
      const stats = async () => (await callJson(ctx, 'GET', '/api/user/2fa/stats', admin)).data as { total_users: number; enabled_users: number; enabled_rate: string };
      const before = await stats();
      const on = await member(ctx);
      await enrolTotp(ctx, on);
      const deleted = await member(ctx);
      await enrolTotp(ctx, deleted);
      await ctx.db.updateTable('users').set({ deleted_at: nowSeconds() }).where('id', '=', deleted.id).execute();
      const after = await stats();
      expect(after.total_users).toBe(before.total_users + 1);
      expect(after.enabled_users).toBe(before.enabled_users + 1);
      expect(after.enabled_rate).toBe(`${((after.enabled_users / after.total_users) * 100).toFixed(1)}%`);
      expect(after.enabled_rate).toMatch(/^\d+\.\d%$/);
      expect((await call(ctx, 'GET', '/api/user/2fa/stats', on)).statusCode).toBe(403);
    });
  });

  describe('DELETE /api/user/:id/2fa', () => {
    it("turns a user's 2FA off, signs them out, logs it, and lets them sign in with the password alone", async () => {
      const u = await member(ctx);
      await enrolTotp(ctx, u);
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/2fa`, admin)).toMatchObject({ success: true });
      expect(await ctx.db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
      expect(await ctx.db.selectFrom('two_factor_backup_codes').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
      expect(await signedOut(u)).toBe(true);
      const login = json(await ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: u.username, password: u.password } }));
      expect(login).toMatchObject({ success: true, data: { id: u.id } });
      const [log] = await manageLogs(u.id);
      expect(log.content).toBe(`administrator ${admin.username} turned off two-factor authentication`);
      expect(JSON.parse(log.other ?? '{}')).toMatchObject({ admin_id: admin.id, action: '2fa_disable' });

      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/2fa`, admin)).toMatchObject({ success: false, message: AccountSecurityMessage.TwoFactorOff });
    });

    it('keeps the rule of user management: not on an equal or higher role; root on anyone', async () => {
      const peer = await member(ctx, { role: Role.Admin });
      await enrolTotp(ctx, peer);
      const refused = await call(ctx, 'DELETE', `/api/user/${peer.id}/2fa`, admin);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ success: false, message: AccountSecurityMessage.Outranked });
      expect((await call(ctx, 'DELETE', `/api/user/${root.id}/2fa`, admin)).statusCode).toBe(403);
      expect(await ctx.db.selectFrom('user_two_factor').select('enabled').where('user_id', '=', peer.id).executeTakeFirst()).toEqual({ enabled: 1 });
      expect(await manageLogs(peer.id)).toEqual([]);
      expect(await callJson(ctx, 'DELETE', `/api/user/${peer.id}/2fa`, root)).toMatchObject({ success: true });
    });

    it('answers a bad or unknown id clearly', async () => {
      expect(await callJson(ctx, 'DELETE', '/api/user/abc/2fa', admin)).toMatchObject({ success: false, message: 'id must be a positive integer' });
      expect(await callJson(ctx, 'DELETE', '/api/user/99999999/2fa', admin)).toMatchObject({ success: false, message: 'user not found' });
    });
  });

  describe('DELETE /api/user/:id/reset_passkey', () => {
    it('removes every passkey of the user, signs them out and logs it; again says there are none', async () => {
      const u = await member(ctx);
      await addPasskeys(u.id, 2);
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/reset_passkey`, admin)).toMatchObject({ success: true, data: { removed: 2 } });
      expect(await passkeyCount(u.id)).toBe(0);
      expect(await signedOut(u)).toBe(true);
      expect((await manageLogs(u.id)).map((l) => l.content)).toEqual([`administrator ${admin.username} removed 2 passkey(s)`]);
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/reset_passkey`, admin)).toMatchObject({ success: false, message: AccountSecurityMessage.NoPasskeys });
    });

    it("leaves an equal role's passkeys alone", async () => {
      await addPasskeys(otherAdmin.id, 1);
      expect((await call(ctx, 'DELETE', `/api/user/${otherAdmin.id}/reset_passkey`, admin)).statusCode).toBe(403);
      expect(await passkeyCount(otherAdmin.id)).toBe(1);
      expect(await signedOut(otherAdmin)).toBe(false);
    });
  });

  describe('DELETE /api/user/:id/bindings/:binding_type', () => {
    it('clears a built-in account (column and ownership, any letter case) and logs it', async () => {
      const u = await member(ctx);
      await ctx.db.updateTable('users').set({ github_id: 'gh-1', linux_do_id: 'ld-1' }).where('id', '=', u.id).execute();
      await bindIdentity(u.id, 'github', 'gh-1');
      await bindIdentity(u.id, 'linuxdo', 'ld-1');
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/bindings/GitHub`, admin)).toMatchObject({ success: true });
      expect((await userRow(ctx, u.id))?.github_id).toBe('');
      expect(await identities(u.id)).toEqual([{ provider: 'linuxdo', external_id: 'ld-1' }]);
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/bindings/linuxdo`, admin)).toMatchObject({ success: true });
      expect(await identities(u.id)).toEqual([]);
      expect((await manageLogs(u.id)).map((l) => l.content)).toEqual([
        `administrator ${admin.username} cleared the github binding (gh-1)`,
        `administrator ${admin.username} cleared the linuxdo binding (ld-1)`,
      ]);
      expect(await signedOut(u)).toBe(false);
    });

    it('clears the e-mail address', async () => {
      const u = await member(ctx, { email: `${Math.random().toString(36).slice(2)}@example.com` });
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/bindings/email`, admin)).toMatchObject({ success: true });
      expect((await userRow(ctx, u.id))?.email).toBe('');
    });

    it('refuses an unknown type, a binding the user does not have, and an equal role', async () => {
      const u = await member(ctx);
      const unknown = await call(ctx, 'DELETE', `/api/user/${u.id}/bindings/myspace`, admin);
      expect(unknown.statusCode).toBe(200);
      expect(json(unknown)).toMatchObject({ success: false, message: AccountSecurityMessage.UnknownBinding('myspace') });
      expect(json(unknown).message).toContain('email, github, google, discord, oidc, wechat, telegram, linuxdo');
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/bindings/discord`, admin)).toMatchObject({ success: false, message: AccountSecurityMessage.NotBound('discord') });
      await ctx.db.updateTable('users').set({ discord_id: 'd-9' }).where('id', '=', otherAdmin.id).execute();
      expect((await call(ctx, 'DELETE', `/api/user/${otherAdmin.id}/bindings/discord`, admin)).statusCode).toBe(403);
      expect((await userRow(ctx, otherAdmin.id))?.discord_id).toBe('d-9');
    });

    it("never clears a user's last way to sign in", async () => {
      const u = await member(ctx);
      await ctx.db.updateTable('users').set({ password: '', wechat_id: 'wx-1' }).where('id', '=', u.id).execute();
      await bindIdentity(u.id, 'wechat', 'wx-1');
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/bindings/wechat`, admin)).toMatchObject({ success: false, message: AccountSecurityMessage.LastWayIn(u.username) });
      expect((await userRow(ctx, u.id))?.wechat_id).toBe('wx-1');
      expect(await identities(u.id)).toHaveLength(1);
      // With another way in (a custom provider's account), it goes.
      await bindIdentity(u.id, 'acme', 'acme-7');
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/bindings/wechat`, admin)).toMatchObject({ success: true });
    });
  });

  describe('custom OAuth bindings', () => {
    it("lists and removes a user's account at a custom provider (admin), with a log", async () => {
      const u = await member(ctx);
      await bindIdentity(u.id, 'acme', 'ext-1');
      expect(await callJson(ctx, 'GET', `/api/user/${u.id}/oauth/bindings`, admin)).toMatchObject({
        success: true,
        data: [{ provider_id: providerId, provider_name: 'Acme SSO', provider_slug: 'acme', provider_user_id: 'ext-1' }],
      });
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/oauth/bindings/${providerId}`, admin)).toMatchObject({ success: true });
      expect((await callJson(ctx, 'GET', `/api/user/${u.id}/oauth/bindings`, admin)).data).toEqual([]);
      expect((await manageLogs(u.id)).map((l) => l.content)).toEqual([`administrator ${admin.username} removed the Acme SSO account binding (ext-1)`]);
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/oauth/bindings/${providerId}`, admin)).toMatchObject({ success: false, message: AccountSecurityMessage.NotBound('Acme SSO') });
    });

    it('answers bad ids, unknown providers, equal roles and last ways in clearly', async () => {
      const u = await member(ctx);
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/oauth/bindings/x`, admin)).toMatchObject({ success: false, message: 'provider_id must be a positive integer' });
      expect(await callJson(ctx, 'DELETE', `/api/user/${u.id}/oauth/bindings/999999`, admin)).toMatchObject({ success: false, message: 'OAuth provider not found' });
      expect((await call(ctx, 'GET', `/api/user/${otherAdmin.id}/oauth/bindings`, admin)).statusCode).toBe(403);
      expect((await call(ctx, 'GET', `/api/user/${admin.id}/oauth/bindings`, u)).statusCode).toBe(403);

      const onlyCustom = await member(ctx);
      await ctx.db.updateTable('users').set({ password: '' }).where('id', '=', onlyCustom.id).execute();
      await bindIdentity(onlyCustom.id, 'acme', 'ext-2');
      expect(await callJson(ctx, 'DELETE', `/api/user/${onlyCustom.id}/oauth/bindings/${providerId}`, admin)).toMatchObject({
        success: false,
        message: AccountSecurityMessage.LastWayIn(onlyCustom.username),
      });
      expect(await identities(onlyCustom.id)).toHaveLength(1);
    });

    it('lets users remove their own custom binding, but not their last way in', async () => {
      const u = await member(ctx);
      await bindIdentity(u.id, 'acme', 'ext-3');
      expect(await callJson(ctx, 'DELETE', `/api/user/oauth/bindings/${providerId}`, u)).toMatchObject({ success: true });
      expect((await callJson(ctx, 'GET', '/api/user/oauth/bindings', u)).data).toEqual([]);
      expect(await callJson(ctx, 'DELETE', `/api/user/oauth/bindings/${providerId}`, u)).toMatchObject({ success: false, message: AccountSecurityMessage.NotBoundSelf('Acme SSO') });

      const only = await member(ctx);
      await bindIdentity(only.id, 'acme', 'ext-4');
      await ctx.db.updateTable('users').set({ password: '' }).where('id', '=', only.id).execute();
      expect(await callJson(ctx, 'DELETE', `/api/user/oauth/bindings/${providerId}`, only)).toMatchObject({ success: false, message: AccountSecurityMessage.LastWayInSelf });
      expect(await identities(only.id)).toHaveLength(1);
      expect((await call(ctx, 'DELETE', `/api/user/oauth/bindings/${providerId}`)).statusCode).toBe(401);
    });
  });
});
