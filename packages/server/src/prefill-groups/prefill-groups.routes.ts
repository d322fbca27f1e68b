import type { FastifyInstance } from 'fastify';
import { PrefillGroupBody, PrefillGroupListQuery } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { requireAdmin } from '../http/guards.js';
import { parseId, parseInput } from '../http/validate.js';
import type { PrefillGroupsService } from './prefill-groups.service.js';

/** new-api's /api/prefill_group (admin): list (?type=model|tag|endpoint), create, edit (id in the body), delete. */
export async function prefillGroupsRoutes(app: FastifyInstance, deps: { prefillGroups: PrefillGroupsService }) {
  const { prefillGroups } = deps;
  app.get('/', { preHandler: requireAdmin }, async (req) => ok(await prefillGroups.list(parseInput(PrefillGroupListQuery, req.query).type)));
  app.post('/', { preHandler: requireAdmin }, async (req) => ok(await prefillGroups.create(parseInput(PrefillGroupBody, req.body))));
  app.put('/', { preHandler: requireAdmin }, async (req) => ok(await prefillGroups.update(req.body)));
  app.delete('/:id', { preHandler: requireAdmin }, async (req) => {
    await prefillGroups.remove(parseId((req.params as { id: string }).id));
    return ok();
  });
}
