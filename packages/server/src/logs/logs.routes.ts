import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DeleteLogsQuery, LogListQuery, PageQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireRoot, requireUser } from '../http/guards.js';
import type { LogScope, LogsService } from './logs.service.js';

export interface LogsRouteDeps {
  logs: LogsService;
}

const ALL: LogScope = { all: true };
const self = (req: FastifyRequest): LogScope => ({ all: false, userId: actorOf(req).id });

/**
 * Usage logs under /api/log. Admin routes read every user's logs; `/self` routes only the caller's.
 * Clearing old logs destroys data for everyone, so it needs the root role (new-api lets any admin).
 */
export async function logsRoutes(app: FastifyInstance, deps: LogsRouteDeps) {
  const { logs } = deps;

  const list = (scope: (req: FastifyRequest) => LogScope) => async (req: FastifyRequest) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await logs.list(scope(req), parseInput(LogListQuery, req.query), p);
    return page(items, total, p);
  };
  const stat = (scope: (req: FastifyRequest) => LogScope) => async (req: FastifyRequest) =>
    ok(await logs.stat(scope(req), parseInput(LogListQuery, req.query)));
  const exportCsv = (scope: (req: FastifyRequest) => LogScope) => async (req: FastifyRequest, reply: FastifyReply) => {
    const query = parseInput(LogListQuery, req.query);
    const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="logs-${stamp}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(logs.exportCsv(scope(req), query)));
  };

  app.get('/', { preHandler: requireAdmin }, list(() => ALL));
  app.get('/self', { preHandler: requireUser }, list(self));
  app.get('/stat', { preHandler: requireAdmin }, stat(() => ALL));
  app.get('/self/stat', { preHandler: requireUser }, stat(self));
  app.get('/export', { preHandler: requireAdmin }, exportCsv(() => ALL));
  app.get('/self/export', { preHandler: requireUser }, exportCsv(self));
  app.delete('/', { preHandler: requireRoot }, async (req) => {
    const { target_timestamp } = parseInput(DeleteLogsQuery, req.query);
    return ok(await logs.deleteBefore(target_timestamp));
  });
}
