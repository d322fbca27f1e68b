import type { FastifyInstance } from 'fastify';
import { AssistantMessage, PromptListQuery, SuggestedPromptBody, isAdmin } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { PromptsService } from './prompts.service.js';

/** Spec messages are answered exactly as written (no field prefix). */
const AS_WRITTEN = { asWritten: true };

/** Suggested prompts under /api/prompt/suggest: read by signed-in users (released only unless admin), written by administrators. */
export async function promptsRoutes(app: FastifyInstance, deps: { prompts: PromptsService }) {
  const { prompts } = deps;
  const idOf = (params: unknown) => parseId((params as { id: string }).id);
  app.get('/', { preHandler: requireUser }, async (req) => ok(await prompts.list({ includeUnreleased: isAdmin(actorOf(req).role) }, parseInput(PromptListQuery, req.query))));
  app.post('/', { preHandler: requireAdmin }, async (req) => ok(await prompts.create(parseInput(SuggestedPromptBody, req.body, AS_WRITTEN)), AssistantMessage.Added));
  app.put('/:id', { preHandler: requireAdmin }, async (req) => ok(await prompts.update(idOf(req.params), parseInput(SuggestedPromptBody, req.body, AS_WRITTEN)), AssistantMessage.Updated));
  app.delete('/:id', { preHandler: requireAdmin }, async (req) => {
    await prompts.delete(idOf(req.params));
    return ok(undefined, AssistantMessage.Deleted);
  });
}
