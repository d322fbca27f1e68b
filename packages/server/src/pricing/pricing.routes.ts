import type { FastifyInstance } from 'fastify';
import { ModelHubUpdateBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseInput } from '../http/validate.js';
import { actorOf, requireAdmin, requireUser } from '../http/guards.js';
import type { PricingService } from './pricing.service.js';
import type { ModelHubService } from './model-hub.service.js';

export interface PricingRouteDeps {
  pricing: PricingService;
  modelHub: ModelHubService;
}

/**
 * Public pricing and the model hub, plus the signed-in model lists (/api/user/models, /api/models).
 * GET /api/pricing works signed out; a signed-in caller sees their own usable groups. Like new-api,
 * `group_ratio` and `usable_group` sit next to `data` in the envelope.
 */
export async function pricingRoutes(app: FastifyInstance, deps: PricingRouteDeps) {
  const { pricing, modelHub } = deps;

  app.get('/pricing', async (req) => {
    const actor = req.actor;
    const result = await pricing.pricing(actor ? { id: actor.id, group: actor.group } : null);
    return { ...ok(result.data), group_ratio: result.group_ratio, usable_group: result.usable_group, vendors: result.vendors, supported_endpoint: result.supported_endpoint, auto_groups: result.auto_groups };
  });
  app.get('/model_hub', async () => ok(await modelHub.list({ includeHidden: false })));
  app.get('/model_hub/admin', { preHandler: requireAdmin }, async () => ok(await modelHub.list({ includeHidden: true })));
  app.put('/model_hub/admin', { preHandler: requireAdmin }, async (req) => ok(await modelHub.update(parseInput(ModelHubUpdateBody, req.body)), 'model hub saved'));
  app.get('/user/models', { preHandler: requireUser }, async (req) => {
    const actor = actorOf(req);
    return ok(pricing.userModels({ id: actor.id, group: actor.group }));
  });
}
