import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../http/request-context.js';
import { SESSION_TTL_SECONDS } from './session-store.js';

/** The session cookie every sign-in method sets (password, phone, third-party). */
export function setSessionCookie(reply: FastifyReply, value: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_TTL_SECONDS });
}

/** Whether the cookie gets the Secure flag: the configured choice, or (auto) when the request came over https. */
export function cookieSecureFor(request: FastifyRequest, setting: boolean | 'auto'): boolean {
  return setting === 'auto' ? request.protocol === 'https' : setting;
}
