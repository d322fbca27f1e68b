import type { FastifyInstance } from 'fastify';
import type { OptionsService } from '../options/options.service.js';
import { ok } from '../http/envelope.js';
import { requireAdmin } from '../http/guards.js';
import { groupNames } from './groups.service.js';

/** GET /api/group/ (admin): the group names from GroupRatio, for group selectors. */
export async function groupsRoutes(app: FastifyInstance, deps: { options: OptionsService }) {
  app.get('/', { preHandler: requireAdmin }, async () => ok(groupNames(deps.options)));
}
