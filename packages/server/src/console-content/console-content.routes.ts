import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { requireUser } from '../http/guards.js';
import { fetchPolicyOf } from '../options/fetch-policy.js';
import type { OptionsService } from '../options/options.service.js';
import { GuardedHttpClient } from '../platform/fetch-guard/guarded-http-client.js';
import { UptimeKumaService } from './uptime-kuma.service.js';

/**
 * /api/uptime: the dashboard's service status panel, for signed-in users (the server fetches the status
 * pages on their behalf, under the fetch_setting.* SSRF policy).
 */
export async function uptimeRoutes(app: FastifyInstance, { options }: { options: OptionsService }) {
  const http = new GuardedHttpClient(() => fetchPolicyOf(options));
  const uptime = new UptimeKumaService(options, http);
  app.addHook('onClose', () => http.close());

  app.get('/status', { preHandler: requireUser }, async () => ok(await uptime.status()));
}
