import type { FastifyRequest } from 'fastify';
import { actorOf } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import type { SecureVerificationService, VerifyingCaller } from './secure-verification.service.js';

/** The signed-in caller as secure verification sees it: the session cookie, unless an access token was used. */
export function verifyingCallerOf(request: FastifyRequest): VerifyingCaller {
  const actor = actorOf(request);
  const cookie = request.cookies?.[SESSION_COOKIE];
  return { id: actor.id, username: actor.username, session: cookie && !actor.viaAccessToken ? cookie : undefined };
}

/**
 * new-api's SecureVerificationRequired as a preHandler, put after the route's role guard: the caller's session
 * must have passed POST /api/verify (or a passkey check) within the last five minutes, otherwise a 403 with
 * code VERIFICATION_REQUIRED / VERIFICATION_EXPIRED and the methods the caller can verify with.
 */
export function secureVerificationGuard(verification: SecureVerificationService) {
  return async function requireSecureVerification(request: FastifyRequest): Promise<void> {
    await verification.assertVerified(verifyingCallerOf(request));
  };
}
