import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QuotaTransferBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { RewardsService } from './rewards.service.js';

/** Spec messages are answered exactly as written (no field prefix). */
const AS_WRITTEN = { asWritten: true };

/** The activity center's calls under /api/user (signed-in users; spec 3 §7 "Activities"). */
export async function rewardsRoutes(app: FastifyInstance, deps: { rewards: RewardsService }) {
  const { rewards } = deps;
  // A GET that credits quota: the spec's path; the claim itself is once per window, so a replay is harmless.
  app.get('/fuel_pack', { preHandler: requireUser }, async (req) => ok(await rewards.claimFuelPack(actorOf(req)), 'fuel pack claimed'));
  const transfer = async (req: FastifyRequest) =>
    ok(await rewards.transferToBalance(actorOf(req), parseInput(QuotaTransferBody, req.body, AS_WRITTEN).quota), 'transfer successful');
  app.post('/quota_transfer', { preHandler: requireUser }, transfer);
  // new-api's name for the same move, kept for its clients.
  app.post('/aff_transfer', { preHandler: requireUser }, transfer);
}
