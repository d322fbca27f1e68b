import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_BIND_MESSAGE, type OAuthCallbackResponse, type TwoFactorChallenge } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { SESSION_COOKIE } from '../http/request-context.js';
import { SESSION_TTL_SECONDS } from '../auth/session-store.js';
import type { SecondFactor } from '../auth/second-factor.js';
import type { UserRow } from '../db/schema.js';
import { signedInUser, type CallbackOutcome, type OAuthService } from './oauth.service.js';

export interface SignInResponderDeps {
  oauth: OAuthService;
  secureCookies: boolean | 'auto';
  /** Two-factor sign-in: a user who has it on gets a challenge instead of a session. */
  secondFactor?: SecondFactor;
}

/**
 * How every third-party sign-in ends (redirect callbacks, Telegram, WeChat, JWT and trusted-header logins):
 * the same session cookie, the same answer, and the same two-factor step.
 */
export function signInResponder(deps: SignInResponderDeps) {
  const { oauth } = deps;
  const secure = (req: FastifyRequest) => (deps.secureCookies === 'auto' ? req.protocol === 'https' : deps.secureCookies);

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

  /** Answers a finished sign-in: "bind", the signed-in user, or the two-factor challenge. */
  async function answer(req: FastifyRequest, reply: FastifyReply, outcome: CallbackOutcome): Promise<OAuthCallbackResponse> {
    if (outcome.kind === 'bound') return ok(undefined, OAUTH_BIND_MESSAGE);
    const challenge = await signIn(req, reply, outcome.user);
    const body: OAuthCallbackResponse = challenge ? ok(challenge as never, 'two-factor authentication required') : ok(signedInUser(outcome.user));
    if (outcome.loginParams) body.oauth_login_params = outcome.loginParams;
    return body;
  }

  return { secure, signIn, answer };
}
