import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BIND_MESSAGE, Role, UNKNOWN_OAUTH_PROVIDER, type CustomOAuthProviderBody } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { userRow } from '../users/users.test-helpers.js';
import { startFakeCodeProvider, type FakeCodeProvider } from './testing/fake-code-provider.test-helpers.js';
import { callback, sessionOf, startFlow } from './testing/oauth.test-helpers.js';
import { STATE_MISMATCH } from './oauth.service.js';

describe.each(testDialects())('administrator-defined OAuth providers (%s)', (dialect) => {
  let ctx: TestContext;
  /** Takes the client credentials either way (Basic or form fields). */
  let idp: FakeCodeProvider;
  /** Takes them only as form fields: an "auto" client must fall back to that. */
  let postOnly: FakeCodeProvider;
  /** A public client's provider: no secret, PKCE required. */
  let publicIdp: FakeCodeProvider;
  let root: Member;
  let seq = 0;
  const nextId = () => ++seq;

  beforeAll(async () => {
    [idp, postOnly, publicIdp] = await Promise.all([startFakeCodeProvider({ clientAuth: 'any' }), startFakeCodeProvider({ clientAuth: 'post' }), startFakeCodeProvider({ clientAuth: 'none' })]);
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
  });
  afterAll(async () => {
    await ctx?.close();
    await Promise.all([idp?.close(), postOnly?.close(), publicIdp?.close()]);
  });

  const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: Member = root) =>
    json(await ctx.app.inject({ method, url: `/api/custom-oauth-provider${url}`, headers: who.session.headers, payload: payload as never }));

  /** A definition for `fake`, reading a nested userinfo answer. */
  const definition = (fake: FakeCodeProvider, slug: string, extra: CustomOAuthProviderBody = {}): CustomOAuthProviderBody => ({
    name: `Corp ${slug}`,
    slug,
    enabled: true,
    client_id: fake.client.id,
    client_secret: fake.client.secret,
    authorization_endpoint: fake.authorizeUrl,
    token_endpoint: fake.tokenUrl,
    user_info_endpoint: fake.userUrl,
    scopes: 'read:user',
    user_id_field: 'data.user.id',
    username_field: 'data.user.login',
    display_name_field: 'data.profile.name',
    email_field: 'data.emails.0',
    ...extra,
  });

  const create = async (body: CustomOAuthProviderBody) => {
    const res = await api('POST', '/', body);
    expect(res.success, res.message).toBe(true);
    return res.data as { id: number; slug: string };
  };

  /** The userinfo answer of an account at the fakes. */
  const account = (id: number, login = `user${id}`, name = `User ${id}`, email = `u${id}@corp.test`) => ({
    data: { user: { id, login }, profile: { name }, emails: [email] },
  });

  const runFlow = async (fake: FakeCodeProvider, slug: string, who?: Member) => {
    const flow = await startFlow(ctx, slug, who);
    return callback(ctx, slug, await fake.authorize(flow.authorizeUrl), who, flow.cookie);
  };

  const identityOwner = async (provider: string, externalId: string) =>
    (await ctx.db.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst())?.user_id;

  describe('managing providers', () => {
    it('saves a provider with defaults, never answers its secret, and lists only enabled ones in the status', async () => {
      const created = await create({ ...definition(idp, 'corp-sso'), user_id_field: undefined, username_field: undefined, display_name_field: undefined, email_field: undefined, scopes: undefined });
      const one = await api('GET', `/${created.id}`);
      expect(one.data).toMatchObject({
        slug: 'corp-sso', enabled: true, client_id: idp.client.id, client_secret_set: true, scopes: 'openid profile email', use_pkce: false, auth_style: 0,
        user_id_field: 'sub', username_field: 'preferred_username', display_name_field: 'name', email_field: 'email',
      });
      expect(one.data).not.toHaveProperty('client_secret');
      const hidden = await create({ ...definition(idp, 'corp-hidden'), enabled: false });

      const list = await ctx.app.inject({ method: 'GET', url: '/api/custom-oauth-provider/', headers: root.session.headers });
      expect(json(list).data.map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(['corp-sso', 'corp-hidden']));
      const status = await ctx.app.inject({ method: 'GET', url: '/api/status' });
      const listed = json(status).data.custom_oauth_providers;
      expect(listed).toContainEqual({ name: 'Corp corp-sso', slug: 'corp-sso', kind: 'oauth_code', client_id: idp.client.id, authorization_endpoint: idp.authorizeUrl, scopes: 'openid profile email' });
      expect(listed.map((p: { slug: string }) => p.slug)).not.toContain('corp-hidden');
      for (const res of [list, status]) expect(res.payload).not.toContain(idp.client.secret);

      // Enabling it later shows it at once.
      expect((await api('PUT', `/${hidden.id}`, { enabled: true })).success).toBe(true);
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/status' })).data.custom_oauth_providers.map((p: { slug: string }) => p.slug)).toContain('corp-hidden');
    });

    it('refuses invalid definitions with a message naming the problem, and saves nothing', async () => {
      const base = definition(idp, 'valid-slug');
      const cases: [CustomOAuthProviderBody, RegExp][] = [
        [{ ...base, name: '' }, /name is required/],
        [{ ...base, slug: 'Bad Slug!' }, /slug may contain only lowercase letters, digits and hyphens/],
        [{ ...base, slug: '-edge' }, /slug may contain only/],
        [{ ...base, slug: 'github' }, /slug is the name of a built-in sign-in provider/],
        [{ ...base, slug: 'state' }, /slug is the name of a built-in sign-in provider/],
        [{ ...base, slug: 'x'.repeat(33) }, /slug must be at most 32 characters/],
        [{ ...base, client_id: '' }, /client_id is required/],
        [{ ...base, authorization_endpoint: 'ftp://idp.test/auth' }, /authorization_endpoint must be an http\(s\) address/],
        [{ ...base, token_endpoint: 'not a url' }, /token_endpoint must be an http\(s\) address/],
        [{ ...base, user_info_endpoint: undefined }, /user_info_endpoint is required/],
        [{ ...base, user_id_field: 'a..b' }, /user_id_field must be a dotted path/],
        [{ ...base, email_field: 'has space' }, /email_field must be a dotted path/],
        [{ ...base, client_secret: '' }, /client_secret is required unless use_pkce is on/],
        [{ ...base, auth_style: 3 as never }, /auth_style must be 0 \(auto\), 1 \(form fields\) or 2 \(HTTP Basic\)/],
        [{ ...base, enabled: 'yes' as never }, /enabled must be true or false/],
      ];
      for (const [body, message] of cases) {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/custom-oauth-provider/', headers: root.session.headers, payload: body as never });
        expect(res.statusCode).toBe(200);
        expect(json(res).success).toBe(false);
        expect(json(res).message).toMatch(message);
      }
      expect((await api('GET', '/')).data.map((p: { slug: string }) => p.slug)).not.toContain('valid-slug');

      await create(definition(idp, 'taken'));
      expect(await api('POST', '/', definition(idp, 'TAKEN'))).toMatchObject({ success: false, message: 'the slug taken is already used by another provider' });
      const other = await create(definition(idp, 'other'));
      expect(await api('PUT', `/${other.id}`, { slug: 'taken' })).toMatchObject({ success: false, message: 'the slug taken is already used by another provider' });
      expect(await api('PUT', `/${other.id}`, { token_endpoint: 'nope' })).toMatchObject({ success: false, message: 'token_endpoint must be an http(s) address' });
      expect(await api('PUT', '/999999', { name: 'x' })).toMatchObject({ success: false, message: 'OAuth provider not found' });
      expect(await api('GET', '/abc')).toMatchObject({ success: false, message: 'id must be a positive integer' });
    });

    it('is for the super administrator only', async () => {
      const admin = await member(ctx, { role: Role.Admin });
      const res = await ctx.app.inject({ method: 'POST', url: '/api/custom-oauth-provider/', headers: admin.session.headers, payload: definition(idp, 'by-admin') as never });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('signing in', () => {
    beforeAll(async () => {
      await create(definition(idp, 'acme'));
    });

    it('registers a <slug>_ user from the mapped userinfo fields, then signs the same user in', async () => {
      const id = nextId();
      idp.signInAs(account(id, 'roadrunner', 'Road Runner', `rr${id}@corp.test`));
      const flow = await startFlow(ctx, 'acme');
      const authorize = new URL(flow.authorizeUrl);
      expect(authorize.origin + authorize.pathname).toBe(idp.authorizeUrl);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ response_type: 'code', client_id: idp.client.id, scope: 'read:user', redirect_uri: 'http://localhost/oauth/acme', state: flow.state });
      expect(authorize.searchParams.has('code_challenge')).toBe(false);
      const res = await callback(ctx, 'acme', await idp.authorize(flow.authorizeUrl), undefined, flow.cookie);
      const body = json(res);
      expect(body.success, body.message).toBe(true);
      expect(body.data.username).toMatch(/^acme_\d+$/);
      expect(await userRow(ctx, body.data.id)).toMatchObject({ display_name: 'Road Runner', email: `rr${id}@corp.test`, password: '' });
      expect(await identityOwner('acme', String(id))).toBe(body.data.id);
      expect(res.payload).not.toContain(idp.client.secret);

      const bindings = json(await ctx.app.inject({ method: 'GET', url: '/api/user/oauth/bindings', headers: sessionOf(res) }));
      expect(bindings.data).toEqual([expect.objectContaining({ provider_name: 'Corp acme', provider_slug: 'acme', provider_user_id: String(id) })]);

      idp.signInAs(account(id));
      expect(json(await runFlow(idp, 'acme')).data.id).toBe(body.data.id);
      // Slugs are lowercase; a name in another case finds the same provider.
      idp.signInAs(account(id));
      expect(json(await runFlow(idp, 'ACME')).data.id).toBe(body.data.id);
    });

    it('sends the client credentials as the definition says: HTTP Basic, form fields, or Basic then form fields', async () => {
      const header = await create(definition(idp, 'style-header', { auth_style: 2 }));
      const params = await create(definition(idp, 'style-params', { auth_style: 1 }));
      await create(definition(postOnly, 'style-auto'));
      for (const [fake, slug] of [[idp, 'style-header'], [idp, 'style-params'], [postOnly, 'style-auto']] as const) {
        fake.signInAs(account(nextId()));
        const before = fake.requests.length;
        const body = json(await runFlow(fake, slug));
        expect(body.success, `${slug}: ${body.message}`).toBe(true);
        const tokenCalls = fake.requests.slice(before).filter((r) => r.role === 'token');
        if (slug === 'style-header') {
          expect(tokenCalls).toHaveLength(1);
          expect(tokenCalls[0].headers.authorization).toMatch(/^Basic /);
          expect(tokenCalls[0].form.client_secret).toBeUndefined();
        } else if (slug === 'style-params') {
          expect(tokenCalls).toHaveLength(1);
          expect(tokenCalls[0].headers.authorization).toBeUndefined();
          expect(tokenCalls[0].form).toMatchObject({ client_id: idp.client.id, client_secret: idp.client.secret });
        } else {
          // Refused as Basic (invalid_client), accepted as form fields.
          expect(tokenCalls.map((c) => Boolean(c.headers.authorization))).toEqual([true, false]);
        }
      }
      expect([header.id, params.id].every(Number.isInteger)).toBe(true);
    });

    it('signs in a public client with PKCE and no secret', async () => {
      await create(definition(publicIdp, 'public-pkce', { client_secret: '', use_pkce: true }));
      publicIdp.signInAs(account(nextId()));
      const flow = await startFlow(ctx, 'public-pkce');
      expect(new URL(flow.authorizeUrl).searchParams.get('code_challenge_method')).toBe('S256');
      const body = json(await callback(ctx, 'public-pkce', await publicIdp.authorize(flow.authorizeUrl), undefined, flow.cookie));
      expect(body.success, body.message).toBe(true);
      const exchange = publicIdp.requests.filter((r) => r.role === 'token').at(-1);
      expect(exchange?.form.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(exchange?.form.client_secret).toBeUndefined();
    });

    it('binds the account to the signed-in user and refuses it to anyone else', async () => {
      const alice = await member(ctx);
      const bob = await member(ctx);
      const id = nextId();
      idp.signInAs(account(id));
      expect(json(await runFlow(idp, 'acme', alice))).toMatchObject({ success: true, message: OAUTH_BIND_MESSAGE });
      expect(await identityOwner('acme', String(id))).toBe(alice.id);
      const bindings = json(await ctx.app.inject({ method: 'GET', url: '/api/user/oauth/bindings', headers: alice.session.headers }));
      expect(bindings.data).toEqual([expect.objectContaining({ provider_slug: 'acme', provider_user_id: String(id) })]);

      expect(json(await runFlow(idp, 'acme', bob))).toMatchObject({ success: false, message: 'this Corp acme account is already bound to another user' });
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/user/oauth/bindings', headers: bob.session.headers })).data).toEqual([]);
      expect(json(await runFlow(idp, 'acme')).data.id).toBe(alice.id);
    });

    it('refuses a wrong state: another browser’s, or one made for another provider', async () => {
      idp.signInAs(account(nextId()));
      const flow = await startFlow(ctx, 'acme');
      const back = await idp.authorize(flow.authorizeUrl);
      const other = await startFlow(ctx, 'acme');
      expect(json(await callback(ctx, 'acme', back, undefined, other.cookie))).toMatchObject({ success: false, message: STATE_MISMATCH });
      const elsewhere = await startFlow(ctx, 'corp-sso');
      const res = await ctx.app.inject({ method: 'GET', url: '/api/oauth/acme', query: { code: 'c', state: elsewhere.state }, headers: { cookie: `oauth_state=${elsewhere.cookie}` } });
      expect(json(res)).toMatchObject({ success: false, message: STATE_MISMATCH });
    });

    it('explains a provider’s refusal and a userinfo answer without the id field', async () => {
      idp.signInAs(account(nextId()));
      idp.failNextToken(400, { error: 'invalid_grant', error_description: 'the code has expired' });
      const refused = await runFlow(idp, 'acme');
      expect(refused.statusCode).toBe(200);
      expect(json(refused)).toMatchObject({ success: false, message: 'Corp acme sign-in failed: the code has expired' });

      idp.signInAs({ data: { user: { login: 'no-id' } } });
      expect(json(await runFlow(idp, 'acme'))).toMatchObject({ success: false, message: 'Corp acme sign-in failed: the user information has no data.user.id' });
    });

    it('refuses a disabled provider and an unknown slug', async () => {
      const disabled = await create({ ...definition(idp, 'dormant'), enabled: false });
      const state = await ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'dormant' } });
      expect(json(state)).toMatchObject({ success: false, message: 'Corp dormant sign-in is not enabled by the administrator' });
      const cb = await ctx.app.inject({ method: 'GET', url: '/api/oauth/dormant', query: { code: 'c', state: 's' }, headers: { cookie: 'oauth_state=s' } });
      expect(json(cb)).toMatchObject({ success: false, message: 'Corp dormant sign-in is not enabled by the administrator' });

      // A state taken while it was enabled is refused once it is turned off.
      expect((await api('PUT', `/${disabled.id}`, { enabled: true })).success).toBe(true);
      idp.signInAs(account(nextId()));
      const flow = await startFlow(ctx, 'dormant');
      const back = await idp.authorize(flow.authorizeUrl);
      expect((await api('PUT', `/${disabled.id}`, { enabled: false })).success).toBe(true);
      expect(json(await callback(ctx, 'dormant', back, undefined, flow.cookie))).toMatchObject({ success: false, message: 'Corp dormant sign-in is not enabled by the administrator' });

      for (const url of ['/api/oauth/no-such-provider', '/api/oauth/state?provider=no-such-provider']) {
        const res = await ctx.app.inject({ method: 'GET', url: url.includes('?') ? url : `${url}?code=c&state=s` });
        expect(json(res)).toMatchObject({ success: false, message: UNKNOWN_OAUTH_PROVIDER });
      }
    });

    it('refuses a new account while registration is off', async () => {
      await ctx.services.options.set({ RegisterEnabled: false });
      try {
        idp.signInAs(account(nextId()));
        const body = json(await runFlow(idp, 'acme'));
        expect(body.success).toBe(false);
        expect(body.message).toMatch(/registration has been disabled.*Corp acme account is not bound/);
      } finally {
        await ctx.services.options.set({ RegisterEnabled: true });
      }
    });
  });

  describe('changing and removing providers', () => {
    it('keeps the saved secret when an edit leaves it empty, and carries accounts over to a new slug', async () => {
      const p = await create(definition(idp, 'renamed-from'));
      const id = nextId();
      idp.signInAs(account(id));
      const first = json(await runFlow(idp, 'renamed-from'));
      expect(first.success, first.message).toBe(true);

      const edited = await api('PUT', `/${p.id}`, { name: 'Renamed Corp', slug: 'renamed-to', client_secret: '' });
      expect(edited).toMatchObject({ success: true, data: { name: 'Renamed Corp', slug: 'renamed-to', client_secret_set: true } });
      idp.signInAs(account(id));
      expect(json(await runFlow(idp, 'renamed-to')).data.id).toBe(first.data.id);
      expect(await identityOwner('renamed-from', String(id))).toBeUndefined();
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/oauth/renamed-from?code=c&state=s' })).message).toBe(UNKNOWN_OAUTH_PROVIDER);

      expect(await api('PUT', `/${p.id}`, { client_secret: 'a-wrong-secret' })).toMatchObject({ success: true });
      idp.signInAs(account(id));
      expect(json(await runFlow(idp, 'renamed-to'))).toMatchObject({ success: false, message: 'Renamed Corp sign-in failed: Client authentication failed' });
    });

    it('refuses to delete a provider users are bound to, and deletes an unused one', async () => {
      const used = await create(definition(idp, 'in-use'));
      idp.signInAs(account(nextId()));
      expect(json(await runFlow(idp, 'in-use')).success).toBe(true);
      expect(await api('DELETE', `/${used.id}`)).toMatchObject({ success: false, message: '1 user(s) have signed in with Corp in-use; disable the provider instead of deleting it' });

      const unused = await create(definition(idp, 'unused'));
      expect(await api('DELETE', `/${unused.id}`)).toMatchObject({ success: true });
      expect(await api('GET', `/${unused.id}`)).toMatchObject({ success: false, message: 'OAuth provider not found' });
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/status' })).data.custom_oauth_providers.map((x: { slug: string }) => x.slug)).not.toContain('unused');
    });
  });
});
