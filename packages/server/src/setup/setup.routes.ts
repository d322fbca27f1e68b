import type { FastifyInstance } from 'fastify';
import { SetupBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import type { SetupService } from './setup.service.js';

export async function setupRoutes(app: FastifyInstance, { setup }: { setup: SetupService }) {
  app.get('/', async () => ok(await setup.status()));
  app.post('/', async (req) => {
    await setup.setup(parseInput(SetupBody, req.body));
    return ok(undefined, 'system initialized');
  });
}
