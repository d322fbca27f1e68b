import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BIND_MESSAGE } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { userRow } from '../users/users.test-helpers.js';
import { startOidcProvider, type TestOidcProvider } from './testing/oidc-provider.test-helpers.js';
import { callback, sessionOf, startFlow } from './testing/oauth.test-helpers.js';

/** The address app.inject() requests come from, so the OIDC return address is http://localhost/oauth/oidc. */
const RETURN_URI = 'http://localhost/oauth/oidc';

describe.each(testDialects())('OIDC sign-in against a real OpenID provider (%s)', (dialect) => {
  let ctx: TestContext;
  let idp: TestOidcProvider;

  beforeAll(async () => {
    idp = await startOidcProvider({ redirectUris: [RETURN_URI] });
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    await ctx.services.options.set({ 'oidc.enabled': true, 'oidc.client_id': idp.clientId, 'oidc.client_secret': idp.clientSecret, 'oidc.well_known': idp.wellKnown });
  });
  afterAll(async () => {
    await ctx?.close();
    await idp?.close();
  });

  it('finds the endpoints by discovery, signs in with PKCE and creates the user from the ID claims', async () => {
    const flow = await startFlow(ctx, 'oidc');
    const authorize = new URL(flow.authorizeUrl);
    expect(authorize.origin + authorize.pathname).toBe(`${idp.issuer}/auth`);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const back = await idp.signIn(flow.authorizeUrl, `alice-${dialect}`);
    expect(back.startsWith(RETURN_URI)).toBe(true);
    const res = await callback(ctx, 'oidc', back, undefined, flow.cookie);
    const body = json(res);
    expect(body.success, body.message).toBe(true);
    expect(body.data.username).toMatch(/^oidc_\d+$/);
    expect(await userRow(ctx, body.data.id)).toMatchObject({ oidc_id: `alice-${dialect}`, display_name: `User alice-${dialect}`, email: `alice-${dialect}@example.test` });
    const self = await ctx.app.inject({ method: 'GET', url: '/api/user/self', headers: sessionOf(res) });
    expect(json(self).data.oidc_id).toBe(`alice-${dialect}`);

    // The next sign-in with the same account is the same user.
    const again = await startFlow(ctx, 'oidc');
    const second = json(await callback(ctx, 'oidc', await idp.signIn(again.authorizeUrl, `alice-${dialect}`), undefined, again.cookie));
    expect(second.data.id).toBe(body.data.id);
  });

  it('binds the OIDC account of a signed-in user and refuses it to anyone else', async () => {
    const bob = await member(ctx);
    const flow = await startFlow(ctx, 'oidc', bob);
    const back = await idp.signIn(flow.authorizeUrl, `bob-${dialect}`);
    expect(json(await callback(ctx, 'oidc', back, bob, flow.cookie))).toMatchObject({ success: true, message: OAUTH_BIND_MESSAGE });
    expect((await userRow(ctx, bob.id))?.oidc_id).toBe(`bob-${dialect}`);

    const eve = await member(ctx);
    const evil = await startFlow(ctx, 'oidc', eve);
    const res = json(await callback(ctx, 'oidc', await idp.signIn(evil.authorizeUrl, `bob-${dialect}`), eve, evil.cookie));
    expect(res).toMatchObject({ success: false, message: 'this OIDC account is already bound to another user' });
    expect((await userRow(ctx, eve.id))?.oidc_id).toBe('');
  });

  it('fails the exchange when the PKCE verifier does not match (the provider checks it)', async () => {
    const flow = await startFlow(ctx, 'oidc');
    const back = await idp.signIn(flow.authorizeUrl, `carol-${dialect}`);
    await ctx.db.updateTable('oauth_states').set({ code_verifier: 'x'.repeat(43) }).where('state', '=', flow.state).execute();
    const res = json(await callback(ctx, 'oidc', back, undefined, flow.cookie));
    expect(res.success).toBe(false);
    expect(res.message).toMatch(/^OIDC sign-in failed: .*(PKCE|code_verifier|grant)/i);
  });

  it('uses explicitly saved endpoints without a discovery document', async () => {
    await ctx.services.options.set({
      'oidc.well_known': '',
      'oidc.authorization_endpoint': `${idp.issuer}/auth`,
      'oidc.token_endpoint': `${idp.issuer}/token`,
      'oidc.user_info_endpoint': `${idp.issuer}/me`,
    });
    try {
      const flow = await startFlow(ctx, 'oidc');
      const body = json(await callback(ctx, 'oidc', await idp.signIn(flow.authorizeUrl, `dave-${dialect}`), undefined, flow.cookie));
      expect(body.success, body.message).toBe(true);
      expect((await userRow(ctx, body.data.id))?.oidc_id).toBe(`dave-${dialect}`);
    } finally {
      await ctx.services.options.set({ 'oidc.well_known': idp.wellKnown, 'oidc.authorization_endpoint': '', 'oidc.token_endpoint': '', 'oidc.user_info_endpoint': '' });
    }
  });

  it('explains a discovery address that does not answer a discovery document', async () => {
    await ctx.services.options.set({ 'oidc.well_known': `${idp.issuer}/no-such-document` });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/oauth/state', query: { provider: 'oidc' } });
      expect(res.statusCode).toBe(200);
      expect(json(res).message).toMatch(/^OIDC sign-in failed: failed to get the OIDC configuration from .*no-such-document/);
    } finally {
      await ctx.services.options.set({ 'oidc.well_known': idp.wellKnown });
    }
  });
});
