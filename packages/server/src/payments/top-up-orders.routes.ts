import type { FastifyInstance } from 'fastify';
import { CompleteTopUpBody, PageQuery, TopUpOrderSearchQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireAdmin } from '../http/guards.js';
import type { TopUpOrdersService } from './top-up-orders.service.js';

/** Administrators' view of every top-up order under /api/user/topup (new-api's GET /api/user/topup and /complete). */
export async function topUpOrdersRoutes(app: FastifyInstance, deps: { topUpOrders: TopUpOrdersService }) {
  const { topUpOrders } = deps;
  app.get('/topup', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await topUpOrders.list(parseInput(TopUpOrderSearchQuery, req.query), p);
    return page(items, total, p);
  });
  app.post('/topup/complete', { preHandler: requireAdmin }, async (req) =>
    ok(await topUpOrders.complete(actorOf(req), parseInput(CompleteTopUpBody, req.body).trade_no), 'order completed'),
  );
}
