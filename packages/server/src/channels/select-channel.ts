import type { RoutableChannel, RouteTier, RoutingTable } from './routing-table.js';

/**
 * Channel choice for one attempt of one request. Pure: the table, the request's exclusions, the health
 * tracker's verdict and the random source all come in as arguments.
 *
 * Rules, in order:
 * 1. Tiers are visited from the highest priority down. A channel already tried in this request
 *    (`exclude`) is never returned; a cooling channel is skipped while any other usable channel exists.
 * 2. Inside the first tier with a usable channel, one is drawn at random in proportion to its
 *    effective weight (see `effectiveWeight`); a `prefer` strategy first narrows the draw to the
 *    tier's fastest or least busy channels (see `narrowed`).
 * 3. When every channel that is not excluded is cooling, the highest tier holding such a channel is
 *    used anyway: cooling only steers traffic away, it never turns a request into a failure.
 * 4. Nothing left → null (the caller answers "no available channel").
 */

/** A source of uniform numbers in [0, 1); Math.random in production, a seeded generator in tests. */
export type RandomSource = () => number;

export interface ChannelQuery {
  group: string;
  model: string;
  /** Channels already tried for this request. */
  exclude?: ReadonlySet<number>;
  /** Whether a channel is cooling down after repeated failures (see channel-health.ts). */
  isCooling?: (channelId: number) => boolean;
  /** Narrows each draw to the fastest or least busy channels (ChannelSelectionStrategy); absent = by weight alone. */
  prefer?: ChannelPreference;
}

export type ChannelPreference =
  | { kind: 'latency'; latencyOf: (channelId: number) => number | undefined }
  | { kind: 'least_busy'; busy: (channelId: number) => number };

/** Channels within this share of the lowest average latency count as equally fast (and split the traffic by weight). */
export const LATENCY_BUFFER = 0.2;
/** The share of draws under the latency strategy that ignore latency, so a slow channel that got faster is measured again. */
export const LATENCY_EXPLORATION = 0.05;

export interface ChannelChoice {
  channel: RoutableChannel;
  /** The model name the route matched (the requested one or its normalised form). */
  model: string;
  /** 1-based position of the chosen tier among the route's tiers, and their number. */
  tier: number;
  tierCount: number;
  priority: number;
  /** The chosen channel's configured weight, and the sum over the channels it was drawn from. */
  weight: number;
  totalWeight: number;
  /** True when the channel was chosen although it is cooling, because nothing else was left. */
  cooling: boolean;
  /** Why this channel, for the route trace in the consume log. */
  reason: string;
  /** A failure of this channel is final: no other channel is tried (channel affinity's skip_retry_on_failure). */
  skipRetryOnFailure?: boolean;
}

/**
 * Each weight unit counts 100 and every channel gets 1 on top: ratios between positive weights are
 * kept (weights 1 and 3 draw about 1:3), a weight-0 channel stays selectable but is rare next to any
 * positive weight (about 1 in 102 against weight 1), and a tier of only weight-0 channels is uniform.
 * Negative or fractional weights count as their non-negative integer part.
 */
export const WEIGHT_UNIT = 100;
export function effectiveWeight(weight: number): number {
  return Math.max(0, Math.floor(weight)) * WEIGHT_UNIT + 1;
}

const notCooling = () => false;

