/**
 * Codex channel test material: ChatGPT-style tokens (unsigned JWTs carrying the claims the gateway reads),
 * channel keys, and a fake auth.openai.com token endpoint that rotates refresh tokens as the real one does.
 */
import { createHash } from 'node:crypto';
import { jsonReply, errorReply, startFakeUpstream, type FakeUpstream, type RecordedRequest, type Reply } from './fake-upstream/index.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT with these claims (the signature is not checked by the gateway). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64({ alg: 'RS256', typ: 'JWT', kid: 'test' })}.${b64(claims)}.${Buffer.from('not-a-signature').toString('base64url')}`;
}

export interface TokenOptions {
  accountId?: string;
  email?: string;
  /** Seconds from now until `exp` (negative: already expired). */
  expiresIn?: number;
  /** Makes tokens of equal claims differ. */
  nonce?: string;
}

/** An access token as ChatGPT issues them: `exp`, the auth claim with the account, the profile with the e-mail. */
export function accessToken(opts: TokenOptions = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({
    aud: ['https://api.openai.com/v1'],
    exp: now + (opts.expiresIn ?? 864_000),
    iat: now,
    iss: 'https://auth.openai.com',
    'https://api.openai.com/auth': { chatgpt_account_id: opts.accountId ?? 'acc-test', chatgpt_plan_type: 'plus', chatgpt_user_id: 'user-test' },
    'https://api.openai.com/profile': { email: opts.email ?? 'dev@example.com', email_verified: true },
    jti: opts.nonce ?? Math.random().toString(36).slice(2),
  });
}

/** An id token: the e-mail and the auth claim with the account. */
export function idToken(opts: TokenOptions = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return fakeJwt({
    aud: ['app_EMoamEEZ73f0CkXaXp7hrann'],
    exp: now + 3600,
    iat: now,
    email: opts.email ?? 'dev@example.com',
    'https://api.openai.com/auth': { chatgpt_account_id: opts.accountId ?? 'acc-test', chatgpt_plan_type: 'plus' },
  });
}

/** A channel key in new-api's shape. */
export function codexKey(fields: { access: string; refresh: string; accountId?: string; extra?: Record<string, unknown> }): string {
  return JSON.stringify({ type: 'codex', access_token: fields.access, refresh_token: fields.refresh, account_id: fields.accountId ?? 'acc-test', ...fields.extra });
}

export interface FakeTokenServer {
  server: FakeUpstream;
  /** `http://127.0.0.1:<port>/oauth/token`, for CODEX_OAUTH_TOKEN_URL. */
  tokenUrl: string;
  /** The token requests received, oldest first. */
  calls(): RecordedRequest[];
  /** The refresh tokens the endpoint still accepts (each works once, then its successor does). */
  valid: Set<string>;
  /** What the next refresh answers instead of new tokens (e.g. a refusal), until cleared. */
  failWith: Reply | undefined;
  /** Access-token lifetime of issued tokens, seconds. */
  lifetime: number;
  /** The authorization codes it accepts, with the S256 challenge their verifier must match. */
  codes: Map<string, { challenge: string; accountId?: string; email?: string }>;
  close(): Promise<void>;
}

const body = (req: RecordedRequest): Record<string, string> => {
  if (typeof req.body === 'object' && req.body !== null) return req.body as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(req.raw.toString('utf8')));
};

let issued = 0;

/** A fake token endpoint: refresh (JSON or form) rotates refresh tokens; authorization_code checks PKCE. */
export async function startFakeTokenServer(): Promise<FakeTokenServer> {
  const state: Omit<FakeTokenServer, 'server' | 'tokenUrl' | 'calls' | 'close'> = { valid: new Set(), failWith: undefined, lifetime: 864_000, codes: new Map() };
  const issue = (accountId?: string, email?: string) => {
    issued += 1;
    const refresh = `rt-issued-${issued}`;
    state.valid.add(refresh);
    return {
      id_token: idToken({ accountId, email }),
      access_token: accessToken({ accountId, email, expiresIn: state.lifetime, nonce: `issued-${issued}` }),
      refresh_token: refresh,
      expires_in: state.lifetime,
      token_type: 'Bearer',
      scope: 'openid profile email offline_access',
    };
  };
  const server = await startFakeUpstream({
    routes: {
      'POST /oauth/token': (req) => {
        const form = body(req);
        if (form.client_id !== 'app_EMoamEEZ73f0CkXaXp7hrann') return errorReply(400, { error: 'invalid_client', error_description: 'Unknown client' });
        if (form.grant_type === 'refresh_token') {
          if (state.failWith) return state.failWith;
          if (!state.valid.delete(form.refresh_token)) {
            return errorReply(401, { error: { message: 'Your refresh token has already been used to generate a new access token. Please try signing in again.', type: 'invalid_request_error', param: null, code: 'refresh_token_reused' } });
          }
          return jsonReply(issue());
        }
        if (form.grant_type === 'authorization_code') {
          const expected = state.codes.get(form.code);
          if (!expected || form.redirect_uri !== 'http://localhost:1455/auth/callback') return errorReply(400, { error: 'invalid_grant', error_description: 'Invalid authorization code' });
          const challenge = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
          if (challenge !== expected.challenge) return errorReply(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
          state.codes.delete(form.code);
          return jsonReply(issue(expected.accountId, expected.email));
        }
        return errorReply(400, { error: 'unsupported_grant_type' });
      },
    },
  });
  return Object.assign(state, {
    server,
    tokenUrl: `${server.url}/oauth/token`,
    calls: () => server.requests.filter((r) => r.path === '/oauth/token'),
    close: () => server.close(),
  });
}
