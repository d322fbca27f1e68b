import type { SignedInUser } from '@gw/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import type { SessionStore } from '../auth/session-store.js';
import { cookieSecureFor, setSessionCookie } from '../auth/session-cookie.js';

export interface SessionDeps {
  sessions: SessionStore;
  secureCookies: boolean | 'auto';
}

export type { SignedInUser };

/** Starts a session for a user who passed the second factor (or a passkey) and sets the cookie. */
export async function startSignedInSession(req: FastifyRequest, reply: FastifyReply, deps: SessionDeps, user: UserRow): Promise<SignedInUser> {
  const value = await deps.sessions.create(user.id, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
  setSessionCookie(reply, value, cookieSecureFor(req, deps.secureCookies));
  return { id: user.id, username: user.username, display_name: user.display_name, role: user.role, status: user.status, group: user.group };
}

/** The address the browser used, for passkeys when no ServerAddress is configured. */
export function requestOrigin(req: FastifyRequest): string {
  const origin = req.headers.origin;
  if (typeof origin === 'string' && /^https?:\/\/[^/\s]+$/i.test(origin)) return origin;
  return `${req.protocol}://${req.host}`;
}
