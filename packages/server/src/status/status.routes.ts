import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import type { StatusService } from './status.service.js';

/** Public site information under /api: the status object and the single-text pages. */
export async function statusRoutes(app: FastifyInstance, { status }: { status: StatusService }) {
  app.get('/status', async () => ok(await status.get()));
  app.get('/notice', async () => ok(status.pageText('Notice')));
  app.get('/about', async () => ok(status.pageText('About')));
  app.get('/home_page_content', async () => ok(status.pageText('HomePageContent')));
}
