import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@gw/contracts';
import { createTestContext, json, markSetupDone, member, type Member, type TestContext } from '../../test/test-app.js';
import { testDialects } from '../../test/test-database.js';
import { startJwtIssuer, type JwtIssuer } from './testing/jwt-issuer.test-helpers.js';

describe.each(testDialects())('OIDC discovery for the custom provider form (%s)', (dialect) => {
  let ctx: TestContext;
  let root: Member;
  let idp: JwtIssuer;

  beforeAll(async () => {
    idp = await startJwtIssuer();
    ctx = await createTestContext(dialect);
    await markSetupDone(ctx.db);
    root = await member(ctx, { role: Role.Root });
    // The fake provider listens on 127.0.0.1 and a random port: allowed here, refused by default.
    await ctx.services.options.set({ 'fetch_setting.allow_private_ip': true, 'fetch_setting.allowed_ports': [] });
  });
  afterAll(async () => {
    await ctx?.close();
    await idp?.close();
  });

  const discover = async (payload: unknown, who: Member = root) =>
    ctx.app.inject({ method: 'POST', url: '/api/custom-oauth-provider/discovery', headers: who.session.headers, payload: payload as never });

  it('answers the endpoints of a discovery document, from its address or from the issuer', async () => {
    idp.setDiscovery(null);
    const byUrl = json(await discover({ well_known_url: idp.wellKnownUrl }));
    expect(byUrl).toEqual({
      success: true,
      message: '',
      data: {
        well_known_url: idp.wellKnownUrl,
        discovery: {
          issuer: idp.url,
          authorization_endpoint: `${idp.url}/authorize`,
          token_endpoint: `${idp.url}/token`,
          userinfo_endpoint: `${idp.url}/userinfo`,
          jwks_uri: `${idp.url}/jwks`,
          scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
        },
      },
    });
    const byIssuer = json(await discover({ issuer_url: `${idp.url}/` }));
    expect(byIssuer.data).toEqual(byUrl.data);
  });

  it('refuses a document that is not JSON, not an object, or lacks what a provider needs', async () => {
    const cases: [unknown, string][] = [
      ['{"issuer": oops', `could not get the discovery document from ${new URL(idp.url).host}: the answer is not JSON`],
      [['a list'], 'the discovery document is not a JSON object'],
      [{ authorization_endpoint: `${idp.url}/authorize` }, 'the discovery document has no issuer'],
      [{ issuer: idp.url, token_endpoint: `${idp.url}/token` }, 'the discovery document has no authorization_endpoint'],
      [{ issuer: idp.url, authorization_endpoint: 'javascript:alert(1)' }, "the discovery document's authorization_endpoint is not an http(s) address"],
      [{ issuer: idp.url, authorization_endpoint: `${idp.url}/a`, jwks_uri: 'file:///etc/passwd' }, "the discovery document's jwks_uri is not an http(s) address"],
    ];
    try {
      for (const [doc, message] of cases) {
        idp.setDiscovery(doc);
        const res = await discover({ well_known_url: idp.wellKnownUrl });
        expect(res.statusCode).toBe(200);
        expect(json(res)).toMatchObject({ success: false, message });
      }
      // The issuer asked for must be the document's (OpenID Connect Discovery §4.3).
      idp.setDiscovery({ issuer: 'https://someone-else.test', authorization_endpoint: `${idp.url}/authorize` });
      expect(json(await discover({ issuer_url: idp.url }))).toMatchObject({ success: false, message: `the discovery document belongs to the issuer https://someone-else.test, not to ${idp.url}` });
    } finally {
      idp.setDiscovery(null);
    }
  });

  it('refuses bad input with a clear message', async () => {
    expect(json(await discover({}))).toMatchObject({ success: false, message: 'well_known_url: enter the discovery URL or the issuer URL first' });
    expect(json(await discover({ well_known_url: 'ftp://idp.test/.well-known/openid-configuration' }))).toMatchObject({ success: false, message: 'the discovery URL must be an http(s) address' });
    expect(json(await discover({ issuer_url: 'not a url' }))).toMatchObject({ success: false, message: 'the discovery URL must be an http(s) address' });
    expect(json(await discover({ well_known_url: 42 }))).toMatchObject({ success: false, message: 'well_known_url must be text' });
    const notJson = await ctx.app.inject({ method: 'POST', url: '/api/custom-oauth-provider/discovery', headers: { ...root.session.headers, 'content-type': 'application/json' }, payload: '{oops' });
    expect(notJson.statusCode).toBeLessThan(500);
    expect(json(notJson).success).toBe(false);
  });

  it('reports an unreachable or failing address', async () => {
    expect(json(await discover({ well_known_url: 'http://127.0.0.1:1/.well-known/openid-configuration' }))).toMatchObject({
      success: false,
      message: 'could not get the discovery document from 127.0.0.1:1: the connection was refused',
    });
    expect(json(await discover({ well_known_url: `${idp.url}/missing` }))).toMatchObject({ success: false, message: `could not get the discovery document from ${new URL(idp.url).host}: the server answered HTTP 404` });
  });

  it('fetches only what the SSRF protection allows', async () => {
    await ctx.services.options.set({ 'fetch_setting.allow_private_ip': false });
    try {
      expect(json(await discover({ well_known_url: idp.wellKnownUrl }))).toMatchObject({
        success: false,
        message: `could not get the discovery document from ${new URL(idp.url).host}: refused by the SSRF protection: 127.0.0.1 is a private or internal address`,
      });
      expect(json(await discover({ well_known_url: 'http://169.254.169.254/latest/meta-data' }))).toMatchObject({ success: false, message: expect.stringMatching(/refused by the SSRF protection/) });
    } finally {
      await ctx.services.options.set({ 'fetch_setting.allow_private_ip': true });
    }
  });

  it('is for the super administrator only', async () => {
    const admin = await member(ctx, { role: Role.Admin });
    expect((await discover({ well_known_url: idp.wellKnownUrl }, admin)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/custom-oauth-provider/discovery', payload: { well_known_url: idp.wellKnownUrl } })).statusCode).toBe(401);
  });
});
