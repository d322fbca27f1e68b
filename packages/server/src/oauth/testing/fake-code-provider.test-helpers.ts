import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { closeServer, followAuthorize, readBody, send } from './fake-server-io.test-helpers.js';
import type { AddressInfo } from 'node:net';

/** The userinfo JSON the fake answers for the account it signs in (verbatim). */
export type FakeUserInfo = Record<string, unknown>;

/** How the token endpoint wants the client to prove itself. */
export type FakeClientAuth = 'post' | 'basic' | 'any' | 'none';

export interface FakeCodeProviderOptions {
  paths?: { authorize: string; token: string; user: string };
  clientAuth?: FakeClientAuth;
}

/** One request the fake received (headers lower-case). */
export interface FakeCodeRequest {
  role: 'authorize' | 'token' | 'user';
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
}

export interface FakeCodeProvider {
  url: string;
  authorizeUrl: string;
  tokenUrl: string;
  userUrl: string;
  client: { id: string; secret: string };
  requests: FakeCodeRequest[];
  /** The account the next visit to the authorization page signs in as. */
  signInAs(info: FakeUserInfo): void;
  /** The next token request is answered with this status and body instead. */
  failNextToken(status: number, body: unknown): void;
  /** Plays the browser at the authorization page: answers where the provider sends it back (with a code). */
  authorize(authorizeUrl: string): Promise<string>;
  close(): Promise<void>;
}

interface Issued {
  info: FakeUserInfo;
  redirectUri: string;
  challenge: string;
}

/** client_secret_basic's two parts (form-decoded, RFC 6749 §2.3.1), or null without that header. */
function basicCredentials(header: string | undefined): [string, string] | null {
  if (!header?.startsWith('Basic ')) return null;
  const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString().split(':');
  return [decodeURIComponent(id), decodeURIComponent(secret)];
}

/**
 * A local OAuth 2 authorization-code provider on loopback (Discord's paths, or any other's). It checks
 * what a real one does: the client credentials the way it wants them, single-use codes bound to the
 * redirect address, PKCE verifiers, bearer tokens; the userinfo answer is the signed-in account's JSON.
 */
export async function startFakeCodeProvider(opts: FakeCodeProviderOptions = {}): Promise<FakeCodeProvider> {
  const paths = opts.paths ?? { authorize: '/authorize', token: '/token', user: '/userinfo' };
  const clientAuth = opts.clientAuth ?? 'any';
  const client = { id: `client-${randomBytes(4).toString('hex')}`, secret: `secret-${randomBytes(12).toString('hex')}` };
  const requests: FakeCodeRequest[] = [];
  const codes = new Map<string, Issued>();
  const tokens = new Map<string, Issued>();
  let next: FakeUserInfo | undefined;
  let tokenFailure: { status: number; body: unknown } | undefined;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      const role = url.pathname === paths.authorize ? 'authorize' : url.pathname === paths.token ? 'token' : url.pathname === paths.user ? 'user' : null;
      if (!role) return send(res, 404, { message: 'Not Found' });
      const query = Object.fromEntries(url.searchParams);
      const form = Object.fromEntries(new URLSearchParams(raw));
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      requests.push({ role, query, form, headers });

      if (role === 'authorize') {
        if (query.client_id !== client.id || query.response_type !== 'code' || !query.redirect_uri || !next) return send(res, 400, { error: 'invalid_request' });
        const code = randomBytes(12).toString('hex');
        codes.set(code, { info: next, redirectUri: query.redirect_uri, challenge: query.code_challenge ?? '' });
        const back = new URL(query.redirect_uri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', query.state ?? '');
        res.writeHead(302, { location: back.href });
        return res.end();
      }

      if (role === 'token') {
        if (tokenFailure) {
          const failure = tokenFailure;
          tokenFailure = undefined;
          return send(res, failure.status, failure.body);
        }
        const basic = basicCredentials(headers.authorization);
        const posted: [string, string] | null = form.client_secret ? [form.client_id ?? '', form.client_secret] : null;
        const shown = clientAuth === 'basic' ? basic : clientAuth === 'post' ? posted : clientAuth === 'any' ? (basic ?? posted) : null;
        const authenticated = clientAuth === 'none' ? form.client_id === client.id && !basic && !posted : shown !== null && shown[0] === client.id && shown[1] === client.secret;
        if (!authenticated) return send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        if (form.grant_type !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type' });
        const issued = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (!issued || issued.redirectUri !== form.redirect_uri) return send(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
        const verified = issued.challenge
          ? createHash('sha256').update(form.code_verifier ?? '').digest('base64url') === issued.challenge
          : clientAuth !== 'none';
        if (!verified) return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
        const token = randomBytes(12).toString('hex');
        tokens.set(token, issued);
        return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 604800 });
      }

      const issued = tokens.get((headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!issued) return send(res, 401, { message: '401: Unauthorized', code: 0 });
      return send(res, 200, issued.info);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    authorizeUrl: `${url}${paths.authorize}`,
    tokenUrl: `${url}${paths.token}`,
    userUrl: `${url}${paths.user}`,
    client,
    requests,
    signInAs: (info) => void (next = info),
    failNextToken: (status, body) => void (tokenFailure = { status, body }),
    authorize: followAuthorize,
    close: () => closeServer(server),
  };
}

/** Discord's real paths (see providers/endpoints.ts): a fake at these serves for OAUTH_DISCORD_BASE_URL. */
export const DISCORD_PATHS = { authorize: '/oauth2/authorize', token: '/api/oauth2/token', user: '/api/users/@me' };
