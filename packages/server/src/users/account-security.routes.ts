import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import { parseId } from '../http/validate.js';
import type { AccountSecurityService } from './account-security.service.js';

type Params = { id?: string; binding_type?: string; provider_id?: string };
const userIdOf = (params: unknown) => parseId((params as Params).id);
const providerIdOf = (params: unknown) => parseId((params as Params).provider_id, 'provider_id');

/** Administrators' account-security tools and the user's own custom-binding removal, under /api/user (new-api's paths). */
export async function accountSecurityRoutes(app: FastifyInstance, deps: { accountSecurity: AccountSecurityService }) {
  const { accountSecurity } = deps;
  const admin = { preHandler: requireAdmin };

  app.get('/2fa/stats', admin, async () => ok(await accountSecurity.twoFactorStats()));
  app.delete('/:id/2fa', admin, async (req) => {
    await accountSecurity.disableTwoFactor(actorOf(req), userIdOf(req.params));
    return ok(undefined, 'two-factor authentication turned off for the user');
  });
  app.delete('/:id/reset_passkey', admin, async (req) => ok(await accountSecurity.resetPasskeys(actorOf(req), userIdOf(req.params)), 'passkeys removed'));
  app.delete('/:id/bindings/:binding_type', admin, async (req) => {
    await accountSecurity.clearBinding(actorOf(req), userIdOf(req.params), (req.params as Params).binding_type ?? '');
    return ok(undefined, 'binding cleared');
  });
  app.get('/:id/oauth/bindings', admin, async (req) => ok(await accountSecurity.customBindings(actorOf(req), userIdOf(req.params))));
  app.delete('/:id/oauth/bindings/:provider_id', admin, async (req) => {
    await accountSecurity.unbindCustom(actorOf(req), userIdOf(req.params), providerIdOf(req.params));
    return ok(undefined, 'binding removed');
  });

  app.delete('/oauth/bindings/:provider_id', { preHandler: requireUser }, async (req) => {
    await accountSecurity.unbindOwnCustom(actorOf(req).id, providerIdOf(req.params));
    return ok(undefined, 'binding removed');
  });
}
