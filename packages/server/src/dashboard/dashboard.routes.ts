import type { FastifyInstance } from 'fastify';
import { QuotaDataQuery } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { DashboardService } from './dashboard.service.js';

export interface DashboardRouteDeps {
  dashboard: DashboardService;
}

/** Data dashboard under /api/data (new-api names): every user's usage by model or one username's, or by user (admin), or the caller's own. */
export async function dashboardRoutes(app: FastifyInstance, deps: DashboardRouteDeps) {
  const { dashboard } = deps;
  app.get('/', { preHandler: requireAdmin }, async (req) => ok(await dashboard.usage({ all: true }, parseInput(QuotaDataQuery, req.query))));
  app.get('/users', { preHandler: requireAdmin }, async (req) => ok(await dashboard.usageByUser(parseInput(QuotaDataQuery, req.query))));
  app.get('/self', { preHandler: requireUser }, async (req) =>
    ok(await dashboard.usage({ all: false, userId: actorOf(req).id }, parseInput(QuotaDataQuery, req.query))),
  );
}