export function selectChannel(table: RoutingTable, query: ChannelQuery, random: RandomSource = Math.random): ChannelChoice | null {
  const route = table.candidates(query.group, query.model);
  if (!route) return null;
  const exclude = query.exclude;
  const isCooling = query.isCooling ?? notCooling;
  const { tiers } = route;

  let firstCoolingTier = -1;
  let firstCoolingChannels: RoutableChannel[] = [];
  for (let t = 0; t < tiers.length; t++) {
    const ready: RoutableChannel[] = [];
    const cooling: RoutableChannel[] = [];
    for (const channel of tiers[t].channels) {
      if (exclude?.has(channel.id)) continue;
      (isCooling(channel.id) ? cooling : ready).push(channel);
    }
    if (ready.length > 0) {
      const why = t === 0 ? '' : 'fallback: all channels in higher tiers tried or cooling; ';
      return pick(route.model, tiers, t, ready, false, why, random, query.prefer);
    }
    if (cooling.length > 0 && firstCoolingTier < 0) {
      firstCoolingTier = t;
      firstCoolingChannels = cooling;
    }
  }
  if (firstCoolingTier < 0) return null;
  return pick(route.model, tiers, firstCoolingTier, firstCoolingChannels, true, 'fallback: every remaining channel is cooling down; ', random, query.prefer);
}

function pick(
  model: string,
  tiers: readonly RouteTier[],
  tierIndex: number,
  tierChannels: readonly RoutableChannel[],
  cooling: boolean,
  why: string,
  random: RandomSource,
  prefer: ChannelPreference | undefined,
): ChannelChoice {
  const { candidates, note } = prefer && tierChannels.length > 1 ? narrowed(prefer, tierChannels, random) : { candidates: tierChannels, note: '' };
  let total = 0;
  let configuredTotal = 0;
  for (const c of candidates) {
    total += effectiveWeight(c.weight);
    configuredTotal += Math.max(0, Math.floor(c.weight));
  }
  let point = random() * total;
  let chosen = candidates[candidates.length - 1];
  for (const c of candidates) {
    point -= effectiveWeight(c.weight);
    if (point < 0) {
      chosen = c;
      break;
    }
  }
  const weight = Math.max(0, Math.floor(chosen.weight));
  const priority = tiers[tierIndex].priority;
  const position = `priority tier ${tierIndex + 1} of ${tiers.length} (priority ${priority})`;
  return {
    channel: chosen,
    model,
    tier: tierIndex + 1,
    tierCount: tiers.length,
    priority,
    weight,
    totalWeight: configuredTotal,
    cooling,
    reason: `${why}${note}${position}, weight ${weight} of ${configuredTotal} total among ${candidates.length} channel${candidates.length === 1 ? '' : 's'}`,
  };
}

/**
 * The channels of a tier a strategy prefers, and why. Latency: channels not measured yet first (each is
 * tried once), otherwise those within LATENCY_BUFFER of the fastest, except for an exploring draw now and
 * then. Least busy: those with the fewest requests in flight on this node.
 */
function narrowed(prefer: ChannelPreference, channels: readonly RoutableChannel[], random: RandomSource): { candidates: readonly RoutableChannel[]; note: string } {
  if (prefer.kind === 'least_busy') {
    let least = Infinity;
    for (const c of channels) least = Math.min(least, prefer.busy(c.id));
    return { candidates: channels.filter((c) => prefer.busy(c.id) === least), note: `least busy (${least} in flight); ` };
  }
  const unmeasured = channels.filter((c) => prefer.latencyOf(c.id) === undefined);
  if (unmeasured.length > 0) return { candidates: unmeasured, note: 'latency not measured yet; ' };
  if (random() < LATENCY_EXPLORATION) return { candidates: channels, note: 'exploring latency; ' };
  let fastest = Infinity;
  for (const c of channels) fastest = Math.min(fastest, prefer.latencyOf(c.id)!);
  const limit = fastest * (1 + LATENCY_BUFFER);
  return { candidates: channels.filter((c) => prefer.latencyOf(c.id)! <= limit), note: `lowest latency (${Math.round(fastest)} ms average); ` };
}

/** The models any of the groups can use (GET /v1/models before token model limits and pricing filters). */
export function listModelsForGroups(table: RoutingTable, groups: Iterable<string>): Set<string> {
  const models = new Set<string>();
  for (const group of groups) {
    for (const model of table.modelsOf(group)) models.add(model);
  }
  return models;
}
