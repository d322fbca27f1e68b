import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginBody } from '@gw/contracts';
import type { SecondFactor } from './second-factor.js';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { requireUser, actorOf } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import type { SessionStore } from './session-store.js';
import { cookieSecureFor, setSessionCookie } from './session-cookie.js';
import type { AuthService } from './auth.service.js';
import { toUserView } from '../users/user-view.js';

export interface AuthRouteDeps {
  auth: AuthService;
  sessions: SessionStore;
  secureCookies: boolean | 'auto';
  rateLimit: (req: FastifyRequest) => Promise<void>;
  /** Turnstile, when the site turns it on (captcha/turnstile.ts). */
  humanCheck: (req: FastifyRequest) => Promise<void>;
  /** Two-factor sign-in (two-factor/): a user with it enabled gets a pending token instead of a session. */
  secondFactor?: SecondFactor;
}

/** Sign-in, sign-out and the personal access token, mounted under /api/user. */
export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, sessions } = deps;

  app.post('/login', { preHandler: [deps.rateLimit, deps.humanCheck] }, async (req, reply) => {
    const { user, usesDefaultPassword } = await auth.login(parseInput(LoginBody, req.body), req.ip);
    const challenge = await deps.secondFactor?.challengeFor(user);
    if (challenge) return ok(challenge, 'two-factor authentication required');
    const value = await sessions.create(user.id, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    setSessionCookie(reply, value, cookieSecureFor(req, deps.secureCookies));
    const view = toUserView(user);
    return ok(
      { id: view.id, username: view.username, display_name: view.display_name, role: view.role, status: view.status, group: view.group, default_password_warning: usesDefaultPassword },
      usesDefaultPassword ? 'you are using the default password; change it now' : '',
    );
  });

  app.get('/logout', async (req, reply) => {
    const cookie = req.cookies[SESSION_COOKIE];
    if (cookie) await sessions.destroy(cookie);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok(undefined, 'signed out');
  });

  app.get('/token', { preHandler: requireUser }, async (req) => ok(await auth.resetAccessToken(actorOf(req).id)));
}
