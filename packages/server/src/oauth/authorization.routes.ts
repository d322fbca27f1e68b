import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthorizationRequestQuery, AuthorizationStatus, AuthorizationTokenBody, AuthorizeQuery, RequestBindBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { AppError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import type { AuthorizationService } from './authorization.service.js';
import type { OAuthService } from './oauth.service.js';

export interface AuthorizationRouteDeps {
  authorization: AuthorizationService;
  oauth: OAuthService;
}

/** The incoming query as a string, with the sign-in round-trip counter replaced. */
function queryWithReloads(query: unknown, reloads: number): string {
  const params = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
      if (k !== 'reloadLogin' && typeof v === 'string') params.set(k, v);
    }
  }
  params.set('reloadLogin', String(reloads));
  return params.toString();
}

function reloadsOf(query: unknown): number {
  const raw = query && typeof query === 'object' ? (query as Record<string, unknown>).reloadLogin : undefined;
  const n = typeof raw === 'string' ? Number(raw) : 0;
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/** Third-party token authorization (spec 3 §2.10–2.11), mounted under /api. */
export async function authorizationRoutes(app: FastifyInstance, { authorization, oauth }: AuthorizationRouteDeps) {
  // A browser navigation: the session cookie says who is signed in (a navigation has no New-Api-User header).
  app.get('/oauth/authorize', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const userId = req.actor?.id ?? (await oauth.userOfSessionCookie(req.cookies[SESSION_COOKIE]));
    if (userId === null) return reply.redirect(`/oauth/login?${queryWithReloads(req.query, reloadsOf(req.query) + 1)}`, 302);
    try {
      const code = await authorization.open(userId, parseInput(AuthorizeQuery, req.query));
      return reply.redirect(`/approve?code=${encodeURIComponent(code)}`, 302);
    } catch (err) {
      if (err instanceof AppError) return reply.redirect(`/approve?error=${encodeURIComponent(err.message)}`, 302);
      throw err;
    }
  });

  app.get('/oauth/authorize/request', { preHandler: requireUser }, async (req) => {
    const { code } = parseInput(AuthorizationRequestQuery, req.query);
    return ok(await authorization.view(actorOf(req).id, code));
  });

  app.patch('/request_bind', { preHandler: requireUser }, async (req: FastifyRequest) => {
    const status = await authorization.decide(actorOf(req).id, parseInput(RequestBindBody, req.body));
    return ok({ status }, status === AuthorizationStatus.Approved ? 'authorized' : 'refused');
  });

  // The outside application's poll: public, its PKCE verifier is the credential.
  app.post('/oauth/authorize/token', async (req) => ok(await authorization.collect(parseInput(AuthorizationTokenBody, req.body).code_verifier)));
}
