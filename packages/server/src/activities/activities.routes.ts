import type { FastifyInstance } from 'fastify';
import { ActivityBody, ActivityListQuery, ActivityRewardBody, PageQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { ActivitiesService } from './activities.service.js';

/** Activities (spec 3 §7 "Activities"), registered under /api: the user's list and the admin manager. */
export async function activitiesRoutes(app: FastifyInstance, deps: { activities: ActivitiesService }) {
  const { activities } = deps;

  app.get('/activity_list', { preHandler: requireUser }, async (req) => ok(await activities.listForUser(actorOf(req).id)));

  app.get('/activity/', { preHandler: requireAdmin }, async (req) => {
    const query = req.query as Record<string, unknown>;
    // The console pages with `page`; `p` is accepted as everywhere else.
    const p = parseInput(PageQuery, { ...query, p: query.p ?? query.page });
    const { items, total } = await activities.list(parseInput(ActivityListQuery, query), p);
    return page(items, total, p);
  });
  app.post('/activity/', { preHandler: requireAdmin }, async (req) => ok(await activities.create(parseInput(ActivityBody, req.body)), 'add success'));
  app.post('/activity/reward', { preHandler: requireAdmin }, async (req) => ok(await activities.reward(parseInput(ActivityRewardBody, req.body)), 'reward granted'));
  app.put('/activity/:id', { preHandler: requireAdmin }, async (req) =>
    ok(await activities.update(parseId((req.params as { id: string }).id), parseInput(ActivityBody, req.body)), 'update success'),
  );
}
