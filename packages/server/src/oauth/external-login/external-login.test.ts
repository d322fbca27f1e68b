import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OAUTH_BIND_MESSAGE, Role, type CustomOAuthProviderBody } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../../test/test-app.js';
import { testDialects } from '../../../test/test-database.js';
import { encodeJwt, signHmacJwt, startJwtIssuer, type JwtIssuer } from '../testing/jwt-issuer.test-helpers.js';
import { sessionOf, startFlow } from '../testing/oauth.test-helpers.js';
import { SESSION_CHANGED, STATE_MISMATCH } from '../oauth.service.js';
import { UNTRUSTED_PROXY, unknownExternalProvider } from './external-login.service.js';

const AUD = 'gateway-client';
const HMAC_SECRET = 'an-hs256-secret-that-is-long-enough!!';
const PROXY = '10.20.30.40';

describe.each(testDialects())('sign-in with a JWT or a trusted proxy (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let idp: JwtIssuer;
  let seq = 0;
  const nextSub = () => `sub-${process.pid}-${++seq}`;

  beforeAll(async () => {
    idp = await startJwtIssuer();
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    await ctx.services.options.set({ 'fetch_setting.allow_private_ip': true, 'fetch_setting.allowed_ports': [] });
  });
  afterAll(async () => {
    await ctx?.close();
    await idp?.close();
  });

  const providers = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/custom-oauth-provider${url}`, headers: root.session.headers, payload: payload as never }).then(json);

  const create = async (body: CustomOAuthProviderBody) => {
    const res = await providers('POST', '/', body);
    expect(res.success, res.message).toBe(true);
    return res.data as { id: number; slug: string };
  };

  const jwtProvider = (slug: string, extra: CustomOAuthProviderBody = {}): CustomOAuthProviderBody => ({
    name: `JWT ${slug}`,
    slug,
    kind: 'jwt_direct',
    enabled: true,
    issuer: idp.url,
    audience: AUD,
    jwks_url: idp.jwksUrl,
    auto_register: true,
    ...extra,
  });

  const headerProvider = (slug: string, extra: CustomOAuthProviderBody = {}): CustomOAuthProviderBody => ({
    name: `Proxy ${slug}`,
    slug,
    kind: 'trusted_header',
    enabled: true,
    trusted_proxy_cidrs: `["${PROXY}", "192.168.77.0/24"]`,
    external_id_header: 'X-Auth-User',
    username_header: 'X-Auth-Login',
    display_name_header: 'X-Auth-Name',
    email_header: 'X-Auth-Email',
    auto_register: true,
    ...extra,
  });

  const cookieHeaders = (stateCookie: string | undefined, who?: Member): Record<string, string> => {
    const cookies = [who?.session.headers.cookie, stateCookie === undefined ? undefined : `oauth_state=${stateCookie}`].filter(Boolean);
    return { ...(who?.session.headers ?? {}), ...(cookies.length ? { cookie: cookies.join('; ') } : {}) };
  };

  /** GET /api/oauth/state for the provider, then the JWT login with that state. */
  const jwtLogin = async (slug: string, body: Record<string, unknown>, who?: Member): Promise<LightMyRequestResponse> => {
    const flow = await startFlow(ctx, slug, who);
    expect(flow.authorizeUrl).toBeUndefined();
    return ctx.app.inject({ method: 'POST', url: `/api/auth/external/${slug}/jwt/login`, headers: cookieHeaders(flow.cookie, who), payload: { state: flow.state, ...body } });
  };

  const headerLogin = async (slug: string, headers: Record<string, string | string[]>, opts: { remoteAddress?: string; who?: Member } = {}): Promise<LightMyRequestResponse> => {
    const flow = await startFlow(ctx, slug, opts.who);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/auth/external/${slug}/header/login`,
      remoteAddress: opts.remoteAddress ?? PROXY,
      headers: { ...cookieHeaders(flow.cookie, opts.who), ...headers },
      payload: { state: flow.state },
    });
  };

  const identityOwner = async (provider: string, externalId: string) =>
    (await ctx.db.selectFrom('oauth_identities').select('user_id').where('provider', '=', provider).where('external_id', '=', externalId).executeTakeFirst())?.user_id;

  const refusedWith = (res: LightMyRequestResponse, message: string | RegExp) => {
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.success).toBe(false);
    expect(body.message).toMatch(message);
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  };

  describe('defining JWT and trusted-header providers', () => {
    it('saves them with their fields, keeps the HMAC secret write-only, and lists only the trusted-header one in the status', async () => {
      const jwt = await create(jwtProvider('corp-jwt-def'));
      const hs = await create(jwtProvider('corp-hs-def', { jwks_url: '', client_secret: HMAC_SECRET }));
      const proxy = await create(headerProvider('corp-proxy-def', { trusted_proxy_cidrs: '10.0.0.0/8\n 127.0.0.1, 10.0.0.0/8' }));
      const one = await providers('GET', `/${jwt.id}`);
      expect(one.data).toMatchObject({ kind: 'jwt_direct', issuer: idp.url, audience: AUD, jwks_url: idp.jwksUrl, public_key: '', auto_register: true, client_id: '', authorization_endpoint: '' });
      const hsView = await providers('GET', `/${hs.id}`);
      expect(hsView.data).toMatchObject({ client_secret_set: true });
      expect(hsView.data).not.toHaveProperty('client_secret');
      const proxyView = await providers('GET', `/${proxy.id}`);
      expect(proxyView.data).toMatchObject({ kind: 'trusted_header', trusted_proxy_cidrs: '["10.0.0.0/8","127.0.0.1"]', external_id_header: 'X-Auth-User' });

      const list = await ctx.app.inject({ method: 'GET', url: '/api/custom-oauth-provider/', headers: root.session.headers });
      const status = await ctx.app.inject({ method: 'GET', url: '/api/status' });
      for (const res of [list, status]) expect(res.payload).not.toContain(HMAC_SECRET);
      const listed = json(status).data.custom_oauth_providers as { slug: string; kind: string }[];
      expect(listed).toContainEqual(expect.objectContaining({ slug: 'corp-proxy-def', kind: 'trusted_header' }));
      expect(listed.map((p) => p.slug)).not.toContain('corp-jwt-def');

      // An edit that leaves the secret out keeps it (it still signs in afterwards).
      expect((await providers('PUT', `/${hs.id}`, { name: 'Renamed HS' })).success).toBe(true);
      const row = await ctx.db.selectFrom('custom_oauth_providers').select('client_secret').where('id', '=', hs.id).executeTakeFirstOrThrow();
      expect(row.client_secret).toBe(HMAC_SECRET);
    });

    it('refuses incomplete or unsafe definitions with a message naming the problem', async () => {
      const weakPem = (await import('node:crypto')).generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'pem', type: 'spki' }).toString();
      const cases: [CustomOAuthProviderBody, RegExp][] = [
        [jwtProvider('bad-jwt', { kind: 'magic' as never }), /kind must be one of oauth_code, jwt_direct, trusted_header/],
        [jwtProvider('bad-jwt', { issuer: '' }), /issuer is required for a jwt_direct provider/],
        [jwtProvider('bad-jwt', { audience: '' }), /audience is required for a jwt_direct provider/],
        [jwtProvider('bad-jwt', { jwks_url: '' }), /a jwt_direct provider needs jwks_url, public_key, or client_secret/],
        [jwtProvider('bad-jwt', { public_key: idp.publicKeyPem() }), /set either jwks_url or public_key, not both/],
        [jwtProvider('bad-jwt', { jwks_url: '', client_secret: 'short' }), /client_secret must be at least 32 characters/],
        [jwtProvider('bad-jwt', { jwks_url: 'gopher://idp.test/jwks' }), /jwks_url must be an http\(s\) address/],
        [jwtProvider('bad-jwt', { jwks_url: '', public_key: 'ssh-rsa AAAA' }), /public_key must be a PEM public key/],
        [jwtProvider('bad-jwt', { jwks_url: '', public_key: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' }), /public_key is not a readable PEM public key/],
        [jwtProvider('bad-jwt', { jwks_url: '', public_key: weakPem }), /public_key: unsupported key: use RSA \(2048 bits or more\)/],
        [headerProvider('bad-proxy', { trusted_proxy_cidrs: '' }), /trusted_proxy_cidrs is required for a trusted_header provider/],
        [headerProvider('bad-proxy', { trusted_proxy_cidrs: '["0.0.0.0/0"]' }), /"0.0.0.0\/0" would trust every address/],
        [headerProvider('bad-proxy', { trusted_proxy_cidrs: '::/0' }), /"::\/0" would trust every address/],
        [headerProvider('bad-proxy', { trusted_proxy_cidrs: '10.0.0.300' }), /"10.0.0.300" is not an IP address or CIDR range/],
        [headerProvider('bad-proxy', { trusted_proxy_cidrs: '["10.0.0.1", 5]' }), /trusted_proxy_cidrs must be a JSON list/],
        [headerProvider('bad-proxy', { external_id_header: '' }), /external_id_header is required for a trusted_header provider/],
        [headerProvider('bad-proxy', { external_id_header: 'X Auth' }), /external_id_header must be a header name/],
        [headerProvider('bad-proxy', { external_id_header: 'Authorization' }), /external_id_header must not be a standard header/],
        [headerProvider('bad-proxy', { email_header: 'X-Forwarded-For' }), /email_header must not be a standard header/],
        [headerProvider('bad-proxy', { auto_register: 'yes' as never }), /auto_register must be true or false/],
      ];
      for (const [body, message] of cases) {
        const res = await providers('POST', '/', body);
        expect(res.success, `${JSON.stringify(body).slice(0, 120)} → ${res.message}`).toBe(false);
        expect(res.message).toMatch(message);
      }
      expect((await providers('GET', '/')).data.map((p: { slug: string }) => p.slug)).not.toContain('bad-jwt');
    });
  });

  describe('JWT sign-in', () => {
    beforeAll(async () => {
      await create(jwtProvider('corp-jwt'));
      await create(jwtProvider('corp-hs', { jwks_url: '', client_secret: HMAC_SECRET }));
      await create(jwtProvider('corp-closed', { auto_register: false }));
      await create(jwtProvider('corp-off', { enabled: false }));
      await create(jwtProvider('corp-nested', { user_id_field: 'ext.employee.id', username_field: 'ext.employee.login', display_name_field: 'name', email_field: 'mail' }));
      await create(headerProvider('corp-hdr-only'));
    });

    it('registers a new user from a valid RS256 token, then signs the same (linked) user in again', async () => {
      const sub = nextSub();
      const token = idp.sign(idp.claims(sub, AUD, { preferred_username: 'wile', name: 'Wile E.', email: `${sub}@corp.test` }));
      const first = await jwtLogin('corp-jwt', { id_token: token });
      const body = json(first);
      expect(body, body.message).toMatchObject({ success: true, data: { display_name: 'Wile E.', role: Role.User } });
      expect(body.data.username).toMatch(/^corp-jwt_\d+/);
      const session = sessionOf(first);
      const self = json(await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: session }));
      expect(self.data).toMatchObject({ id: body.data.id, email: `${sub}@corp.test` });
      expect(await identityOwner('corp-jwt', sub)).toBe(body.data.id);

      // The token may come as jwt or token too, with a Bearer prefix.
      const again = json(await jwtLogin('corp-jwt', { token: `Bearer ${idp.sign(idp.claims(sub, AUD), { alg: 'ES256' })}` }));
      expect(again).toMatchObject({ success: true, data: { id: body.data.id } });
      const third = json(await jwtLogin('corp-jwt', { jwt: idp.sign(idp.claims(sub, AUD), { alg: 'EdDSA' }) }));
      expect(third.data.id).toBe(body.data.id);
    });

    it('signs in with an HS256 token from the stored secret, and with a form body', async () => {
      const sub = nextSub();
      const flow = await startFlow(ctx, 'corp-hs');
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/external/corp-hs/jwt/login',
        headers: { cookie: `oauth_state=${flow.cookie}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ state: flow.state, id_token: signHmacJwt(HMAC_SECRET, idp.claims(sub, AUD)) }).toString(),
      });
      expect(json(res)).toMatchObject({ success: true });
      expect(await identityOwner('corp-hs', sub)).toBe(json(res).data.id);
      refusedWith(await jwtLogin('corp-hs', { id_token: idp.sign(idp.claims(sub, AUD)) }), 'JWT corp-hs sign-in failed: RS256 tokens are refused');
    });

    it('reads the account from configured claim paths', async () => {
      const sub = nextSub();
      const res = json(await jwtLogin('corp-nested', { id_token: idp.sign(idp.claims('ignored', AUD, { ext: { employee: { id: sub, login: 'nested' } }, name: 'Nested Person', mail: `${sub}@corp.test` })) }));
      expect(res).toMatchObject({ success: true, data: { display_name: 'Nested Person' } });
      expect(await identityOwner('corp-nested', sub)).toBe(res.data.id);
      refusedWith(await jwtLogin('corp-nested', { id_token: idp.sign(idp.claims(sub, AUD)) }), 'JWT corp-nested sign-in failed: the token has no ext.employee.id claim');
    });

    it('refuses expired, misdirected, forged and unsigned tokens, unknown keys and missing claims, and creates nobody', async () => {
      const before = Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const now = Math.floor(Date.now() / 1000);
      const sub = nextSub();
      const good = idp.sign(idp.claims(sub, AUD));
      const [h, , s] = good.split('.');
      const cases: [string, string][] = [
        [idp.sign(idp.claims(sub, AUD, { exp: now - 3600 })), 'the token has expired'],
        [idp.sign(idp.claims(sub, 'someone-else')), 'the token is not meant for this site (audience)'],
        [idp.sign(idp.claims(sub, AUD, { iss: 'https://other-idp.test' })), 'the token was not issued by the configured issuer'],
        [`${h}.${Buffer.from(JSON.stringify(idp.claims('root', AUD))).toString('base64url')}.${s}`, 'the token signature is invalid'],
        [encodeJwt({ alg: 'none', typ: 'JWT' }, idp.claims(sub, AUD), () => ''), 'unsigned tokens (alg none) are refused'],
        [signHmacJwt(idp.publicKeyPem(), idp.claims(sub, AUD)), 'HS256 tokens are refused: this provider signs with a public key'],
        [idp.sign(idp.claims(sub, AUD), { kid: 'no-such-key' }), "no signing key with the token's kid is published at the provider's jwks_url"],
        [idp.sign({ iss: idp.url, aud: AUD, exp: now + 60 }), 'the token has no sub claim'],
        ['definitely-not-a-jwt', 'the token is not a JWT'],
      ];
      for (const [token, reason] of cases) refusedWith(await jwtLogin('corp-jwt', { id_token: token }), `JWT corp-jwt sign-in failed: ${reason}`);
      const after = Number((await ctx.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(after).toBe(before);
      expect(await identityOwner('corp-jwt', sub)).toBeUndefined();
    });

    it('requires a state from this browser, used once, and a token', async () => {
      const token = idp.sign(idp.claims(nextSub(), AUD));
      const post = (payload: unknown, cookie?: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/external/corp-jwt/jwt/login', headers: cookie ? { cookie } : {}, payload: payload as never });
      refusedWith(await post({ id_token: token }), 'state is required');
      refusedWith(await post({ state: 'forged-state', id_token: token }, 'oauth_state=forged-state'), STATE_MISMATCH);
      const flow = await startFlow(ctx, 'corp-jwt');
      refusedWith(await post({ state: flow.state, id_token: token }), STATE_MISMATCH);
      refusedWith(await post({ state: flow.state, id_token: '' }, `oauth_state=${flow.cookie}`), 'id_token, jwt or token is required');
      expect(json(await post({ state: flow.state, id_token: token }, `oauth_state=${flow.cookie}`)).success).toBe(true);
      // The same state again: it works once.
      refusedWith(await post({ state: flow.state, id_token: token }, `oauth_state=${flow.cookie}`), STATE_MISMATCH);
      refusedWith(await post({ state: 's', id_token: 'x'.repeat(20_000) }), 'id_token is too long');
      const garbage = await ctx.app.inject({ method: 'POST', url: '/api/auth/external/corp-jwt/jwt/login', headers: { 'content-type': 'application/json' }, payload: '{not json' });
      expect(garbage.statusCode).toBeLessThan(500);
      expect(json(garbage).success).toBe(false);
    });

    it('respects auto_register, RegisterEnabled and a disabled provider, but still signs linked users in', async () => {
      const sub = nextSub();
      refusedWith(await jwtLogin('corp-closed', { id_token: idp.sign(idp.claims(sub, AUD)) }), 'this JWT corp-closed account is not bound to any user, and JWT corp-closed sign-in does not register new users');

      const linked = nextSub();
      const user = json(await jwtLogin('corp-jwt', { id_token: idp.sign(idp.claims(linked, AUD)) })).data;
      await ctx.services.options.set({ RegisterEnabled: false });
      try {
        refusedWith(await jwtLogin('corp-jwt', { id_token: idp.sign(idp.claims(nextSub(), AUD)) }), /new user registration has been disabled/);
        expect(json(await jwtLogin('corp-jwt', { id_token: idp.sign(idp.claims(linked, AUD)) }))).toMatchObject({ success: true, data: { id: user.id } });
      } finally {
        await ctx.services.options.set({ RegisterEnabled: true });
      }

      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/external/corp-off/jwt/login', payload: { state: 'x', id_token: idp.sign(idp.claims(sub, AUD)) } });
      refusedWith(res, 'JWT corp-off sign-in is not enabled by the administrator');
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'corp-off' } }))).toMatchObject({ success: false, message: 'JWT corp-off sign-in is not enabled by the administrator' });
    });

    it('answers only for a jwt_direct provider', async () => {
      for (const slug of ['corp-hdr-only', 'no-such-provider']) {
        const res = await ctx.app.inject({ method: 'POST', url: `/api/auth/external/${slug}/jwt/login`, payload: { state: 'x', id_token: 'a.b.c' } });
        refusedWith(res, unknownExternalProvider('jwt_direct'));
      }
      // Nor does a jwt_direct provider take part in the authorization-code flow.
      const cb = await ctx.app.inject({ method: 'GET', url: '/api/oauth/corp-jwt', query: { code: 'x', state: 'y' }, headers: { cookie: 'oauth_state=y' } });
      expect(json(cb)).toMatchObject({ success: false, message: expect.stringMatching(/slug of a custom provider/) });
    });

    it('asks a user with two-factor sign-in for the second factor instead of starting a session', async () => {
      const sub = nextSub();
      const first = json(await jwtLogin('corp-jwt', { id_token: idp.sign(idp.claims(sub, AUD)) }));
      const now = Math.floor(Date.now() / 1000);
      await ctx.db.insertInto('user_two_factor').values({ user_id: first.data.id, totp_secret: 'sealed', enabled: 1, last_time_step: 0, created_at: now, updated_at: now }).execute();
      const res = await jwtLogin('corp-jwt', { id_token: idp.sign(idp.claims(sub, AUD)) });
      expect(json(res)).toMatchObject({ success: true, data: { require_2fa: true } });
      expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
    });

    it('binds the account to a signed-in user who asked for the state, and refuses a changed session', async () => {
      const who = await member(ctx);
      const sub = nextSub();
      const res = await jwtLogin('corp-jwt', { id_token: idp.sign(idp.claims(sub, AUD)) }, who);
      expect(json(res)).toMatchObject({ success: true, message: OAUTH_BIND_MESSAGE });
      expect(await identityOwner('corp-jwt', sub)).toBe(who.id);
      const bindings = json(await ctx.app.inject({ method: 'GET', url: '/api/user/oauth/bindings', headers: who.session.headers }));
      expect(bindings.data).toContainEqual(expect.objectContaining({ provider_slug: 'corp-jwt', provider_user_id: sub }));

      const flow = await startFlow(ctx, 'corp-jwt', who);
      const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/auth/external/corp-jwt/jwt/login', headers: { cookie: `oauth_state=${flow.cookie}` }, payload: { state: flow.state, id_token: idp.sign(idp.claims(nextSub(), AUD)) } });
      refusedWith(anonymous, SESSION_CHANGED);
    });
  });

  describe('trusted-header sign-in', () => {
    beforeAll(async () => {
      await create(headerProvider('corp-proxy'));
      await create(headerProvider('corp-proxy-closed', { auto_register: false }));
      await create(jwtProvider('corp-jwt-only'));
    });

    const identity = (id: string) => ({
      'x-auth-user': id,
      'x-auth-login': `login-${id}`,
      // UTF-8 bytes as a proxy sends them (Node reads header bytes as Latin-1).
      'x-auth-name': Buffer.from('张三', 'utf8').toString('latin1'),
      'x-auth-email': `${id}@corp.test`,
    });

    it('signs in (registering once) whoever the trusted proxy names', async () => {
      const id = nextSub();
      const first = await headerLogin('corp-proxy', identity(id));
      const body = json(first);
      expect(body, body.message).toMatchObject({ success: true, data: { display_name: '张三' } });
      expect(body.data.username).toMatch(/^corp-proxy_\d+/);
      expect(sessionOf(first).cookie).toMatch(/^session=/);
      expect(await identityOwner('corp-proxy', id)).toBe(body.data.id);
      // From another address of the trusted range, the same account.
      expect(json(await headerLogin('corp-proxy', identity(id), { remoteAddress: '192.168.77.3' })).data.id).toBe(body.data.id);
      expect(json(await headerLogin('corp-proxy', identity(id), { remoteAddress: `::ffff:${PROXY}` })).data.id).toBe(body.data.id);
    });

    it('refuses a request that does not come straight from a trusted proxy, whatever it claims', async () => {
      const id = nextSub();
      for (const remoteAddress of ['203.0.113.9', '127.0.0.1', '10.20.30.41']) {
        refusedWith(await headerLogin('corp-proxy', { ...identity(id), 'x-forwarded-for': PROXY, 'x-real-ip': PROXY }, { remoteAddress }), UNTRUSTED_PROXY);
      }
      expect(await identityOwner('corp-proxy', id)).toBeUndefined();
    });

    it('refuses missing or doubled identity headers', async () => {
      refusedWith(await headerLogin('corp-proxy', { 'x-auth-email': 'nobody@corp.test' }), 'Proxy corp-proxy sign-in failed: the proxy did not send X-Auth-User');
      refusedWith(await headerLogin('corp-proxy', { 'x-auth-user': '   ' }), 'the proxy did not send X-Auth-User');
      refusedWith(await headerLogin('corp-proxy', { 'x-auth-user': ['alice', 'mallory'] }), 'the proxy sent X-Auth-User more than once');
      refusedWith(await headerLogin('corp-proxy', { 'x-auth-user': 'x'.repeat(129) }), 'the account id is longer than 128 characters');
    });

    it('is refused unless the provider is a trusted_header one, enabled and allowed to register', async () => {
      for (const slug of ['corp-jwt-only', 'nobody-here']) {
        const res = await ctx.app.inject({ method: 'POST', url: `/api/auth/external/${slug}/header/login`, remoteAddress: PROXY, headers: identity('x'), payload: { state: 'x' } });
        refusedWith(res, unknownExternalProvider('trusted_header'));
      }
      refusedWith(await headerLogin('corp-proxy-closed', identity(nextSub())), 'does not register new users');
      await ctx.db.updateTable('custom_oauth_providers').set({ enabled: 0 }).where('slug', '=', 'corp-proxy').execute();
      try {
        const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/external/corp-proxy/header/login', remoteAddress: PROXY, headers: identity(nextSub()), payload: { state: 'x' } });
        refusedWith(res, 'Proxy corp-proxy sign-in is not enabled by the administrator');
      } finally {
        await ctx.db.updateTable('custom_oauth_providers').set({ enabled: 1 }).where('slug', '=', 'corp-proxy').execute();
      }
      refusedWith(await ctx.app.inject({ method: 'POST', url: '/api/auth/external/corp-proxy/header/login', remoteAddress: PROXY, headers: identity('y'), payload: {} }), 'state is required');
    });
  });
});

describe.each(testDialects())('external sign-in rate limit (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { authRateLimitPerMinute: 3 });
    await markSetupDone(ctx.db);
  });
  afterAll(() => ctx?.close());

  it('limits attempts per address like the other sign-in routes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/external/any/jwt/login', remoteAddress: '198.51.100.7', payload: { state: 'x', id_token: 'a.b.c' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const header = await ctx.app.inject({ method: 'POST', url: '/api/auth/external/any/header/login', remoteAddress: '198.51.100.8', payload: { state: 'x' } });
    expect(header.statusCode).toBe(200);
  });
});
