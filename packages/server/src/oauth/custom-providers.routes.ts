import type { FastifyInstance } from 'fastify';
import { CustomOAuthDiscoveryBody, CustomOAuthProviderBody } from '@gw/contracts';
import { ok } from '../http/envelope.js';
import { parseId, parseInput } from '../http/validate.js';
import { actorOf, requireRoot, requireUser } from '../http/guards.js';
import type { CustomOAuthProvidersService } from './custom-providers.service.js';
import type { OptionsService } from '../options/options.service.js';
import { fetchPolicyOf } from '../options/fetch-policy.js';
import { GuardedHttpClient } from '../platform/fetch-guard/guarded-http-client.js';
import { discoverOpenIdProvider } from './custom-provider-discovery.js';

const idOf = (params: unknown) => parseId((params as { id: string }).id);

/** Administrator-defined sign-in providers under /api/custom-oauth-provider (root only, as in new-api). */
export async function customOAuthProviderRoutes(app: FastifyInstance, deps: { customProviders: CustomOAuthProvidersService; options: OptionsService }) {
  const { customProviders } = deps;
  // The administrator's discovery URL is fetched under the fetch_setting.* SSRF policy.
  const http = new GuardedHttpClient(() => fetchPolicyOf(deps.options));
  app.addHook('onClose', () => http.close());
  app.post('/discovery', { preHandler: requireRoot }, async (req) => ok(await discoverOpenIdProvider(http, parseInput(CustomOAuthDiscoveryBody, req.body))));
  app.get('/', { preHandler: requireRoot }, async () => ok(await customProviders.list()));
  app.get('/:id', { preHandler: requireRoot }, async (req) => ok(await customProviders.get(idOf(req.params))));
  app.post('/', { preHandler: requireRoot }, async (req) => ok(await customProviders.create(parseInput(CustomOAuthProviderBody, req.body)), 'created'));
  app.put('/:id', { preHandler: requireRoot }, async (req) =>
    ok(await customProviders.update(idOf(req.params), parseInput(CustomOAuthProviderBody, req.body)), 'updated'),
  );
  app.delete('/:id', { preHandler: requireRoot }, async (req) => {
    await customProviders.remove(idOf(req.params));
    return ok(undefined, 'deleted');
  });
}

/** GET /api/user/oauth/bindings: the signed-in user's accounts at custom providers. */
export async function customOAuthBindingRoutes(app: FastifyInstance, deps: { customProviders: CustomOAuthProvidersService }) {
  app.get('/oauth/bindings', { preHandler: requireUser }, async (req) => ok(await deps.customProviders.bindingsOf(actorOf(req).id)));
}
