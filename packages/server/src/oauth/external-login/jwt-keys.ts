import { createPublicKey, type KeyObject, type JsonWebKey } from 'node:crypto';

/**
 * The JWS algorithms a JWT sign-in accepts, by family. Anything else, `none` above all, is refused, and the
 * family allowed is fixed by how the provider is configured, never by the token (no algorithm confusion).
 */
export const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;
export const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;
export type AsymmetricAlgorithm = (typeof ASYMMETRIC_ALGORITHMS)[number];
export type HmacAlgorithm = (typeof HMAC_ALGORITHMS)[number];

/** RSA keys shorter than this are refused (RFC 7518 §3.3 requires 2048 bits). */
const RSA_MIN_BITS = 2048;
const EC_CURVES: Record<string, 'ES256' | 'ES384' | 'ES512'> = { 'P-256': 'ES256', prime256v1: 'ES256', 'P-384': 'ES384', secp384r1: 'ES384', 'P-521': 'ES512', secp521r1: 'ES512' };

/** A key that cannot be used, with a reason fit for the administrator (or the person signing in). */
export class KeyError extends Error {}

/** Whether `key` may check a signature made with `alg`: the key type, curve and size must fit it. */
export function keyFitsAlgorithm(key: KeyObject, alg: AsymmetricAlgorithm): boolean {
  const type = key.asymmetricKeyType;
  const details = key.asymmetricKeyDetails ?? {};
  if (alg.startsWith('RS') || alg.startsWith('PS')) return (type === 'rsa' || (type === 'rsa-pss' && alg.startsWith('PS'))) && (details.modulusLength ?? 0) >= RSA_MIN_BITS;
  if (alg.startsWith('ES')) return type === 'ec' && EC_CURVES[details.namedCurve ?? ''] === alg;
  return type === 'ed25519';
}

/** Checks that a public key can verify some accepted algorithm (RSA of 2048 bits or more, P-256/384/521, Ed25519). */
function checkUsable(key: KeyObject): KeyObject {
  if (key.type !== 'public') throw new KeyError('not a public key');
  if (!ASYMMETRIC_ALGORITHMS.some((alg) => keyFitsAlgorithm(key, alg))) {
    throw new KeyError('unsupported key: use RSA (2048 bits or more), EC P-256/P-384/P-521 or Ed25519');
  }
  return key;
}

/** A PEM public key (SPKI or PKCS#1) as saved in a provider's public_key. */
export function parsePemPublicKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem.trim(), format: 'pem' });
  } catch {
    throw new KeyError('public_key is not a readable PEM public key');
  }
  return checkUsable(key);
}

/** One entry of a JWKS document, as published. */
export interface Jwk extends JsonWebKey {
  kid?: string;
  use?: string;
  alg?: string;
  key_ops?: string[];
}

/**
 * A JWKS entry as a public key, when it is a signing key usable for `alg`: `use` absent or "sig", `alg`
 * absent or equal, no private parts. Answers null for a key that does not fit.
 */
export function jwkToKey(jwk: Jwk, alg: AsymmetricAlgorithm): KeyObject | null {
  if (jwk.use !== undefined && jwk.use !== 'sig') return null;
  if (jwk.alg !== undefined && jwk.alg !== alg) return null;
  if (jwk.key_ops !== undefined && !(Array.isArray(jwk.key_ops) && jwk.key_ops.includes('verify'))) return null;
  if (jwk.kty !== 'RSA' && jwk.kty !== 'EC' && jwk.kty !== 'OKP') return null;
  // Only the public members: a JWKS that leaks a private key must not make us sign-capable or confused.
  const pub: JsonWebKey =
    jwk.kty === 'RSA' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : jwk.kty === 'EC' ? { kty: 'EC', crv: jwk.crv, x: jwk.x, y: jwk.y } : { kty: 'OKP', crv: jwk.crv, x: jwk.x };
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pub, format: 'jwk' });
  } catch {
    return null;
  }
  return keyFitsAlgorithm(key, alg) ? key : null;
}
