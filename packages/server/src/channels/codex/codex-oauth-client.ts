/**
 * The ChatGPT sign-in the Codex CLI uses (OAuth 2.0 authorization code with PKCE at auth.openai.com,
 * public client `app_EMoamEEZ73f0CkXaXp7hrann`), for Codex channels: the authorize address, the code
 * exchange and the refresh. Tokens never appear in an error message or a log line.
 */
import { createHash, randomBytes } from 'node:crypto';
import { CODEX_OAUTH_REDIRECT_URI } from '@gw/contracts';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import type { CodexTokens } from './codex-key.js';

export const CODEX_OAUTH_CLIENT_ID = 'app_EMoamEEZ73f0CkXaXp7hrann';
export const CODEX_AUTHORIZE_URL = 'https://auth.openai.com/oauth/authorize';
/** What the sign-in asks for; offline_access is what brings a refresh token. */
export const CODEX_OAUTH_SCOPE = 'openid profile email offline_access';
/** The scope the Codex CLI sends with a refresh. */
const REFRESH_SCOPE = 'openid profile email';
/** The `originator` the Codex CLI names itself with (authorize address and API requests). */
export const CODEX_ORIGINATOR = 'codex_cli_rs';

const TIMEOUT_MS = 20_000;
const MAX_ANSWER_BYTES = 256 * 1024;
const MAX_MESSAGE = 300;

/** The token endpoint refused the grant (4xx: a used, revoked or expired refresh token, a bad code): retrying will not help. */
export class CodexTokenRefusedError extends Error {
  constructor(
    readonly status: number,
    /** The endpoint's error code (`invalid_grant`, `refresh_token_reused`…), when it gave one. */
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'CodexTokenRefusedError';
  }
}

/** The token endpoint could not be reached or failed on its side (network, 5xx, 429): a later try may work. */
export class CodexTokenUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodexTokenUnavailableError';
  }
}

const b64url = (bytes: Buffer): string => bytes.toString('base64url');

/** A PKCE pair (RFC 7636, S256): the verifier kept server side, the challenge sent in the authorize address. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

/** The address that starts the ChatGPT sign-in, with the parameters the Codex CLI sends. */
export function codexAuthorizeUrl(state: string, challenge: string): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CODEX_OAUTH_CLIENT_ID,
    redirect_uri: CODEX_OAUTH_REDIRECT_URI,
    scope: CODEX_OAUTH_SCOPE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    id_token_add_organizations: 'true',
    codex_cli_simplified_flow: 'true',
    state,
    originator: CODEX_ORIGINATOR,
  });
  return `${CODEX_AUTHORIZE_URL}?${query.toString()}`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The endpoint's error: OAuth's `{error, error_description}` or OpenAI's `{error: {message, code}}`. */
function refusalOf(status: number, body: string): { code?: string; message: string } {
  let code: string | undefined;
  let message: string | undefined;
  try {
    const json = JSON.parse(body) as Record<string, any>;
    if (typeof json.error === 'object' && json.error !== null) {
      code = text(json.error.code) ?? text(json.error.type);
      message = text(json.error.message);
    } else {
      code = text(json.error) ?? text(json.code);
      message = text(json.error_description) ?? text(json.message) ?? text(json.detail);
    }
  } catch {
    // not JSON: only the status is told
  }
  const said = message ?? code ?? `HTTP ${status}`;
  return { code, message: said.length > MAX_MESSAGE ? `${said.slice(0, MAX_MESSAGE)}…` : said };
}

/** Talks to the token endpoint (CODEX_OAUTH_TOKEN_URL) through the plain upstream client, a channel's proxy when given. */
export class CodexOAuthClient {
  constructor(
    private readonly http: UpstreamHttpClient,
    readonly tokenUrl: string,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  /** New tokens for a refresh token (which the endpoint rotates: the old one stops working). */
  refresh(refreshToken: string, proxy?: string): Promise<CodexTokens> {
    const body = JSON.stringify({ client_id: CODEX_OAUTH_CLIENT_ID, grant_type: 'refresh_token', refresh_token: refreshToken, scope: REFRESH_SCOPE });
    return this.post('application/json', body, proxy, 'refresh');
  }

  /** The tokens for an authorization code, proven by the PKCE verifier it was asked with. */
  exchange(code: string, verifier: string, proxy?: string): Promise<CodexTokens> {
    const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CODEX_OAUTH_REDIRECT_URI, client_id: CODEX_OAUTH_CLIENT_ID, code_verifier: verifier }).toString();
    return this.post('application/x-www-form-urlencoded', body, proxy, 'code exchange');
  }

  private async post(contentType: string, body: string, proxy: string | undefined, what: string): Promise<CodexTokens> {
    let status: number;
    let answer: string;
    try {
      const res = await this.http.request(
        { method: 'POST', url: this.tokenUrl, headers: { 'content-type': contentType, accept: 'application/json' }, body, ...(proxy ? { proxy } : {}) },
        AbortSignal.timeout(this.timeoutMs),
      );
      status = res.statusCode;
      answer = await readText(res.body);
    } catch (err) {
      const e = err as { name?: string; code?: string };
      const why = e?.name === 'TimeoutError' || e?.name === 'AbortError' ? `no answer within ${this.timeoutMs / 1000} s` : (e?.code ?? 'network error');
      throw new CodexTokenUnavailableError(`the ChatGPT token endpoint could not be reached for the ${what} (${why})`);
    }
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      const refusal = refusalOf(status, answer);
      throw new CodexTokenRefusedError(status, refusal.code, `the ChatGPT token endpoint refused the ${what} (HTTP ${status}${refusal.code && refusal.code !== refusal.message ? `, ${refusal.code}` : ''}): ${refusal.message}`);
    }
    if (status !== 200) throw new CodexTokenUnavailableError(`the ChatGPT token endpoint failed the ${what} (HTTP ${status})`);
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(answer) as Record<string, unknown>;
    } catch {
      throw new CodexTokenUnavailableError(`the ChatGPT token endpoint answered the ${what} with something that is not JSON`);
    }
    const accessToken = text(json.access_token);
    if (!accessToken) throw new CodexTokenUnavailableError(`the ChatGPT token endpoint answered the ${what} without an access token`);
    const expiresIn = typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : undefined;
    const refreshToken = text(json.refresh_token);
    const idToken = text(json.id_token);
    return { accessToken, ...(refreshToken ? { refreshToken } : {}), ...(idToken ? { idToken } : {}), ...(expiresIn ? { expiresIn } : {}) };
  }
}

/** The answer's text, at most MAX_ANSWER_BYTES of it (a token answer is a few kilobytes). */
async function readText(body: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_ANSWER_BYTES) break;
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}
