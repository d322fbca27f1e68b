import { beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BIND_MESSAGE, UserStatus } from '@gw/contracts';
import { createTestContext, createUser, json, member, type Member } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { userRow } from '../users/users.test-helpers.js';
import { callback, enableFakeProviders, runFakeFlow, sessionOf, startFlow, useFakeOAuthSite } from './testing/oauth.test-helpers.js';
import { SESSION_CHANGED, STATE_MISMATCH } from './oauth.service.js';

describe.each(testDialects())('OAuth sign-in and binding with GitHub, Google and Linux DO (%s)', (dialect) => {
  const site = useFakeOAuthSite(dialect);
  let seq = 1000;
  const nextId = () => String(++seq);

  const identityOwner = async (provider: string, externalId: string) =>
    (await site.ctx.db.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst())?.user_id;

  describe('signing in', () => {
    it('creates a new GitHub user on first sign-in, signs them in, and signs the same user in next time', async () => {
      const id = nextId();
      site.fake.signInAs('github', { id, login: 'octocat', name: 'The Octocat', email: `octo${id}@example.test` });
      const res = await runFakeFlow(site.ctx, site.fake, 'github');
      const body = json(res);
      expect(body.success, body.message).toBe(true);
      expect(body.data.username).toMatch(/^github_\d+$/);
      const row = await userRow(site.ctx, body.data.id);
      expect(row).toMatchObject({ github_id: id, display_name: 'The Octocat', email: `octo${id}@example.test`, password: '' });
      expect(await identityOwner('github', id)).toBe(body.data.id);

      // The new session works for the console.
      const self = await site.ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: sessionOf(res) });
      expect(json(self).data).toMatchObject({ id: body.data.id, github_id: id });

      const again = json(await runFakeFlow(site.ctx, site.fake, 'github'));
      expect(again.data.id).toBe(body.data.id);
    });

    it('exchanges the code with the client secret and never answers the secret', async () => {
      site.fake.signInAs('github', { id: nextId() });
      const before = site.fake.requests.length;
      const res = await runFakeFlow(site.ctx, site.fake, 'github');
      const tokenCall = site.fake.requests.slice(before).find((r) => r.path === '/login/oauth/access_token');
      expect(tokenCall?.form).toMatchObject({ client_id: site.fake.clients.github.id, client_secret: site.fake.clients.github.secret });
      expect(res.payload).not.toContain(site.fake.clients.github.secret);
      const state = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'github' } });
      expect(state.payload).not.toContain(site.fake.clients.github.secret);
    });

    it('signs in with Google using PKCE: the verifier sent at the exchange matches the challenge', async () => {
      const id = `g-${nextId()}`;
      site.fake.signInAs('google', { id, name: 'Gina', email: `gina${id}@example.test` });
      const flow = await startFlow(site.ctx, 'google');
      expect(new URL(flow.authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256');
      const back = await site.fake.authorize(flow.authorizeUrl);
      const body = json(await callback(site.ctx, 'google', back, undefined, flow.cookie));
      expect(body.success, body.message).toBe(true);
      expect(body.data.username).toMatch(/^google_\d+$/);
      expect(await userRow(site.ctx, body.data.id)).toMatchObject({ google_id: id, display_name: 'Gina' });
      const exchange = site.fake.requests.filter((r) => r.path === '/token').at(-1);
      expect(exchange?.form.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('signs in with Linux DO (client credentials by HTTP Basic)', async () => {
      const id = nextId();
      site.fake.signInAs('linuxdo', { id, login: 'penguin', name: 'Tux' });
      const body = json(await runFakeFlow(site.ctx, site.fake, 'linuxdo'));
      expect(body.success, body.message).toBe(true);
      expect(body.data.username).toMatch(/^linuxdo_\d+$/);
      expect(await userRow(site.ctx, body.data.id)).toMatchObject({ linux_do_id: id, display_name: 'Tux' });
    });

    it('gives an invited newcomer and the inviter their rewards, as a registration does', async () => {
      await site.ctx.services.options.set({ QuotaForInvitee: 300, QuotaForInviter: 700, QuotaForNewUser: 50 });
      const inviter = await createUser(site.ctx.db);
      const affCode = (await userRow(site.ctx, inviter.id))!.aff_code;
      site.fake.signInAs('github', { id: nextId() });
      const flow = await startFlow(site.ctx, 'github', undefined, { aff: affCode });
      const body = json(await callback(site.ctx, 'github', await site.fake.authorize(flow.authorizeUrl), undefined, flow.cookie));
      expect(body.success, body.message).toBe(true);
      expect(await userRow(site.ctx, body.data.id)).toMatchObject({ quota: 350, inviter_id: inviter.id });
      expect(await userRow(site.ctx, inviter.id)).toMatchObject({ aff_count: 1, aff_quota: 700 });
      await site.ctx.services.options.set({ QuotaForInvitee: 0, QuotaForInviter: 0, QuotaForNewUser: 0 });
    });

    it('answers the waiting authorization query (oauth_login_params) after signing in', async () => {
      site.fake.signInAs('github', { id: nextId() });
      const params = 'app_name=Desk&code_challenge=x';
      const flow = await startFlow(site.ctx, 'github', undefined, { oauth_login_params: params });
      const body = (await callback(site.ctx, 'github', await site.fake.authorize(flow.authorizeUrl), undefined, flow.cookie)).json();
      expect(body).toMatchObject({ success: true, oauth_login_params: params });
    });

    it('refuses a new account when registration is off, and creates nothing', async () => {
      await site.ctx.services.options.set({ RegisterEnabled: false });
      try {
        const id = nextId();
        site.fake.signInAs('github', { id });
        const body = json(await runFakeFlow(site.ctx, site.fake, 'github'));
        expect(body).toMatchObject({ success: false });
        expect(body.message).toMatch(/registration has been disabled.*not bound to any user/);
        expect(await identityOwner('github', id)).toBeUndefined();
      } finally {
        await site.ctx.services.options.set({ RegisterEnabled: true });
      }
    });

    it('still signs in an existing account while registration is off', async () => {
      const id = nextId();
      site.fake.signInAs('github', { id });
      const first = json(await runFakeFlow(site.ctx, site.fake, 'github'));
      await site.ctx.services.options.set({ RegisterEnabled: false });
      try {
        expect(json(await runFakeFlow(site.ctx, site.fake, 'github')).data.id).toBe(first.data.id);
      } finally {
        await site.ctx.services.options.set({ RegisterEnabled: true });
      }
    });

    it('asks a user who has two-factor sign-in on for the second factor instead of starting a session', async () => {
      const id = nextId();
      site.fake.signInAs('github', { id });
      const first = json(await runFakeFlow(site.ctx, site.fake, 'github'));
      const now = Math.floor(Date.now() / 1000);
      await site.ctx.db.insertInto('user_two_factor').values({ user_id: first.data.id, totp_secret: 'sealed', enabled: 1, last_time_step: 0, created_at: now, updated_at: now }).execute();
      const res = await runFakeFlow(site.ctx, site.fake, 'github');
      expect(json(res)).toMatchObject({ success: true, data: { require_2fa: true } });
      expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    });

    it('refuses a banned or deleted owner instead of making a new user', async () => {
      const id = nextId();
      site.fake.signInAs('linuxdo', { id });
      const created = json(await runFakeFlow(site.ctx, site.fake, 'linuxdo'));
      await site.ctx.db.updateTable('users').set({ status: UserStatus.Disabled }).where('id', '=', created.data.id).execute();
      expect(json(await runFakeFlow(site.ctx, site.fake, 'linuxdo'))).toMatchObject({ success: false, message: 'this user has been banned' });
      await site.ctx.db.updateTable('users').set({ status: UserStatus.Enabled, deleted_at: 1 }).where('id', '=', created.data.id).execute();
      const deleted = json(await runFakeFlow(site.ctx, site.fake, 'linuxdo'));
      expect(deleted).toMatchObject({ success: false });
      expect(deleted.message).toMatch(/deleted/);
      expect(await identityOwner('linuxdo', id)).toBe(created.data.id);
    });

    it('refuses a provider the administrator has not enabled', async () => {
      await site.ctx.services.options.set({ LinuxDOOAuthEnabled: false });
      try {
        const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'linuxdo' } });
        expect(json(res)).toMatchObject({ success: false, message: 'Linux DO sign-in is not enabled by the administrator' });
        const cb = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/linuxdo', query: { code: 'x', state: 'y' }, headers: { cookie: 'oauth_state=y' } });
        expect(json(cb)).toMatchObject({ success: false, message: 'Linux DO sign-in is not enabled by the administrator' });
      } finally {
        await site.ctx.services.options.set({ LinuxDOOAuthEnabled: true });
      }
    });

    it('passes on the provider’s refusal of a bad code as a clear message', async () => {
      const flow = await startFlow(site.ctx, 'github');
      const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/github', query: { code: 'not-a-code', state: flow.state }, headers: { cookie: `oauth_state=${flow.cookie}` } });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message: 'GitHub sign-in failed: The code passed is incorrect or expired.' });
    });

    it('explains an unreachable provider without a 500', async () => {
      const dead = await createTestContext(dialect, { oauthGithubBaseUrl: 'http://127.0.0.1:9' });
      try {
        await enableFakeProviders(dead, site.fake);
        const flow = await startFlow(dead, 'github');
        const res = await dead.app.inject({ method: 'GET', url: '/api/oauth/github', query: { code: 'c', state: flow.state }, headers: { cookie: `oauth_state=${flow.cookie}` } });
        expect(res.statusCode).toBe(200);
        expect(json(res).message).toMatch(/^GitHub sign-in failed: could not reach 127\.0\.0\.1:9/);
      } finally {
        await dead.close();
      }
    });
  });

  describe('state checks', () => {
    it('refuses a callback without the state cookie, with another browser’s state, or with a used state', async () => {
      site.fake.signInAs('github', { id: nextId() });
      const flow = await startFlow(site.ctx, 'github');
      const back = await site.fake.authorize(flow.authorizeUrl);
      expect(json(await callback(site.ctx, 'github', back, undefined, undefined))).toMatchObject({ success: false, message: STATE_MISMATCH });
      const other = await startFlow(site.ctx, 'github');
      expect(json(await callback(site.ctx, 'github', back, undefined, other.cookie))).toMatchObject({ success: false, message: STATE_MISMATCH });

      site.fake.signInAs('github', { id: nextId() });
      const used = await startFlow(site.ctx, 'github');
      const usedBack = await site.fake.authorize(used.authorizeUrl);
      expect(json(await callback(site.ctx, 'github', usedBack, undefined, used.cookie)).success).toBe(true);
      site.fake.signInAs('github', { id: nextId() });
      const replay = await site.fake.authorize(used.authorizeUrl);
      expect(json(await callback(site.ctx, 'github', replay, undefined, used.cookie))).toMatchObject({ success: false, message: STATE_MISMATCH });
    });

    it('refuses a state made for another provider', async () => {
      const flow = await startFlow(site.ctx, 'google');
      const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/github', query: { code: 'c', state: flow.state }, headers: { cookie: `oauth_state=${flow.cookie}` } });
      expect(json(res)).toMatchObject({ success: false, message: STATE_MISMATCH });
    });

    it('refuses an expired state', async () => {
      const flow = await startFlow(site.ctx, 'github');
      await site.ctx.db.updateTable('oauth_states').set({ expires_at: 1 }).where('state', '=', flow.state).execute();
      const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/github', query: { code: 'c', state: flow.state }, headers: { cookie: `oauth_state=${flow.cookie}` } });
      expect(json(res)).toMatchObject({ success: false, message: STATE_MISMATCH });
    });

    it('refuses a state made for one signed-in user when another user (or nobody) brings it back', async () => {
      const alice = await member(site.ctx);
      const bob = await member(site.ctx);
      const id = nextId();
      site.fake.signInAs('github', { id });
      const flow = await startFlow(site.ctx, 'github', alice);
      const back = await site.fake.authorize(flow.authorizeUrl);
      expect(json(await callback(site.ctx, 'github', back, bob, flow.cookie))).toMatchObject({ success: false, message: SESSION_CHANGED });
      expect(await identityOwner('github', id)).toBeUndefined();
      expect((await userRow(site.ctx, bob.id))?.github_id).toBe('');
    });

    it('refuses bad callback input with a clear message', async () => {
      const res = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/github' });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message: 'code is required' });
      const state = await site.ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'myspace' } });
      expect(json(state).message).toMatch(/provider must be one of/);
    });
  });

  describe('binding', () => {
    let alice: Member;
    let bob: Member;
    beforeAll(async () => {
      alice = await member(site.ctx);
      bob = await member(site.ctx);
    });

    it('binds GitHub to the signed-in user with the "bind" message', async () => {
      const id = nextId();
      site.fake.signInAs('github', { id });
      const res = json(await runFakeFlow(site.ctx, site.fake, 'github', alice));
      expect(res).toMatchObject({ success: true, message: OAUTH_BIND_MESSAGE });
      expect((await userRow(site.ctx, alice.id))?.github_id).toBe(id);
      expect(await identityOwner('github', id)).toBe(alice.id);
      // Signing in with that GitHub account now signs Alice in.
      expect(json(await runFakeFlow(site.ctx, site.fake, 'github')).data.id).toBe(alice.id);
    });

    it('refuses to bind an account that belongs to another user, and links nothing', async () => {
      const id = nextId();
      site.fake.signInAs('google', { id });
      expect(json(await runFakeFlow(site.ctx, site.fake, 'google', alice)).success).toBe(true);
      const res = json(await runFakeFlow(site.ctx, site.fake, 'google', bob));
      expect(res).toMatchObject({ success: false, message: 'this Google account is already bound to another user' });
      expect((await userRow(site.ctx, bob.id))?.google_id).toBe('');
      expect(await identityOwner('google', id)).toBe(alice.id);
    });

    it('replaces the user’s earlier account at the same provider and frees it', async () => {
      const first = nextId();
      const second = nextId();
      site.fake.signInAs('linuxdo', { id: first });
      expect(json(await runFakeFlow(site.ctx, site.fake, 'linuxdo', bob)).success).toBe(true);
      site.fake.signInAs('linuxdo', { id: second });
      expect(json(await runFakeFlow(site.ctx, site.fake, 'linuxdo', bob)).success).toBe(true);
      expect((await userRow(site.ctx, bob.id))?.linux_do_id).toBe(second);
      expect(await identityOwner('linuxdo', first)).toBeUndefined();
      expect(await identityOwner('linuxdo', second)).toBe(bob.id);
    });

    it('links an external account to one user only when two bindings race', async () => {
      const carol = await member(site.ctx);
      const dave = await member(site.ctx);
      const id = nextId();
      site.fake.signInAs('github', { id });
      const [a, b] = await Promise.all([startFlow(site.ctx, 'github', carol), startFlow(site.ctx, 'github', dave)]);
      const [backA, backB] = [await site.fake.authorize(a.authorizeUrl), await site.fake.authorize(b.authorizeUrl)];
      const results = await Promise.all([callback(site.ctx, 'github', backA, carol, a.cookie), callback(site.ctx, 'github', backB, dave, b.cookie)]);
      const bodies = results.map((r) => json(r));
      expect(bodies.filter((x) => x.success)).toHaveLength(1);
      expect(bodies.find((x) => !x.success)?.message).toBe('this GitHub account is already bound to another user');
      const owners = await site.ctx.db.selectFrom('users').select('id').where('github_id', '=', id).execute();
      expect(owners).toHaveLength(1);
      expect(await identityOwner('github', id)).toBe(owners[0].id);
    });
  });
});
