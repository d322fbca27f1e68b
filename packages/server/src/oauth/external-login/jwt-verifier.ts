import { constants, createHmac, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import { EXTERNAL_JWT_MAX } from '@gw/contracts';
import { ASYMMETRIC_ALGORITHMS, HMAC_ALGORITHMS, jwkToKey, KeyError, keyFitsAlgorithm, parsePemPublicKey, type AsymmetricAlgorithm, type HmacAlgorithm } from './jwt-keys.js';
import type { JwksCache } from './jwks-cache.js';

/** Seconds of disagreement between our clock and the identity provider's that exp, nbf and iat tolerate. */
export const CLOCK_SKEW_SECONDS = 60;
/** At most this many published keys are tried for a token without a `kid`. */
const MAX_CANDIDATES = 8;

/** Where a provider's signing key comes from; the kind alone decides which algorithms are acceptable. */
export type JwtKeySource = { kind: 'jwks'; url: string } | { kind: 'pem'; pem: string } | { kind: 'hmac'; secret: string };

export interface JwtExpectations {
  issuer: string;
  audience: string;
  key: JwtKeySource;
}

/** A refused token; the message says why without repeating the token. */
export class JwtRejectedError extends Error {}

const JWT_FORMAT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HASHES = { '256': 'sha256', '384': 'sha384', '512': 'sha512' } as const;
/** ECDSA signatures are r || s of these lengths (RFC 7518 §3.4). */
const ES_SIGNATURE_BYTES = { ES256: 64, ES384: 96, ES512: 132 } as const;

const reject = (message: string): never => {
  throw new JwtRejectedError(message);
};

function decodeJson(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return reject(`the token's ${what} is not valid JSON`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return reject(`the token's ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

const hashOf = (alg: string) => HASHES[alg.slice(2) as keyof typeof HASHES];

function verifyAsymmetric(alg: AsymmetricAlgorithm, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    if (alg === 'EdDSA') return verify(null, data, key, signature);
    if (alg.startsWith('ES')) {
      if (signature.length !== ES_SIGNATURE_BYTES[alg as keyof typeof ES_SIGNATURE_BYTES]) return false;
      return verify(hashOf(alg), data, { key, dsaEncoding: 'ieee-p1363' }, signature);
    }
    if (alg.startsWith('PS')) return verify(hashOf(alg), data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST }, signature);
    return verify(hashOf(alg), data, key, signature);
  } catch {
    return false;
  }
}

function verifyHmac(alg: HmacAlgorithm, secret: string, data: Buffer, signature: Buffer): boolean {
  const expected = createHmac(hashOf(alg), secret).update(data).digest();
  return expected.length === signature.length && timingSafeEqual(expected, signature);
}

/** The published keys that may have signed the token: the one its `kid` names, else every key that fits `alg`. */
async function candidateKeys(jwks: JwksCache, url: string, alg: AsymmetricAlgorithm, kid: string | undefined): Promise<KeyObject[]> {
  if (kid !== undefined) {
    let jwk = (await jwks.keys(url)).find((k) => k.kid === kid);
    // An unknown kid: the provider may have rotated its keys since we fetched them.
    if (!jwk) jwk = (await jwks.keys(url, { refresh: true })).find((k) => k.kid === kid);
    if (!jwk) return reject(`no signing key with the token's kid is published at the provider's jwks_url`);
    const key = jwkToKey(jwk, alg);
    return key ? [key] : reject(`the published key named by the token's kid cannot verify ${alg} signatures`);
  }
  const keys = (await jwks.keys(url)).map((k) => jwkToKey(k, alg)).filter((k): k is KeyObject => k !== null);
  if (keys.length === 0) return reject(`no published signing key can verify ${alg} signatures`);
  return keys.slice(0, MAX_CANDIDATES);
}

function checkClaims(claims: Record<string, unknown>, expect: JwtExpectations, now: number): void {
  const time = (name: string) => {
    const v = claims[name];
    if (v === undefined) return undefined;
    return typeof v === 'number' && Number.isFinite(v) ? v : reject(`the token's ${name} is not a number`);
  };
  const exp = time('exp');
  if (exp === undefined) reject('the token has no expiry (exp)');
  else if (now > exp + CLOCK_SKEW_SECONDS) reject('the token has expired');
  const nbf = time('nbf');
  if (nbf !== undefined && now + CLOCK_SKEW_SECONDS < nbf) reject('the token is not valid yet (nbf)');
  const iat = time('iat');
  if (iat !== undefined && now + CLOCK_SKEW_SECONDS < iat) reject('the token was issued in the future (iat)');
  if (claims.iss !== expect.issuer) reject('the token was not issued by the configured issuer');
  const aud = claims.aud;
  const audiences = typeof aud === 'string' ? [aud] : Array.isArray(aud) ? aud.filter((a): a is string => typeof a === 'string') : [];
  if (!audiences.includes(expect.audience)) reject('the token is not meant for this site (audience)');
}

/**
 * Checks a compact JWS (a JWT) and answers its claims: the signature with the provider's configured key,
 * then exp (required), nbf and iat with {@link CLOCK_SKEW_SECONDS} of skew, iss and aud. The algorithms
 * accepted follow from the key source: HS256/384/512 with an HMAC secret only, the asymmetric ones with a
 * JWKS or PEM key only; `none`, unknown algorithms and `crit` extensions are refused, and the token's own
 * key hints (jku, x5u, jwk) are never followed.
 */
export async function verifyJwt(token: string, expect: JwtExpectations, deps: { jwks: JwksCache; now: number }): Promise<Record<string, unknown>> {
  if (token.length > EXTERNAL_JWT_MAX) reject('the token is too long');
  if (!JWT_FORMAT.test(token)) reject('the token is not a JWT (three base64url parts separated by dots)');
  const [headerPart, payloadPart, signaturePart] = token.split('.');
  const header = decodeJson(headerPart, 'header');
  const alg = header.alg;
  if (typeof alg !== 'string' || alg === '') return reject('the token names no signing algorithm');
  if (alg.toLowerCase() === 'none') return reject('unsigned tokens (alg none) are refused');
  if (header.crit !== undefined) return reject('the token requires extensions this site does not support (crit)');
  const kid = header.kid;
  if (kid !== undefined && typeof kid !== 'string') return reject("the token's kid is not text");
  if (!BASE64URL.test(signaturePart) || signaturePart === '') return reject('the token has no signature');
  const signature = Buffer.from(signaturePart, 'base64url');
  const data = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii');

  const { key } = expect;
  let valid: boolean;
  if (key.kind === 'hmac') {
    if (!(HMAC_ALGORITHMS as readonly string[]).includes(alg)) return reject(`${alg} tokens are refused: this provider signs with a shared secret (HS256, HS384, HS512)`);
    valid = verifyHmac(alg as HmacAlgorithm, key.secret, data, signature);
  } else {
    if (!(ASYMMETRIC_ALGORITHMS as readonly string[]).includes(alg)) return reject(`${alg} tokens are refused: this provider signs with a public key (RS, PS, ES or EdDSA)`);
    const asym = alg as AsymmetricAlgorithm;
    let keys: KeyObject[];
    if (key.kind === 'pem') {
      let pem: KeyObject;
      try {
        pem = parsePemPublicKey(key.pem);
      } catch (err) {
        return reject(err instanceof KeyError ? `the provider's public key is unusable: ${err.message}` : 'the provider\'s public key is unusable');
      }
      if (!keyFitsAlgorithm(pem, asym)) return reject(`the configured public key cannot verify ${alg} signatures`);
      keys = [pem];
    } else {
      keys = await candidateKeys(deps.jwks, key.url, asym, kid);
    }
    valid = keys.some((k) => verifyAsymmetric(asym, k, data, signature));
  }
  if (!valid) reject('the token signature is invalid');

  const claims = decodeJson(payloadPart, 'payload');
  checkClaims(claims, expect, deps.now);
  return claims;
}
