import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PhoneLoginBody, PhoneRegisterBody, SmsCodeBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import type { SessionStore } from '../auth/session-store.js';
import { cookieSecureFor, setSessionCookie } from '../auth/session-cookie.js';
import type { PhoneAuthService } from './phone-auth.service.js';
import type { SecondFactor } from '../auth/second-factor.js';

export interface SmsRouteDeps {
  phoneAuth: PhoneAuthService;
  sessions: SessionStore;
  secureCookies: boolean | 'auto';
  rateLimit: (req: FastifyRequest) => Promise<void>;
  /** Two-factor sign-in: a user who has it on gets a challenge instead of a session. */
  secondFactor?: SecondFactor;
}

/** SMS codes and phone sign-in / sign-up, mounted under /api (all public). */
export async function smsRoutes(app: FastifyInstance, deps: SmsRouteDeps) {
  const { phoneAuth } = deps;

  app.post('/sms/code', { preHandler: deps.rateLimit }, async (req) => {
    const body = parseInput(SmsCodeBody, req.body, { asWritten: true });
    await phoneAuth.sendCode(body.mobile, body.captcha_key);
    return ok(undefined, 'verification code sent');
  });

  app.post('/user/login/mobile', { preHandler: deps.rateLimit }, async (req, reply) => {
    const user = await phoneAuth.login(parseInput(PhoneLoginBody, req.body, { asWritten: true }), req.ip);
    const challenge = await deps.secondFactor?.challengeFor(user);
    if (challenge) return ok(challenge, 'two-factor authentication required');
    const value = await deps.sessions.create(user.id, { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') });
    setSessionCookie(reply, value, cookieSecureFor(req, deps.secureCookies));
    return ok({ id: user.id, username: user.username, display_name: user.display_name, role: user.role, status: user.status, group: user.group }, 'login successful');
  });

  app.post('/user/register/mobile', { preHandler: deps.rateLimit }, async (req) => {
    const user = await phoneAuth.register(parseInput(PhoneRegisterBody, req.body, { asWritten: true }));
    return ok({ id: user.id, username: user.username }, 'registration successful');
  });
}
