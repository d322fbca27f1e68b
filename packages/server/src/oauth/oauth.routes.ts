import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  OAUTH_STATE_TTL_SECONDS,
  OAuthCallbackQuery,
  OAuthStateQuery,
  REDIRECT_PROVIDERS,
  TelegramAuthQuery,
  WeChatQuery,
  type OAuthCallbackResponse,
  type OAuthStateResponse,
} from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { AppError, UnauthorizedError } from '../http/errors.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import { signedInUser, type OAuthService } from './oauth.service.js';
import { signInResponder } from './sign-in-responder.js';
import { STATE_COOKIE, STATE_COOKIE_PATH, takeOAuthStateCookie } from './state-cookie.js';
import { boundFrame, failedFrame, signedInFrame, twoFactorFrame } from './wechat-frame.js';
import type { SecondFactor } from '../auth/second-factor.js';

export interface OAuthRouteDeps {
  oauth: OAuthService;
  secureCookies: boolean | 'auto';
  rateLimit: (req: FastifyRequest) => Promise<void>;
  /** Two-factor sign-in: a user who has it on gets a challenge instead of a session. */
  secondFactor?: SecondFactor;
}

/** Third-party sign-in and binding, mounted under /api/oauth. */
export async function oauthRoutes(app: FastifyInstance, deps: OAuthRouteDeps) {
  const { oauth, rateLimit } = deps;
  const { secure, signIn, answer } = signInResponder(deps);
  // URL.origin drops a default port, so the return address is the one registered at the provider.
  const siteOrigin = (req: FastifyRequest) => oauth.siteOrigin(new URL(`${req.protocol}://${req.host}`).origin);

  // Path /api: the state also reaches POST /api/auth/external/<slug>/{jwt,header}/login.
  const setStateCookie = (req: FastifyRequest, reply: FastifyReply, state: string) =>
    // SameSite=None (HTTPS only) lets the cookie reach the WeChat frame's return, a cross-site navigation inside an iframe.
    reply.setCookie(STATE_COOKIE, state, { path: STATE_COOKIE_PATH, httpOnly: true, sameSite: secure(req) ? 'none' : 'lax', secure: secure(req), maxAge: OAUTH_STATE_TTL_SECONDS });
  const takeStateCookie = (req: FastifyRequest, reply: FastifyReply) => takeOAuthStateCookie(req, reply);

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
