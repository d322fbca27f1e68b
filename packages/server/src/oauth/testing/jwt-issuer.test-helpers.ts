import { constants, createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, send } from './fake-server-io.test-helpers.js';

export type TestAlg = 'RS256' | 'PS256' | 'ES256' | 'EdDSA';

interface KeyPair {
  kid: string;
  alg: TestAlg;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

function newPair(kid: string, alg: TestAlg): KeyPair {
  const pair =
    alg === 'ES256'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : alg === 'EdDSA'
        ? generateKeyPairSync('ed25519')
        : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid, alg, ...pair };
}

/** Signs `header.payload` as a JWS of `alg` would be (ES256 in JOSE's r||s form). */
function signWith(alg: TestAlg, key: KeyObject, data: string): Buffer {
  if (alg === 'EdDSA') return sign(null, Buffer.from(data), key);
  if (alg === 'ES256') return sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' });
  if (alg === 'PS256') return sign('sha256', Buffer.from(data), { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
  return sign('sha256', Buffer.from(data), key);
}

/** A compact JWT from an explicit header, payload and signature function. */
export function encodeJwt(header: Record<string, unknown>, payload: unknown, signer: (data: string) => Buffer | string): string {
  const data = `${b64(header)}.${b64(payload)}`;
  const sig = signer(data);
  return `${data}.${typeof sig === 'string' ? sig : sig.toString('base64url')}`;
}

/** An HS256/384/512 token signed with `secret`. */
export function signHmacJwt(secret: string | Buffer, payload: unknown, header: Record<string, unknown> = {}, alg: 'HS256' | 'HS384' | 'HS512' = 'HS256'): string {
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  return encodeJwt({ alg, typ: 'JWT', ...header }, payload, (data) => createHmac(hash, secret).update(data).digest());
}

export interface JwtIssuer {
  /** The issuer URL (also the base of its discovery document and JWKS). */
  url: string;
  jwksUrl: string;
  wellKnownUrl: string;
  /** How many times the JWKS was fetched. */
  jwksFetches(): number;
  /** A token signed with the current key of `alg` (its kid in the header unless `kid: null`). */
  sign(payload: unknown, opts?: { alg?: TestAlg; kid?: string | null; header?: Record<string, unknown> }): string;
  /** Claims valid for a minute, for `sub` and the audience. */
  claims(sub: string, audience: string, extra?: Record<string, unknown>): Record<string, unknown>;
  /** The RSA key's PEM (SPKI) public key. */
  publicKeyPem(): string;
  /** Replaces the RSA key by a new one (new kid), as a provider rotating its keys. */
  rotate(): void;
  /** What the well-known address answers (a body, or raw text for broken documents). */
  setDiscovery(body: unknown): void;
  close(): Promise<void>;
}

/** A local OpenID Provider: a discovery document, a JWKS (RSA, EC and Ed25519 keys) and a token signer. */
export async function startJwtIssuer(): Promise<JwtIssuer> {
  let keys = [newPair('rsa-1', 'RS256'), newPair('ec-1', 'ES256'), newPair('ed-1', 'EdDSA')];
  let fetches = 0;
  let rotation = 1;
  let discovery: unknown = null;
  const server: Server = createServer((req, res) => {
    if (req.url === '/jwks') {
      fetches++;
      return send(res, 200, {
        keys: keys.map((k) => ({ ...k.publicKey.export({ format: 'jwk' }), kid: k.kid, use: 'sig', ...(k.alg === 'EdDSA' ? {} : { alg: k.alg }) })),
      });
    }
    if (req.url === '/.well-known/openid-configuration') {
      if (typeof discovery === 'string') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(discovery);
      }
      return send(res, 200, discovery ?? defaultDiscovery());
    }
    send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const defaultDiscovery = () => ({
    issuer: url,
    authorization_endpoint: `${url}/authorize`,
    token_endpoint: `${url}/token`,
    userinfo_endpoint: `${url}/userinfo`,
    jwks_uri: `${url}/jwks`,
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    response_types_supported: ['code'],
  });
  const keyFor = (alg: TestAlg) => {
    const pair = keys.find((k) => k.alg === (alg === 'PS256' ? 'RS256' : alg));
    if (!pair) throw new Error(`no ${alg} key`);
    return pair;
  };

  return {
    url,
    jwksUrl: `${url}/jwks`,
    wellKnownUrl: `${url}/.well-known/openid-configuration`,
    jwksFetches: () => fetches,
    sign(payload, opts = {}) {
      const alg = opts.alg ?? 'RS256';
      const pair = keyFor(alg);
      const kid = opts.kid === undefined ? pair.kid : opts.kid;
      return encodeJwt({ alg, typ: 'JWT', ...(kid === null ? {} : { kid }), ...opts.header }, payload, (data) => signWith(alg, pair.privateKey, data));
    },
    claims(sub, audience, extra = {}) {
      const now = Math.floor(Date.now() / 1000);
      return { iss: url, aud: audience, sub, iat: now, exp: now + 60, ...extra };
    },
    publicKeyPem: () => keyFor('RS256').publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    rotate() {
      rotation++;
      keys = keys.map((k) => (k.alg === 'RS256' ? newPair(`rsa-${rotation}`, 'RS256') : k));
    },
    setDiscovery(body) {
      discovery = body;
    },
    close: () => closeServer(server),
  };
}
