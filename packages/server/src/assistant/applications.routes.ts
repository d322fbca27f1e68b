import type { FastifyInstance } from 'fastify';
import { ApplicationBatchDeleteBody, ApplicationBody, ApplicationListQuery, AssistantMessage, PageQuery } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { ApplicationsService } from './applications.service.js';

/** Spec messages are answered exactly as written (no field prefix). */
const AS_WRITTEN = { asWritten: true };

/** The agent marketplace under /api/application: the caller's group's applications, management under /admin/. */
export async function applicationsRoutes(app: FastifyInstance, deps: { applications: ApplicationsService }) {
  const { applications } = deps;
  const idOf = (params: unknown) => parseId((params as { id: string }).id);
  app.get('/', { preHandler: requireUser }, async (req) => ok(await applications.listForGroup(actorOf(req).group)));
  app.get('/admin/', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await applications.list(parseInput(ApplicationListQuery, req.query), p);
    return page(items, total, p);
  });
  app.post('/admin/', { preHandler: requireAdmin }, async (req) => ok(await applications.create(parseInput(ApplicationBody, req.body, AS_WRITTEN)), AssistantMessage.AppCreated));
  app.post('/admin/batch', { preHandler: requireAdmin }, async (req) =>
    ok(await applications.deleteMany(parseInput(ApplicationBatchDeleteBody, req.body, AS_WRITTEN).ids), AssistantMessage.AppsBatchDeleted),
  );
  app.put('/admin/:id', { preHandler: requireAdmin }, async (req) => ok(await applications.update(idOf(req.params), parseInput(ApplicationBody, req.body, AS_WRITTEN)), AssistantMessage.AppUpdated));
  app.delete('/admin/:id', { preHandler: requireAdmin }, async (req) => {
    await applications.delete(idOf(req.params));
    return ok(undefined, AssistantMessage.AppDeleted);
  });
}
