import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ChannelAffinityUsageCacheQuery, LogSearchQuery, PageQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { LogScope, LogsService } from './logs.service.js';
import type { ChannelAffinityUsage } from './affinity-usage.js';

export interface LogSearchRouteDeps {
  logs: LogsService;
  affinityUsage: ChannelAffinityUsage;
}

/**
 * new-api's remaining /api/log routes: the keyword search (admin: every user's logs; self: the caller's
 * only) and the usage counters of one channel-affinity key (admin).
 */
export async function logSearchRoutes(app: FastifyInstance, { logs, affinityUsage }: LogSearchRouteDeps) {
  const search = (scope: (req: FastifyRequest) => LogScope) => async (req: FastifyRequest) => {
    const p = parseInput(PageQuery, req.query);
    const { keyword } = parseInput(LogSearchQuery, req.query);
    const { items, total } = await logs.search(scope(req), keyword, p);
    return page(items, total, p);
  };

  app.get('/search', { preHandler: requireAdmin }, search(() => ({ all: true })));
  app.get('/self/search', { preHandler: requireUser }, search((req) => ({ all: false, userId: actorOf(req).id })));
  app.get('/channel_affinity_usage_cache', { preHandler: requireAdmin }, async (req) =>
    ok(await affinityUsage.stats(parseInput(ChannelAffinityUsageCacheQuery, req.query))),
  );
}
