import { createHmac } from 'node:crypto';
import { ChannelConfigError } from '../../../channels/channel-config-error.js';

/** A Kling account's API credentials, held in the channel key as `access_key|secret_key` (new-api's format). */
export interface KlingCredentials {
  accessKey: string;
  secretKey: string;
}

export function klingCredentialsOf(key: string): KlingCredentials {
  const parts = key.split('|');
  const [accessKey, secretKey] = parts.map((p) => p.trim());
  if (parts.length !== 2 || !accessKey || !secretKey) {
    throw new ChannelConfigError('channel:credentials_invalid', 'the Kling channel key must be "access_key|secret_key" (the access key and secret key of the Kling account, joined by |)');
  }
  return { accessKey, secretKey };
}

/** How long a signed token is good for (Kling accepts at most 30 minutes) and how far back it starts (clock skew). */
export const KLING_TOKEN_TTL_SECONDS = 1800;
export const KLING_TOKEN_SKEW_SECONDS = 5;

const base64url = (text: string) => Buffer.from(text).toString('base64url');

/**
 * The bearer token Kling's API takes: a JWT signed HS256 with the secret key, `iss` the access key, valid
 * from five seconds ago for thirty minutes. A fresh one is signed for every call.
 */
export function klingToken(credentials: KlingCredentials, nowSeconds = Math.floor(Date.now() / 1000)): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iss: credentials.accessKey, exp: nowSeconds + KLING_TOKEN_TTL_SECONDS, nbf: nowSeconds - KLING_TOKEN_SKEW_SECONDS }));
  const signature = createHmac('sha256', credentials.secretKey).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** The Authorization header of a Kling call made with channel key `key`. */
export function klingAuthorization(key: string, nowSeconds?: number): string {
  return `Bearer ${klingToken(klingCredentialsOf(key), nowSeconds)}`;
}
