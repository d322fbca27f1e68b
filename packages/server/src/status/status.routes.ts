import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import type { StatusService } from './status.service.js';

export async function statusRoutes(app: FastifyInstance, { status }: { status: StatusService }) {
  app.get('/status', async () => ok(await status.get()));
}
