import type { FastifyInstance } from 'fastify';
import { UpstreamApplyBody, UpstreamDetectBody } from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { requireRoot } from '../../http/guards.js';
import { parseInput } from '../../http/validate.js';
import type { UpstreamUpdatesService } from './upstream-updates.service.js';

/** /api/channel/upstream_updates/* (new-api's paths), top administrators only like the rest of channel management. */
export async function upstreamUpdatesRoutes(app: FastifyInstance, { updates }: { updates: UpstreamUpdatesService }) {
  const root = { preHandler: requireRoot };
  app.post('/upstream_updates/detect', root, async (req) => ok(await updates.detect(parseInput(UpstreamDetectBody, req.body).id)));
  app.post('/upstream_updates/detect_all', root, async () => ok(await updates.detectAll()));
  app.post('/upstream_updates/apply', root, async (req) => ok(await updates.apply(parseInput(UpstreamApplyBody, req.body))));
  app.post('/upstream_updates/apply_all', root, async () => ok(await updates.applyAll()));
}
