import type { FastifyInstance } from 'fastify';
import { CreateCustomModelBody, CustomModelCheckQuery, CustomModelOverviewQuery, ListSupplierModelsBody, PageQuery, UpdateCustomModelBody } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { CustomModelsService } from './custom-models.service.js';

/** Spec messages are answered exactly as written (no field prefix). */
const AS_WRITTEN = { asWritten: true };

/** Custom models under /api/user/custom-models (spec 3 §7 "Suppliers and custom models"). */
export async function customModelsRoutes(app: FastifyInstance, deps: { customModels: CustomModelsService }) {
  const { customModels } = deps;
  const idOf = (params: unknown) => parseId((params as { id: string }).id);

  app.get('/conf', { preHandler: requireUser }, async (req) => ok(await customModels.list(actorOf(req).id)));
  app.post('/conf', { preHandler: requireUser }, async (req) => ok(await customModels.create(actorOf(req).id, parseInput(CreateCustomModelBody, req.body, AS_WRITTEN)), 'add success'));
  app.put('/conf/:id', { preHandler: requireUser }, async (req) =>
    ok(await customModels.update(actorOf(req).id, idOf(req.params), parseInput(UpdateCustomModelBody, req.body, AS_WRITTEN)), 'update success'),
  );
  app.delete('/conf/:id', { preHandler: requireUser }, async (req) => {
    await customModels.delete(actorOf(req).id, idOf(req.params));
    return ok(undefined, 'delete success');
  });
  app.get('/conf/check', { preHandler: requireUser }, async (req) => ok(await customModels.checkBalance(actorOf(req).id, parseInput(CustomModelCheckQuery, req.query, AS_WRITTEN))));
  app.get('/conf/all', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await customModels.overview(parseInput(CustomModelOverviewQuery, req.query), p);
    return page(items, total, p);
  });
  app.post('/models', { preHandler: requireUser }, async (req) => ok(await customModels.listSupplierModels(actorOf(req).id, parseInput(ListSupplierModelsBody, req.body, AS_WRITTEN))));
}
