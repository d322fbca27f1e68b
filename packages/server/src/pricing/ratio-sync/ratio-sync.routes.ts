import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { RatioSyncFetchBody } from '@gw/contracts';
import type { Db } from '../../db/database.js';
import { ok } from '../../http/envelope.js';
import { requireRoot } from '../../http/guards.js';
import { parseInput } from '../../http/validate.js';
import { fetchPolicyOf } from '../../options/fetch-policy.js';
import type { OptionsService } from '../../options/options.service.js';
import { GuardedHttpClient } from '../../platform/fetch-guard/guarded-http-client.js';
import { RatioSyncService } from './ratio-sync.service.js';

export interface RatioSyncRouteDeps {
  db: Db;
  options: OptionsService;
  /** The per-IP limit of sign-in style routes (new-api's critical rate limit guards ratio_config). */
  rateLimit: preHandlerAsyncHookHandler;
}

/**
 * GET /api/ratio_config (public, answers only while ExposeRatioEnabled is on) and root's upstream ratio
 * sync (/api/ratio_sync/*). Upstreams are read under the fetch_setting.* SSRF policy.
 */
export async function ratioSyncRoutes(app: FastifyInstance, { db, options, rateLimit }: RatioSyncRouteDeps) {
  const http = new GuardedHttpClient(() => fetchPolicyOf(options));
  const sync = new RatioSyncService({ db, options, http });
  app.addHook('onClose', () => http.close());

  app.get('/ratio_config', { preHandler: rateLimit }, async () => ok(sync.ratioConfig()));
  app.get('/ratio_sync/channels', { preHandler: requireRoot }, async () => ok(await sync.channels()));
  app.post('/ratio_sync/fetch', { preHandler: requireRoot }, async (req) => ok(await sync.fetch(parseInput(RatioSyncFetchBody, req.body))));
}
