import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BindEmailQuery, EmailQuery, ResetPasswordBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { EmailVerificationService } from './email-verification.service.js';

export interface VerificationRouteDeps {
  verification: EmailVerificationService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
  /** Turnstile, when the site turns it on. */
  humanCheck: (req: FastifyRequest) => Promise<void>;
}

/** E-mail codes, e-mail binding and password reset, mounted under /api. */
export async function verificationRoutes(app: FastifyInstance, deps: VerificationRouteDeps) {
  const { verification } = deps;
  const guarded = { preHandler: [deps.rateLimit, deps.humanCheck] };

  app.get('/verification', guarded, async (req) => {
    await verification.sendCode(parseInput(EmailQuery, req.query).email);
    return ok(undefined, 'verification code sent');
  });

  app.get('/oauth/email/bind', { preHandler: [requireUser, deps.rateLimit] }, async (req) => {
    const q = parseInput(BindEmailQuery, req.query);
    await verification.bindEmail(actorOf(req).id, q.email, q.code);
    return ok(undefined, 'e-mail address bound');
  });

  app.get('/reset_password', guarded, async (req) => {
    await verification.sendPasswordReset(parseInput(EmailQuery, req.query).email, `${req.protocol}://${req.host}`);
    return ok(undefined, 'the password reset e-mail has been sent, please check your mailbox');
  });

  app.post('/user/reset', { preHandler: deps.rateLimit }, async (req) => {
    const body = parseInput(ResetPasswordBody, req.body);
    return ok(await verification.resetPassword(body.email, body.token), 'your password has been reset');
  });
}
