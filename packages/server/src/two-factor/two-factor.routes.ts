import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PasskeyLoginBody, PasskeyRegisterBody, TwoFactorCodeBody, TwoFactorLoginBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { PasskeysService } from './passkeys.service.js';
import { requestOrigin, startSignedInSession, type SessionDeps } from './sign-in-session.js';

export interface TwoFactorRouteDeps extends SessionDeps {
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** Two-factor sign-in (TOTP, backup codes) and passkeys, mounted under /api/user. */
export async function twoFactorRoutes(app: FastifyInstance, deps: TwoFactorRouteDeps) {
  const { twoFactor, passkeys } = deps;
  const user = { preHandler: requireUser };
  const limited = { preHandler: deps.rateLimit };

  app.get('/2fa/status', user, async (req) => ok(await twoFactor.status(actorOf(req).id)));
  app.post('/2fa/setup', user, async (req) => ok(await twoFactor.setup(actorOf(req))));
  app.post('/2fa/enable', user, async (req) => {
    await twoFactor.enable(actorOf(req).id, parseInput(TwoFactorCodeBody, req.body).code);
    return ok(undefined, 'two-factor authentication enabled');
  });
  app.post('/2fa/disable', user, async (req) => {
    await twoFactor.disable(actorOf(req).id, parseInput(TwoFactorCodeBody, req.body).code);
    return ok(undefined, 'two-factor authentication disabled');
  });
  app.post('/2fa/backup_codes', user, async (req) => ok(await twoFactor.regenerateBackupCodes(actorOf(req).id, parseInput(TwoFactorCodeBody, req.body).code)));

  // The second step of a password sign-in that answered { require_2fa: true, pending_token }.
  app.post('/login/2fa', limited, async (req, reply) => {
    const body = parseInput(TwoFactorLoginBody, req.body);
    const signedIn = await twoFactor.completeLogin(body.pending_token, body.code);
    return ok(await startSignedInSession(req, reply, deps, signedIn), 'signed in');
  });

  app.get('/passkey', user, async (req) => ok(await passkeys.list(actorOf(req).id)));
  app.post('/passkey/register/begin', user, async (req) => ok(await passkeys.registrationOptions(actorOf(req), requestOrigin(req))));
  app.post('/passkey/register/finish', user, async (req) => ok(await passkeys.register(actorOf(req), parseInput(PasskeyRegisterBody, req.body)), 'passkey added'));
  app.delete('/passkey', user, async (req) => ok(await passkeys.removeAll(actorOf(req).id), 'passkeys removed'));
  app.delete('/passkey/:id', user, async (req) => {
    await passkeys.remove(actorOf(req).id, parseId((req.params as { id: string }).id));
    return ok(undefined, 'passkey removed');
  });
  app.post('/passkey/login/begin', limited, async (req) => ok(await passkeys.loginOptions(requestOrigin(req))));
  app.post('/passkey/login/finish', limited, async (req, reply) => {
    const signedIn = await passkeys.login(parseInput(PasskeyLoginBody, req.body));
    return ok(await startSignedInSession(req, reply, deps, signedIn), 'signed in');
  });
}
