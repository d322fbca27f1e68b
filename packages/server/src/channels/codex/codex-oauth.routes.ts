import type { FastifyInstance } from 'fastify';
import { CodexOAuthCompleteBody, CodexRefreshBody } from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { actorOf, requireRoot } from '../../http/guards.js';
import { parseId, parseInput } from '../../http/validate.js';
import type { CodexOAuthService } from './codex-oauth.service.js';

/**
 * Codex channels under /api/channel (new-api's paths), top administrators only like every channel route:
 * the ChatGPT authorization that makes a key, and the forced refresh of a saved channel's tokens (which
 * answers the account and expiry, never a token).
 */
export async function codexOAuthRoutes(app: FastifyInstance, { codex }: { codex: CodexOAuthService }) {
  const root = { preHandler: requireRoot };

  app.post('/codex/oauth/start', root, async (req) => ok(await codex.start(actorOf(req).id)));
  app.post('/codex/oauth/complete', root, async (req) => ok(await codex.complete(actorOf(req).id, parseInput(CodexOAuthCompleteBody, req.body)), 'generated'));
  app.post('/:id/codex/refresh', root, async (req) => {
    const id = parseId((req.params as { id: string }).id);
    return ok(await codex.refresh(id, parseInput(CodexRefreshBody, req.body).key_index), 'refreshed');
  });
}
