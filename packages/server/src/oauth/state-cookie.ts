import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that ties a state from GET /api/oauth/state to the browser it was given to. */
export const STATE_COOKIE = 'oauth_state';
/** Sent to the redirect callbacks (/api/oauth/…) and to the external logins (/api/auth/external/…). */
export const STATE_COOKIE_PATH = '/api';

/** The browser's state cookie, cleared as it is read (a state works once). */
export function takeOAuthStateCookie(req: FastifyRequest, reply: FastifyReply): string | undefined {
  reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH });
  return req.cookies[STATE_COOKIE];
}
