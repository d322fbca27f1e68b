import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.js';
import { NotFoundError, ValidationError } from '../http/errors.js';
import { actorOf, requireUser } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import { sessionIdOf, type SessionStore } from './session-store.js';

const SESSION_ID = /^[0-9a-f]{64}$/;

/** The id of the session the request came with; none for a personal access token. */
function currentSessionId(req: FastifyRequest): string | undefined {
  const cookie = req.cookies[SESSION_COOKIE];
  return cookie && !actorOf(req).viaAccessToken ? sessionIdOf(cookie) : undefined;
}

/** The signed-in user's own sessions under /api/user/sessions: list them, end one, end all the others. */
export async function sessionsRoutes(app: FastifyInstance, deps: { sessions: SessionStore }) {
  const { sessions } = deps;

  app.get('/sessions', { preHandler: requireUser }, async (req) => {
    const current = currentSessionId(req);
    return ok((await sessions.list(actorOf(req).id)).map((s) => ({ ...s, current: s.id === current })));
  });

  app.delete('/sessions/:sid', { preHandler: requireUser }, async (req, reply) => {
    const { sid } = req.params as { sid: string };
    if (!SESSION_ID.test(sid)) throw new ValidationError('the session id must be the 64-character id GET /api/user/sessions lists', { field: 'sid' });
    if (!(await sessions.destroyById(actorOf(req).id, sid))) throw new NotFoundError('session');
    if (sid === currentSessionId(req)) reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(undefined, 'session ended');
  });

  // With a personal access token there is no current session to keep: every session ends.
  app.post('/sessions/revoke-others', { preHandler: requireUser }, async (req) =>
    ok({ revoked: await sessions.destroyOthers(actorOf(req).id, currentSessionId(req) ?? '') }, 'other sessions ended'),
  );
}
