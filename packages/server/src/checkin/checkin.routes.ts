import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CheckinMonthQuery } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { CheckinService } from './checkin.service.js';

export interface CheckinRouteDeps {
  checkin: CheckinService;
  /** The per-IP limit the other quota-changing user POSTs (redeem, pay) carry. */
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** GET/POST /api/user/checkin (signed-in users; new-api's paths). */
export async function checkinRoutes(app: FastifyInstance, deps: CheckinRouteDeps) {
  const { checkin } = deps;
  app.get('/checkin', { preHandler: requireUser }, async (req) => ok(await checkin.status(actorOf(req), parseInput(CheckinMonthQuery, req.query).month)));
  app.post('/checkin', { preHandler: [requireUser, deps.rateLimit] }, async (req) => ok(await checkin.checkIn(actorOf(req)), 'checked in'));
}
