import type { FastifyInstance } from 'fastify';
import { CleanupLogFilesQuery } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { requireAdmin, requireRoot } from '../http/guards.js';
import { parseInput } from '../http/validate.js';
import type { PerformanceService } from './performance.service.js';

const NO_LOG_FILES = 'this server writes its log to standard output, not to files';

/**
 * new-api's performance routes (root) and its status test (admin), registered under /api. Every answer
 * describes the one process that served the call.
 */
export async function performanceRoutes(app: FastifyInstance, { performance }: { performance: PerformanceService }) {
  app.get('/performance/stats', { preHandler: requireRoot }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(performance.stats());
  });
  app.post('/performance/reset_stats', { preHandler: requireRoot }, async () => {
    performance.resetStats();
    return ok(undefined, 'statistics reset');
  });
  app.post('/performance/gc', { preHandler: requireRoot }, async () => ok(performance.runGc(), 'garbage collection finished'));
  app.delete('/performance/disk_cache', { preHandler: requireRoot }, async () =>
    ok(performance.clearDiskCache(), 'nothing to clear: this server keeps request bodies in memory and has no disk cache'),
  );
  app.get('/performance/logs', { preHandler: requireRoot }, async () => {
    const files = performance.logFiles();
    return ok(files, files.enabled ? '' : NO_LOG_FILES);
  });
  app.delete('/performance/logs', { preHandler: requireRoot }, async (req) => {
    parseInput(CleanupLogFilesQuery, req.query);
    return ok(performance.cleanupLogFiles(), `no log files to remove: ${NO_LOG_FILES}`);
  });

  // 503 when a dependency fails, as new-api answers (and as /api/status/health does for load balancers).
  app.get('/status/test', { preHandler: requireAdmin }, async (_req, reply) => {
    const connections = await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
    const result = await performance.testStatus(connections);
    reply.code(result.healthy ? 200 : 503).header('cache-control', 'no-store');
    return { success: result.healthy, message: result.message, data: result.data };
  });
}
