import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  OAUTH_BIND_MESSAGE,
  OAUTH_STATE_TTL_SECONDS,
  OAuthCallbackQuery,
  OAuthStateQuery,
  REDIRECT_PROVIDERS,
  TelegramAuthQuery,
  WeChatQuery,
  type OAuthCallbackResponse,
  type OAuthStateResponse,
  type TwoFactorChallenge,
} from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { AppError, UnauthorizedError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import { SESSION_TTL_SECONDS } from '../auth/session-store.js';
import { signedInUser, type CallbackOutcome, type OAuthService } from './oauth.service.js';
import { boundFrame, failedFrame, signedInFrame, twoFactorFrame } from './wechat-frame.js';
import type { SecondFactor } from '../auth/second-factor.js';
import type { UserRow } from '../db/schema.js';

export interface OAuthRouteDeps {
  oauth: OAuthService;
  secureCookies: boolean | 'auto';
  rateLimit: (req: FastifyRequest) => Promise<void>;
  /** Two-factor sign-in: a user who has it on gets a challenge instead of a session. */
  secondFactor?: SecondFactor;
}

/** The cookie that ties a state to the browser it was given to. */
export const STATE_COOKIE = 'oauth_state';

/** Third-party sign-in and binding, mounted under /api/oauth. */
export async function oauthRoutes(app: FastifyInstance, deps: OAuthRouteDeps) {
  const { oauth, rateLimit } = deps;
  const secure = (req: FastifyRequest) => (deps.secureCookies === 'auto' ? req.protocol === 'https' : deps.secureCookies);
  // URL.origin drops a default port, so the return address is the one registered at the provider.
  const siteOrigin = (req: FastifyRequest) => oauth.siteOrigin(new URL(`${req.protocol}://${req.host}`).origin);

  const setStateCookie = (req: FastifyRequest, reply: FastifyReply, state: string) =>
    // SameSite=None (HTTPS only) lets the cookie reach the WeChat frame's return, a cross-site navigation inside an iframe.
    reply.setCookie(STATE_COOKIE, state, { path: '/api/oauth', httpOnly: true, sameSite: secure(req) ? 'none' : 'lax', secure: secure(req), maxAge: OAUTH_STATE_TTL_SECONDS });
  const takeStateCookie = (req: FastifyRequest, reply: FastifyReply) => {
    reply.clearCookie(STATE_COOKIE, { path: '/api/oauth' });
    return req.cookies[STATE_COOKIE];
  };

  /**
   * Signs the user in with a new session cookie, or, for a user with a second factor, starts no session and
   * answers the challenge: the login page's two-factor step finishes that sign-in.
   */
  async function signIn(req: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<TwoFactorChallenge | null> {
    const challenge = await deps.secondFactor?.challengeFor(user);
    if (challenge) return challenge;
    const cookie = await oauth.startSession(user, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    reply.setCookie(SESSION_COOKIE, cookie, { path: '/', httpOnly: true, sameSite: 'lax', secure: secure(req), maxAge: SESSION_TTL_SECONDS });
    return null;
  }

  /** Answers a finished callback: "bind", the signed-in user, or the two-factor challenge. */
  async function answer(req: FastifyRequest, reply: FastifyReply, outcome: CallbackOutcome): Promise<OAuthCallbackResponse> {
    if (outcome.kind === 'bound') return ok(undefined, OAUTH_BIND_MESSAGE);
    const challenge = await signIn(req, reply, outcome.user);
    const body: OAuthCallbackResponse = challenge ? ok(challenge as never, 'two-factor authentication required') : ok(signedInUser(outcome.user));
    if (outcome.loginParams) body.oauth_login_params = outcome.loginParams;
    return body;
  }

  app.get('/state', { preHandler: rateLimit }, async (req, reply): Promise<OAuthStateResponse> => {
    const query = parseInput(OAuthStateQuery, req.query);
    const { state, authorizeUrl } = await oauth.createState({
      provider: query.provider,
      userId: req.actor?.id ?? null,
      aff: query.aff,
      loginParams: query.oauth_login_params,
      siteOrigin: siteOrigin(req),
    });
    setStateCookie(req, reply, state);
    return authorizeUrl ? { ...ok(state), authorize_url: authorizeUrl } : ok(state);
  });

  /** A provider's return: signs in, or binds the account to the signed-in user. */
  async function completeCallback(provider: string, req: FastifyRequest, reply: FastifyReply): Promise<OAuthCallbackResponse> {
    const query = parseInput(OAuthCallbackQuery, req.query);
    const outcome = await oauth.completeCodeFlow(provider, {
      code: query.code,
      state: query.state,
      cookieState: takeStateCookie(req, reply),
      userId: req.actor?.id ?? null,
      siteOrigin: siteOrigin(req),
    });
    return answer(req, reply, outcome);
  }

  for (const provider of REDIRECT_PROVIDERS) {
    app.get(`/${provider}`, { preHandler: rateLimit }, (req, reply) => completeCallback(provider, req, reply));
  }
  // Any other name is a custom provider's slug, in any case as the state query takes it (the fixed routes of this plugin take precedence).
  app.get('/:provider', { preHandler: rateLimit }, (req, reply) => completeCallback((req.params as { provider: string }).provider.toLowerCase(), req, reply));

  app.get('/telegram/login', { preHandler: rateLimit }, async (req, reply) => {
    const fields = telegramFields(req.query);
    return answer(req, reply, await oauth.completeTelegram(fields, { aff: fields.aff ?? '' }));
  });

  app.get('/telegram/bind', { preHandler: [requireUser, rateLimit] }, async (req, reply) => {
    return answer(req, reply, await oauth.completeTelegram(telegramFields(req.query), { bindTo: actorOf(req).id }));
  });

  // The WeChat QR frame: without a code it goes to WeChat's QR page; WeChat sends the frame back here with one.
  app.get('/wechat', { preHandler: rateLimit }, async (req, reply) => {
    const query = parseInput(WeChatQuery, req.query);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    try {
      if (!query.code) {
        const { state, authorizeUrl } = await oauth.createState({
          provider: 'wechat', userId: null, aff: query.aff, loginParams: '', next: query.next, siteOrigin: siteOrigin(req),
        });
        setStateCookie(req, reply, state);
        return reply.redirect(authorizeUrl!, 302);
      }
      const outcome = await oauth.completeCodeFlow('wechat', {
        code: query.code,
        state: query.state ?? '',
        cookieState: takeStateCookie(req, reply),
        userId: await oauth.userOfSessionCookie(req.cookies[SESSION_COOKIE]),
        siteOrigin: siteOrigin(req),
      });
      if (outcome.kind === 'bound') return boundFrame();
      const challenge = await signIn(req, reply, outcome.user);
      return challenge ? twoFactorFrame(challenge) : signedInFrame(signedInUser(outcome.user), outcome.next);
    } catch (err) {
      if (err instanceof AppError) return failedFrame(err.message);
      throw err;
    }
  });

  // Binding from the personal page's frame: the session cookie names the user the state is made for.
  app.get('/wechat/bind', { preHandler: rateLimit }, async (req, reply) => {
    const userId = await oauth.userOfSessionCookie(req.cookies[SESSION_COOKIE]);
    if (userId === null) throw new UnauthorizedError();
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    try {
      const { state, authorizeUrl } = await oauth.createState({ provider: 'wechat', userId, aff: '', loginParams: '', siteOrigin: siteOrigin(req) });
      setStateCookie(req, reply, state);
      return reply.redirect(authorizeUrl!, 302);
    } catch (err) {
      if (err instanceof AppError) return failedFrame(err.message);
      throw err;
    }
  });
}

/** The widget's fields as plain strings (what its hash covers). */
function telegramFields(query: unknown): Record<string, string> {
  const parsed = parseInput(TelegramAuthQuery, query);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') fields[k] = v;
  return fields;
}
