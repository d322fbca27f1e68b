import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OptionsService } from '../options/options.service.js';
import { mergeSnapshots, renderPrometheus, type MetricSnapshot } from '../platform/metrics/metrics-registry.js';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus text format, for a scraper holding the MetricsToken option as a bearer
 * token. With no token set the endpoint does not exist (404), so nothing is exposed by default. In a
 * cluster the answer covers every worker (`collect`).
 */
export async function metricsRoutes(app: FastifyInstance, deps: { options: OptionsService; collect: () => Promise<MetricSnapshot[][]> }) {
  app.get('/metrics', async (req, reply) => {
    const token = deps.options.get('MetricsToken');
    if (!token) return reply.code(404).send({ success: false, message: 'metrics are off: set MetricsToken in the settings to turn them on' });
    const header = req.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!sameSecret(given, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ success: false, message: 'a valid metrics token is required' });
    }
    const text = renderPrometheus(mergeSnapshots(await deps.collect()));
    return reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store').send(text);
  });
}
