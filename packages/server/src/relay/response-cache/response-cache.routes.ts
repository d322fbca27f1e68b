import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope.js';
import { requireRoot } from '../../http/guards.js';
import type { ResponseCache } from './response-cache.js';

/** The response cache beside the option routes (/api/option/response_cache): its figures, and clearing it. Root only. */
export async function responseCacheRoutes(app: FastifyInstance, { responseCache }: { responseCache: ResponseCache }) {
  app.get('/response_cache', { preHandler: requireRoot }, async () => ok(await responseCache.stats()));
  app.delete('/response_cache', { preHandler: requireRoot }, async () => ok({ deleted: await responseCache.clear() }));
}
