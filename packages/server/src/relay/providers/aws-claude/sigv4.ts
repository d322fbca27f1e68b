/**
 * AWS Signature Version 4 request signing (HMAC-SHA256), written against the published SigV4 test
 * suite. Headers only (no presigned URLs); the payload hash is always computed.
 */
import { createHash, createHmac } from 'node:crypto';
import { merged } from '../../../platform/merged.js';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SigningRequest {
  method: string;
  /** The URL as sent: its path already URI-encoded once (e.g. `%3A` for a colon in a model id). */
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export interface SigningScope {
  region: string;
  service: string;
  credentials: AwsCredentials;
  date: Date;
  /**
   * Every service but S3 encodes the (already encoded) path once more in the canonical request, so
   * `%3A` is signed as `%253A` (default true).
   */
  uriEscapePath?: boolean;
}

export interface SignedRequest {
  /** The request headers plus x-amz-date, x-amz-security-token (with a session token) and authorization. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';

const sha256Hex = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const uriEncode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const safeDecode = (value: string): string => {
  try {
    return decodeURIComponent(value.replace(/\+/g, '%20'));
  } catch {
    return value;
  }
};

/** 20150830T123600Z */
export const amzDate = (date: Date): string => date.toISOString().replace(/[:-]|\.\d{3}/g, '');

function canonicalUri(pathname: string, escape: boolean): string {
  const path = pathname || '/';
  return escape ? path.split('/').map(uriEncode).join('/') : path;
}

/** Parameters encoded and sorted by name, then value. */
function canonicalQuery(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      const value = eq === -1 ? '' : pair.slice(eq + 1);
      return [uriEncode(safeDecode(name)), uriEncode(safeDecode(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** Lower-cased names, trimmed values with inner whitespace runs collapsed, repeated names joined by commas. */
function canonicalHeaders(headers: Record<string, string>): { text: string; signed: string } {
  const byName = new Map<string, string[]>();
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase().trim();
    const values = byName.get(key) ?? [];
    values.push(String(value).trim().replace(/\s+/g, ' '));
    byName.set(key, values);
  }
  const names = [...byName.keys()].sort();
  return { text: names.map((n) => `${n}:${byName.get(n)!.join(',')}\n`).join(''), signed: names.join(';') };
}

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const kDate = hmac(`AWS4${secretAccessKey}`, day);
  const kRegion = hmac(kDate, region);
  const kService = hmac(kRegion, service);
  return hmac(kService, 'aws4_request');
}

/** Signs every header given, plus host (taken from the URL unless given) and the x-amz-* headers it adds. */
export function signV4(request: SigningRequest, scope: SigningScope): SignedRequest {
  const url = new URL(request.url);
  const stamp = amzDate(scope.date);
  const day = stamp.slice(0, 8);
  const added: Record<string, string> = { 'x-amz-date': stamp };
  if (scope.credentials.sessionToken) added['x-amz-security-token'] = scope.credentials.sessionToken;
  const hasHost = Object.keys(request.headers).some((name) => name.toLowerCase() === 'host');
  const toSign = { ...(hasHost ? {} : { host: url.host }), ...request.headers, ...added };
  const headers = canonicalHeaders(toSign);
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(url.pathname, scope.uriEscapePath ?? true),
    canonicalQuery(url.search),
    headers.text,
    headers.signed,
    sha256Hex(request.body ?? ''),
  ].join('\n');
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`;
  const stringToSign = [ALGORITHM, stamp, credentialScope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(scope.credentials.secretAccessKey, day, scope.region, scope.service)).update(stringToSign, 'utf8').digest('hex');
  const authorization = `${ALGORITHM} Credential=${scope.credentials.accessKeyId}/${credentialScope}, SignedHeaders=${headers.signed}, Signature=${signature}`;
  return { headers: merged(request.headers, added, { authorization }), canonicalRequest, stringToSign, signature };
}
