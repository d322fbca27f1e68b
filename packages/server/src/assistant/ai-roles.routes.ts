import type { FastifyInstance } from 'fastify';
import { AiRoleBody, AssistantMessage } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { requireAdmin, requireUser } from '../http/guards.js';
import type { AiRolesService } from './ai-roles.service.js';

/** Spec messages are answered exactly as written (no field prefix). */
const AS_WRITTEN = { asWritten: true };

/** AI roles under /api/ai-role: the list for signed-in users (the desktop assistant), management under /admin/. */
export async function aiRolesRoutes(app: FastifyInstance, deps: { roles: AiRolesService }) {
  const { roles } = deps;
  const idOf = (params: unknown) => parseId((params as { id: string }).id);
  app.get('/', { preHandler: requireUser }, async () => ok(await roles.list()));
  app.get('/admin/', { preHandler: requireAdmin }, async () => ok(await roles.list()));
  app.post('/admin/', { preHandler: requireAdmin }, async (req) => ok(await roles.create(parseInput(AiRoleBody, req.body, AS_WRITTEN)), AssistantMessage.Added));
  app.put('/admin/:id', { preHandler: requireAdmin }, async (req) => ok(await roles.update(idOf(req.params), parseInput(AiRoleBody, req.body, AS_WRITTEN)), AssistantMessage.Updated));
  app.delete('/admin/:id', { preHandler: requireAdmin }, async (req) => {
    await roles.delete(idOf(req.params));
    return ok(undefined, AssistantMessage.Deleted);
  });
}
