import type { FastifyInstance } from 'fastify';
import { CreateTokenBody, DeleteTokensBody, TokenIdsBody, PageQuery, TokenSearchQuery, TokenStatusBody, UpdateTokenBody } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireUser } from '../http/guards.js';
import type { TokensService } from './tokens.service.js';

export interface TokensRouteDeps {
  tokens: TokensService;
}

/** `?status_only=` is on for any value but '', 0 and false (new-api treats any non-empty value as on). */
const isOn = (value: unknown) => typeof value === 'string' && value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/** The signed-in user's own API tokens under /api/token (spec 3 §7). */
export async function tokensRoutes(app: FastifyInstance, deps: TokensRouteDeps) {
  const { tokens } = deps;

  app.get('/', { preHandler: requireUser }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await tokens.list(actorOf(req), p);
    return page(items, total, p);
  });
  app.get('/search', { preHandler: requireUser }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await tokens.search(actorOf(req), parseInput(TokenSearchQuery, req.query), p);
    return page(items, total, p);
  });
  app.get('/:id', { preHandler: requireUser }, async (req) => ok(await tokens.get(actorOf(req), parseId((req.params as { id: string }).id))));
  app.post('/', { preHandler: requireUser }, async (req) => ok(await tokens.create(actorOf(req), parseInput(CreateTokenBody, req.body)), 'token created'));
  app.put('/', { preHandler: requireUser }, async (req) => {
    const statusOnly = isOn((req.query as { status_only?: unknown }).status_only);
    const token = statusOnly
      ? await tokens.setStatus(actorOf(req), parseInput(TokenStatusBody, req.body))
      : await tokens.update(actorOf(req), parseInput(UpdateTokenBody, req.body));
    return ok(token, 'token updated');
  });
  app.delete('/:id', { preHandler: requireUser }, async (req) => {
    await tokens.delete(actorOf(req), parseId((req.params as { id: string }).id));
    return ok(undefined, 'token deleted');
  });
  // new-api's key reveal: clients written for its masked token lists fetch full keys here.
  app.post('/:id/key', { preHandler: requireUser }, async (req) => ok({ key: await tokens.keyOf(actorOf(req), parseId((req.params as { id: string }).id)) }));
  app.post('/batch/keys', { preHandler: requireUser }, async (req) => ok({ keys: await tokens.keysOf(actorOf(req), parseInput(TokenIdsBody, req.body).ids) }));
  app.post('/batch', { preHandler: requireUser }, async (req) => ok(await tokens.deleteMany(actorOf(req), parseInput(DeleteTokensBody, req.body).ids), 'tokens deleted'));
}
