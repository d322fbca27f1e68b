// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient types of an untyped test dependency; the e2e program needs them too
/// <reference path="./oidc-provider.d.ts" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { CookieBrowser } from './http-driver.test-helpers.js';

export interface TestOidcProvider {
  issuer: string;
  wellKnown: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the user's browser at the provider: opens the authorization address, signs in as `accountId`
   * on the provider's own login page, consents, and answers the address it sends the browser back to.
   */
  signIn(authorizeUrl: string, accountId: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on loopback, with one confidential client
 * (client_secret_post) that must use PKCE. Accounts exist for any id: `<id>@example.test`, name "User <id>".
 */
export async function startOidcProvider(opts: { redirectUris: string[] }): Promise<TestOidcProvider> {
  const clientId = 'gateway-client';
  const clientSecret = 'gateway-client-secret-0123456789';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: opts.redirectUris, token_endpoint_auth_method: 'client_secret_post' }],
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `User ${sub}`, preferred_username: sub }),
    }),
  });
  server.on('request', provider.callback());

  return {
    issuer,
    wellKnown: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    async signIn(authorizeUrl, accountId) {
      const browser = new CookieBrowser();
      let res = await browser.go(authorizeUrl);
      for (let step = 0; step < 10; step++) {
        if (!res.location) throw new Error(`the provider stopped with HTTP ${res.status}: ${/<pre>([\s\S]*?)<\/pre>/.exec(res.text)?.[1] ?? res.text.slice(0, 300)}`);
        if (!res.location.startsWith(issuer)) return res.location;
        if (new URL(res.location).pathname.startsWith('/interaction/')) {
          const page = await browser.go(res.location);
          const prompt = /name="prompt" value="(\w+)"/.exec(page.text)?.[1];
          const form: Record<string, string> = prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt: prompt ?? 'consent' };
          res = await browser.go(res.location, { form });
        } else {
          res = await browser.go(res.location);
        }
      }
      throw new Error('the provider did not send the browser back');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
