import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { closeServer, followAuthorize, readBody, send } from './fake-server-io.test-helpers.js';
import type { AddressInfo } from 'node:net';

export type FakeProviderName = 'github' | 'google' | 'linuxdo' | 'wechat';

/** The account a fake provider signs in. */
export interface FakeAccount {
  id: string;
  login?: string;
  name?: string;
  email?: string;
}

/** One request a fake received, for assertions (headers lower-case). */
export interface FakeRequest {
  provider: FakeProviderName;
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeOAuthProviders {
  url: string;
  clients: Record<FakeProviderName, { id: string; secret: string }>;
  requests: FakeRequest[];
  /** The account the next visit to `provider`'s authorization page signs in as. */
  signInAs(provider: FakeProviderName, account: FakeAccount): void;
  /** Plays the browser at the authorization page: answers where the provider sends it back (with a code). */
  authorize(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
}

interface IssuedCode {
  provider: FakeProviderName;
  account: FakeAccount;
  redirectUri: string;
  challenge: string;
}

/** Where each provider's three endpoints live (the real paths, see providers/endpoints.ts). */
const PATHS: Record<string, { provider: FakeProviderName; role: 'authorize' | 'token' | 'user' }> = {
  '/login/oauth/authorize': { provider: 'github', role: 'authorize' },
  '/login/oauth/access_token': { provider: 'github', role: 'token' },
  '/user': { provider: 'github', role: 'user' },
  '/o/oauth2/v2/auth': { provider: 'google', role: 'authorize' },
  '/token': { provider: 'google', role: 'token' },
  '/v1/userinfo': { provider: 'google', role: 'user' },
  '/oauth2/authorize': { provider: 'linuxdo', role: 'authorize' },
  '/oauth2/token': { provider: 'linuxdo', role: 'token' },
  '/api/user': { provider: 'linuxdo', role: 'user' },
  '/connect/qrconnect': { provider: 'wechat', role: 'authorize' },
  '/sns/oauth2/access_token': { provider: 'wechat', role: 'token' },
  '/sns/userinfo': { provider: 'wechat', role: 'user' },
};

/**
 * Local fakes of GitHub, Google, Linux DO and WeChat OAuth on one loopback server (their paths do not
 * overlap). They check what the real services check: client credentials, single-use codes bound to the
 * redirect address, PKCE verifiers, bearer tokens.
 */
export async function startFakeOAuthProviders(): Promise<FakeOAuthProviders> {
  const clients: FakeOAuthProviders['clients'] = {
    github: { id: 'gh-client', secret: 'gh-secret-0123456789' },
    google: { id: 'google-client', secret: 'google-secret-0123456789' },
    linuxdo: { id: 'ld-client', secret: 'ld-secret-0123456789' },
    wechat: { id: 'wx-app-id', secret: 'wx-app-secret-0123456789' },
  };
  const requests: FakeRequest[] = [];
  const nextAccount = new Map<FakeProviderName, FakeAccount>();
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedCode>();

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      const route = PATHS[url.pathname];
      if (!route) return send(res, 404, { message: 'Not Found' });
      const { provider, role } = route;
      const query = Object.fromEntries(url.searchParams);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      requests.push({ provider, method: req.method ?? 'GET', path: url.pathname, query, form, headers });
      const client = clients[provider];

      if (role === 'authorize') {
        const clientId = provider === 'wechat' ? query.appid : query.client_id;
        const account = nextAccount.get(provider);
        if (clientId !== client.id || !query.redirect_uri || !account) return send(res, 400, { error: 'invalid_request' });
        const code = randomBytes(12).toString('hex');
        codes.set(code, { provider, account, redirectUri: query.redirect_uri, challenge: query.code_challenge ?? '' });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.state ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }

      if (role === 'token') {
        const fields = provider === 'wechat' ? query : form;
        let id = provider === 'wechat' ? fields.appid : fields.client_id;
        let secret = provider === 'wechat' ? fields.secret : fields.client_secret;
        if (provider === 'linuxdo') [id, secret] = Buffer.from((headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
        if (id !== client.id || secret !== client.secret) return provider === 'wechat' ? send(res, 200, { errcode: 40125, errmsg: 'invalid appsecret' }) : send(res, 401, { error: 'invalid_client' });
        const issued = codes.get(fields.code ?? '');
        codes.delete(fields.code ?? '');
        const badCode = !issued || issued.provider !== provider || (provider !== 'wechat' && issued.redirectUri !== fields.redirect_uri);
        if (badCode) {
          if (provider === 'wechat') return send(res, 200, { errcode: 40029, errmsg: 'invalid code' });
          // GitHub answers a bad code with HTTP 200 and an error body.
          return send(res, provider === 'github' ? 200 : 400, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        }
        if (issued.challenge && createHash('sha256').update(fields.code_verifier ?? '').digest('base64url') !== issued.challenge) {
          return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        }
        const token = randomBytes(12).toString('hex');
        tokens.set(token, issued);
        if (provider === 'wechat') return send(res, 200, { access_token: token, expires_in: 7200, openid: `openid-${issued.account.id}`, unionid: `union-${issued.account.id}`, scope: 'snsapi_login' });
        return send(res, 200, { access_token: token, token_type: 'bearer', scope: 'read' });
      }

      const bearer = provider === 'wechat' ? query.access_token : (headers.authorization ?? '').replace(/^Bearer /, '');
      const issued = tokens.get(bearer ?? '');
      if (!issued) return provider === 'wechat' ? send(res, 200, { errcode: 40001, errmsg: 'invalid credential' }) : send(res, 401, { message: 'Bad credentials' });
      const a = issued.account;
      if (provider === 'github') return send(res, 200, { id: Number(a.id), login: a.login ?? `gh${a.id}`, name: a.name ?? null, email: a.email ?? null });
      if (provider === 'google') return send(res, 200, { sub: a.id, name: a.name, email: a.email, email_verified: true });
      if (provider === 'linuxdo') return send(res, 200, { id: Number(a.id), username: a.login ?? `ld${a.id}`, name: a.name ?? '', active: true, trust_level: 2, silenced: false });
      return send(res, 200, { openid: `openid-${a.id}`, nickname: a.name ?? 'wx user', unionid: `union-${a.id}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clients,
    requests,
    signInAs: (provider, account) => nextAccount.set(provider, account),
    authorize: followAuthorize,
    close: () => closeServer(server),
  };
}
