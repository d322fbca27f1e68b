import { createSign } from 'node:crypto';
import type { UpstreamHttpClient } from '../../platform/http-client.js';
import { ChannelConfigError } from '../../channels/channel-config-error.js';

interface ServiceAccount {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const TOKEN_LIFETIME_S = 3600;
const REFRESH_MARGIN_MS = 5 * 60_000;

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

/**
 * OAuth2 access tokens for Google service accounts (Vertex AI channels): a JWT signed with the
 * account's private key (RS256) is exchanged at its token URI; tokens are cached per account and scope
 * set until five minutes before they expire, and concurrent requests share one exchange.
 */
export class GoogleAuth {
  private cache = new Map<string, { token: string; expiresAt: number } | Promise<string>>();

  constructor(private readonly http: UpstreamHttpClient) {}

  /** A token for the account and scopes; a new one is exchanged through `proxy` (the channel's) when given. */
  async accessToken(serviceAccountJson: string, scopes: string[], proxy?: string): Promise<string> {
    const account = parseAccount(serviceAccountJson);
    const cacheKey = `${account.client_email}|${scopes.join(' ')}`;
    const cached = this.cache.get(cacheKey);
    if (cached instanceof Promise) return cached;
    if (cached && cached.expiresAt - REFRESH_MARGIN_MS > Date.now()) return cached.token;
    const pending = this.exchange(account, scopes, proxy)
      .then(({ token, expiresIn }) => {
        this.cache.set(cacheKey, { token, expiresAt: Date.now() + expiresIn * 1000 });
        return token;
      })
      .catch((err) => {
        this.cache.delete(cacheKey);
        throw err;
      });
    this.cache.set(cacheKey, pending);
    return pending;
  }

  private async exchange(account: ServiceAccount, scopes: string[], proxy: string | undefined): Promise<{ token: string; expiresIn: number }> {
    const tokenUri = account.token_uri || DEFAULT_TOKEN_URI;
    const now = Math.floor(Date.now() / 1000);
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const claims = b64url(JSON.stringify({ iss: account.client_email, scope: scopes.join(' '), aud: tokenUri, iat: now, exp: now + TOKEN_LIFETIME_S }));
    let signature: string;
    try {
      signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key).toString('base64url');
    } catch {
      throw new ChannelConfigError('channel:credentials_invalid', 'the service account private key cannot sign (is it a PEM RSA key?)');
    }
    const body = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: `${header}.${claims}.${signature}` }).toString();
    const res = await this.http.request({ method: 'POST', url: tokenUri, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, proxy });
    const text = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`the Google token exchange answered HTTP ${res.statusCode}`);
    const json = JSON.parse(text) as { access_token?: string; expires_in?: number };
    if (!json.access_token) throw new Error('the Google token exchange returned no access token');
    return { token: json.access_token, expiresIn: json.expires_in ?? TOKEN_LIFETIME_S };
  }
}

function parseAccount(raw: string): ServiceAccount {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new ChannelConfigError('channel:credentials_invalid', 'the channel key must be a service account JSON');
  }
  const a = value as Partial<ServiceAccount>;
  if (!a || typeof a.client_email !== 'string' || typeof a.private_key !== 'string') {
    throw new ChannelConfigError('channel:credentials_invalid', 'the service account JSON needs client_email and private_key');
  }
  return a as ServiceAccount;
}
