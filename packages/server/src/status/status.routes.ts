import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.js';
import type { StatusService } from './status.service.js';
import { checkHealth } from './health.js';

/** Public site information under /api: the status object, the health probe and the single-text pages. */
export async function statusRoutes(app: FastifyInstance, { status, db, redis }: { status: StatusService; db: Db; redis?: Redis }) {
  app.get('/status', async () => ok(await status.get()));
  // For load balancers: 503 when this node cannot reach its database.
  app.get('/status/health', async (_req, reply) => {
    const health = await checkHealth(db, redis);
    reply.code(health.healthy ? 200 : 503).header('cache-control', 'no-store');
    return { success: health.healthy, message: health.healthy ? '' : 'the database is unreachable', data: health };
  });
  app.get('/notice', async () => ok(status.pageText('Notice')));
  app.get('/about', async () => ok(status.pageText('About')));
  app.get('/home_page_content', async () => ok(status.pageText('HomePageContent')));
  app.get('/user-agreement', async () => ok(status.pageText('legal.user_agreement')));
  app.get('/privacy-policy', async () => ok(status.pageText('legal.privacy_policy')));
}
