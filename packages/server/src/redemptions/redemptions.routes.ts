import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CreateRedemptionBody, PageQuery, RedeemBody, RedemptionSearchQuery, RedemptionStatusBody, UpdateRedemptionBody } from '@gw/contracts';
import { ok, page } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { RedemptionsService } from './redemptions.service.js';

export interface RedemptionsRouteDeps {
  redemptions: RedemptionsService;
}

export interface RedeemRouteDeps extends RedemptionsRouteDeps {
  /** The sign-in style per-IP limit (a brake on guessing codes). */
  rateLimit: (req: FastifyRequest) => Promise<void>;
}

/** `?status_only=` is on for any value but '', 0 and false (new-api treats any non-empty value as on). */
const isOn = (value: unknown) => typeof value === 'string' && value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/** Redemption code management under /api/redemption (administrators). */
export async function redemptionsRoutes(app: FastifyInstance, deps: RedemptionsRouteDeps) {
  const { redemptions } = deps;

  app.get('/', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await redemptions.list(p);
    return page(items, total, p);
  });
  app.get('/search', { preHandler: requireAdmin }, async (req) => {
    const p = parseInput(PageQuery, req.query);
    const { items, total } = await redemptions.search(parseInput(RedemptionSearchQuery, req.query), p);
    return page(items, total, p);
  });
  app.get('/:id', { preHandler: requireAdmin }, async (req) => ok(await redemptions.get(parseId((req.params as { id: string }).id))));
  app.post('/', { preHandler: requireAdmin }, async (req) =>
    ok(await redemptions.create(actorOf(req), parseInput(CreateRedemptionBody, req.body)), 'redemption codes created'),
  );
  app.put('/', { preHandler: requireAdmin }, async (req) => {
    const statusOnly = isOn((req.query as { status_only?: unknown }).status_only);
    const code = statusOnly
      ? await redemptions.setStatus(parseInput(RedemptionStatusBody, req.body))
      : await redemptions.update(parseInput(UpdateRedemptionBody, req.body));
    return ok(code, 'redemption code updated');
  });
  app.delete('/invalid', { preHandler: requireAdmin }, async () => ok(await redemptions.deleteInvalid(), 'invalid redemption codes deleted'));
  app.delete('/:id', { preHandler: requireAdmin }, async (req) => {
    await redemptions.delete(parseId((req.params as { id: string }).id));
    return ok(undefined, 'redemption code deleted');
  });
}

/** POST /api/user/topup: the signed-in user redeems a code (spec 3 §7 "Top-up"). */
export async function redeemRoutes(app: FastifyInstance, deps: RedeemRouteDeps) {
  const { redemptions } = deps;
  app.post('/topup', { preHandler: [requireUser, deps.rateLimit] }, async (req) =>
    ok(await redemptions.redeem(actorOf(req), parseInput(RedeemBody, req.body).key), 'redemption successful'),
  );
}
