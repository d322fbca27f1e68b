/**
 * The key of a Codex channel (type 57): the ChatGPT OAuth tokens of one ChatGPT account. Two shapes are
 * read: new-api's flat object (`access_token`, `refresh_token`, `account_id`, `email`, `expired`,
 * `last_refresh`, `type: "codex"`; `id_token` and `expires_at` are taken too) and the Codex CLI's
 * `~/.codex/auth.json` (`{"tokens": {id_token, access_token, refresh_token, account_id}, "last_refresh"}`).
 * Keys are written back in new-api's shape, so a key moves between the two gateways unchanged.
 */
import { ChannelConfigError } from '../channel-config-error.js';

/** The claim of OpenAI's tokens that holds the ChatGPT account (`chatgpt_account_id`) and plan. */
export const OPENAI_AUTH_CLAIM = 'https://api.openai.com/auth';
/** The claim of OpenAI's access tokens that holds the profile (`email`). */
export const OPENAI_PROFILE_CLAIM = 'https://api.openai.com/profile';

export interface CodexKey {
  accessToken: string;
  refreshToken: string;
  idToken?: string;
  /** The ChatGPT account (workspace) sent as `chatgpt-account-id`; '' when neither the key nor its tokens name one. */
  accountId: string;
  email?: string;
  /** Unix milliseconds when the access token expires: its JWT `exp`, else the key's own field; undefined when unknown. */
  expiresAt?: number;
  /** When the tokens were issued (ISO 8601), as the key says. */
  lastRefresh?: string;
}

const invalid = (problem: string) => new ChannelConfigError('channel:credentials_invalid', `the Codex channel key ${problem}`);

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The claims of a JWT (its payload, unverified: the gateway only reads what the token says of itself). */
export function jwtClaims(token: string | undefined): Record<string, unknown> | undefined {
  if (!token) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return isObject(claims) ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** The ChatGPT account id a token names (`https://api.openai.com/auth` → `chatgpt_account_id`). */
export function accountIdOf(token: string | undefined): string | undefined {
  const auth = jwtClaims(token)?.[OPENAI_AUTH_CLAIM];
  return isObject(auth) ? str(auth.chatgpt_account_id) : undefined;
}

/** The e-mail address an id token (`email`) or access token (its profile claim) names. */
export function emailOf(token: string | undefined): string | undefined {
  const claims = jwtClaims(token);
  if (!claims) return undefined;
  const profile = claims[OPENAI_PROFILE_CLAIM];
  return str(claims.email) ?? (isObject(profile) ? str(profile.email) : undefined);
}

/** Unix milliseconds of a token's `exp`, or undefined for a token that is not a JWT or has none. */
export function tokenExpiry(token: string | undefined): number | undefined {
  const exp = jwtClaims(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) && exp > 0 ? exp * 1000 : undefined;
}

/** A time as keys write it: unix seconds or milliseconds (number or digits), or an ISO 8601 date. */
function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value > 1e12 ? value : value * 1000;
  const text = str(value);
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return timeOf(Number(text));
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

/**
 * Reads a Codex channel key. A key that is not a JSON object, or holds no token, is a channel
 * configuration error (the channel's fault, told to the administrator as such).
 */
export function parseCodexKey(text: string): CodexKey {
  const raw = text.trim();
  if (!raw.startsWith('{')) throw invalid('must be a JSON object with access_token, refresh_token and account_id (or the Codex CLI auth.json)');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw invalid('is not valid JSON');
  }
  if (!isObject(value)) throw invalid('must be a JSON object');
  const source = isObject(value.tokens) ? value.tokens : value;
  const accessToken = str(source.access_token) ?? '';
  const refreshToken = str(source.refresh_token) ?? '';
  if (!accessToken && !refreshToken) throw invalid('holds neither access_token nor refresh_token');
  const idToken = str(source.id_token);
  const accountId = str(source.account_id) ?? str(value.account_id) ?? accountIdOf(idToken) ?? accountIdOf(accessToken) ?? '';
  const email = str(source.email) ?? str(value.email) ?? emailOf(idToken) ?? emailOf(accessToken);
  const expiresAt = tokenExpiry(accessToken) ?? timeOf(source.expired ?? source.expires_at ?? value.expired ?? value.expires_at);
  const lastRefresh = str(source.last_refresh) ?? str(value.last_refresh);
  return { accessToken, refreshToken, accountId, ...(idToken ? { idToken } : {}), ...(email ? { email } : {}), ...(expiresAt ? { expiresAt } : {}), ...(lastRefresh ? { lastRefresh } : {}) };
}

const iso = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The key text as written back to the channel (new-api's shape, on one line). */
export function serializeCodexKey(key: CodexKey): string {
  return JSON.stringify({
    type: 'codex',
    access_token: key.accessToken,
    refresh_token: key.refreshToken,
    ...(key.idToken ? { id_token: key.idToken } : {}),
    account_id: key.accountId,
    ...(key.email ? { email: key.email } : {}),
    ...(key.expiresAt ? { expired: iso(key.expiresAt) } : {}),
    ...(key.lastRefresh ? { last_refresh: key.lastRefresh } : {}),
  });
}

/** What the token endpoint answered (a refresh may omit the refresh and id tokens: the old ones stay). */
export interface CodexTokens {
  accessToken: string;
  refreshToken?: string;
  idToken?: string;
  /** Seconds the access token lives. */
  expiresIn?: number;
}

/** The key after the token endpoint answered, issued at `now` (unix ms). */
export function keyFromTokens(tokens: CodexTokens, now: number, previous?: CodexKey): CodexKey {
  const idToken = tokens.idToken ?? previous?.idToken;
  const accountId = previous?.accountId || accountIdOf(idToken) || accountIdOf(tokens.accessToken) || '';
  const email = previous?.email ?? emailOf(idToken) ?? emailOf(tokens.accessToken);
  const expiresAt = tokenExpiry(tokens.accessToken) ?? (tokens.expiresIn && tokens.expiresIn > 0 ? now + tokens.expiresIn * 1000 : undefined);
  return {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? previous?.refreshToken ?? '',
    accountId,
    ...(idToken ? { idToken } : {}),
    ...(email ? { email } : {}),
    ...(expiresAt ? { expiresAt } : {}),
    lastRefresh: iso(now),
  };
}

/** Whether the access token is missing or expires within `marginMs` of `now` (a token of unknown expiry is kept). */
export function needsRefresh(key: CodexKey, now: number, marginMs: number): boolean {
  if (!key.accessToken) return true;
  return key.expiresAt !== undefined && key.expiresAt - marginMs <= now;
}

/** The account facts the console shows (never a token). */
export function accountInfoOf(key: CodexKey): { account_id: string; email?: string; expires_at?: string; last_refresh?: string } {
  return {
    account_id: key.accountId,
    ...(key.email ? { email: key.email } : {}),
    ...(key.expiresAt ? { expires_at: iso(key.expiresAt) } : {}),
    ...(key.lastRefresh ? { last_refresh: key.lastRefresh } : {}),
  };
}
