import type { FastifyInstance } from 'fastify';
import { ChannelHealthResetBody, type ChannelHealthOverview } from '@gw/contracts';
import { ok } from '../../http/envelope.js';
import { requireRoot } from '../../http/guards.js';
import { parseInput } from '../../http/validate.js';
import type { ChangeEvents } from '../../platform/change-events.js';
import { mergeSnapshots, type MetricSnapshot } from '../../platform/metrics/metrics-registry.js';
import type { ChannelHealthTracker } from '../channel-health.js';
import { channelHealthFrom } from './channel-health-metrics.js';

export interface ChannelHealthRouteDeps {
  health: ChannelHealthTracker;
  /** Every serving process's metrics (a cluster's workers; this process's alone otherwise). */
  collect: () => Promise<MetricSnapshot[][]>;
  events: ChangeEvents;
}

/**
 * The channels' live health under /api/channel (administrators, as the rest of channel management):
 * `GET /health` reads every process's cool-downs, recent outcomes and latencies; `POST /health/reset`
 * ends a channel's cool-down (or every channel's) on every process of the site.
 */
export async function channelHealthRoutes(app: FastifyInstance, deps: ChannelHealthRouteDeps) {
  const root = { preHandler: requireRoot };

  app.get('/health', root, async () => {
    const snapshots = await deps.collect();
    const rules = deps.health.rules;
    const overview: ChannelHealthOverview = {
      processes: Math.max(1, snapshots.length),
      window_seconds: rules.windowMs / 1000,
      failure_threshold: rules.failureThreshold,
      window_size: rules.windowSize,
      channels: channelHealthFrom(mergeSnapshots(snapshots)),
    };
    return ok(overview);
  });

  app.post('/health/reset', root, async (req) => {
    const body = parseInput(ChannelHealthResetBody, req.body);
    // Every process (and every node, through the bus) forgets it: id 0 stands for every channel.
    deps.events.changed('channel-health', 'id' in body ? body.id : 0);
    return ok(null, 'id' in body ? `channel #${body.id}'s cool-down ended` : 'every cool-down ended');
  });
}
