import { createHash, randomBytes } from 'node:crypto';

/** A PKCE code verifier: 43 characters of base64url (32 random bytes), RFC 7636 §4.1. */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** The S256 challenge of a verifier: BASE64URL(SHA-256(verifier)), RFC 7636 §4.2. */
export function codeChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}
