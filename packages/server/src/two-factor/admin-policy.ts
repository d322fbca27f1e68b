import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Role, isAdmin, type ApiResponse } from '@gw/contracts';
import type { Db } from '../db/database.js';
import type { OptionsService } from '../options/options.service.js';
import { twoFactorRepository } from './two-factor.repository.js';
import { TwoFactorMessage } from './two-factor.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller is an administrator who must enable two-factor sign-in first (AdminTwoFactorRequired). */
    secondFactorMissing: boolean;
  }
}

/**
 * AdminTwoFactorRequired: an administrator without TOTP acts as a normal user — the usual guards then
 * refuse administrator routes (403, with a message saying why), while the personal page, where two-factor
 * sign-in is turned on, keeps working. Runs after request-context has resolved the actor.
 */
export const adminTwoFactorPolicy = fp(async function adminTwoFactorPolicy(app: FastifyInstance, opts: { db: Db; options: OptionsService }) {
  app.decorateRequest('secondFactorMissing', false);
  // A callback hook: requests without an administrator (every relayed one) pass without a promise.
  app.addHook('onRequest', function requireAdminSecondFactor(request, _reply, done) {
    const actor = request.actor;
    if (!actor || !isAdmin(actor.role) || !opts.options.get('AdminTwoFactorRequired')) return done();
    twoFactorRepository.isEnabled(opts.db, actor.id).then((enabled) => {
      if (!enabled) {
        request.actor = { ...actor, role: Role.User };
        request.secondFactorMissing = true;
      }
      done();
    }, done);
  });
  app.addHook('preSerialization', async function explainAdminRefusal(request, reply, payload: unknown) {
    if (!request.secondFactorMissing || reply.statusCode !== 403) return payload;
    const envelope = payload as ApiResponse;
    return envelope && envelope.success === false ? { ...envelope, message: TwoFactorMessage.AdminRequired } : payload;
  });
});
