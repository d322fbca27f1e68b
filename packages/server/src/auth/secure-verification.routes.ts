import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PasskeyLoginBody, SecureVerifyBody, SecureVerifyMethod } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { requireUser } from '../http/guards.js';
import { parseInput } from '../http/validate.js';
import { requestOrigin } from '../two-factor/sign-in-session.js';
import { verifyingCallerOf } from './secure-verification.js';
import type { SecureVerificationService } from './secure-verification.service.js';

export interface SecureVerificationRouteDeps {
  verification: SecureVerificationService;
  /** The sign-in rate limit: codes are guessable one at a time. */
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** POST /api/verify and the passkey check under /api/user/passkey/verify (mounted at /api). */
export async function secureVerificationRoutes(app: FastifyInstance, deps: SecureVerificationRouteDeps) {
  const { verification } = deps;
  const limited = { preHandler: [requireUser, deps.rateLimit] };

  app.post('/verify', limited, async (req) => {
    const body = parseInput(SecureVerifyBody, req.body);
    const caller = verifyingCallerOf(req);
    const result = body.method === SecureVerifyMethod.TwoFactor ? await verification.verifyWithCode(caller, body.code) : await verification.confirmPasskey(caller);
    return ok(result, 'verified');
  });
  app.post('/user/passkey/verify/begin', limited, async (req) => ok(await verification.passkeyOptions(verifyingCallerOf(req), requestOrigin(req))));
  app.post('/user/passkey/verify/finish', limited, async (req) =>
    ok(await verification.verifyWithPasskey(verifyingCallerOf(req), parseInput(PasskeyLoginBody, req.body)), 'verified'),
  );
}
