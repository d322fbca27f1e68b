import type { FastifyInstance } from 'fastify';
import { ClearChannelAffinityCacheQuery } from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { requireRoot } from '../../http/guards.js';
import { parseInput } from '../../http/validate.js';
import type { ChannelAffinity } from './channel-affinity.service.js';

/** The channel affinity store beside the option routes (/api/option/channel_affinity_cache): root only, as in new-api. */
export async function channelAffinityRoutes(app: FastifyInstance, { channelAffinity }: { channelAffinity: ChannelAffinity }) {
  app.get('/channel_affinity_cache', { preHandler: requireRoot }, async () => ok(await channelAffinity.stats()));

  app.delete('/channel_affinity_cache', { preHandler: requireRoot }, async (req) => {
    const query = parseInput(ClearChannelAffinityCacheQuery, req.query);
    const deleted = await channelAffinity.clear(query.all === 'true' ? { all: true } : { ruleName: query.rule_name! });
    return ok({ deleted });
  });
}
