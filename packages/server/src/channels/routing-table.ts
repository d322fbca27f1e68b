import type { RoutableChannelRow } from './channels.repository.js';
import { ChannelStatus } from './channel-types.js';
import { splitCommaList } from './comma-list.js';

/**
 * An immutable in-memory snapshot of which enabled channels serve which (group, model), built from the
 * channels table. Requests read it without touching the database; the routing service swaps in a new
 * snapshot after every channel change and on a timer.
 */

export type RoutableChannel = RoutableChannelRow;

/** Channels sharing one priority value; tiers of a route are ordered by priority, highest first. */
export interface RouteTier {
  readonly priority: number;
  readonly channels: readonly RoutableChannel[];
}

export interface RouteCandidates {
  /** The model name that matched: the requested one, or its normalised form when only that exists. */
  readonly model: string;
  readonly tiers: readonly RouteTier[];
}

/**
 * Maps a requested model name to the name it should be routed under when the exact name has no channel
 * (billing's name rules plug in here). Returning the input means "no alternative".
 */
export type ModelNormalizer = (model: string) => string;

export interface RoutingTableOptions {
  normalize?: ModelNormalizer;
}

const identity: ModelNormalizer = (model) => model;

export class RoutingTable {
  private constructor(
    private readonly routes: ReadonlyMap<string, ReadonlyMap<string, readonly RouteTier[]>>,
    private readonly byId: ReadonlyMap<number, RoutableChannel>,
    private readonly normalize: ModelNormalizer,
  ) {}

  static empty(options: RoutingTableOptions = {}): RoutingTable {
    return new RoutingTable(new Map(), new Map(), options.normalize ?? identity);
  }

  /**
   * Builds the table in O(C log C) for the priority sort plus O(Σ groups × models) for the buckets:
   * channels are visited by descending priority, so each (group, model) list is already ordered and a
   * channel either joins the bucket's last tier or opens the next one. Channels that are not enabled are
   * ignored.
   */
  static build(channels: readonly RoutableChannel[], options: RoutingTableOptions = {}): RoutingTable {
    const ordered = channels
      .filter((c) => c.status === ChannelStatus.Enabled)
      .sort((a, b) => b.priority - a.priority || a.id - b.id);
    const routes = new Map<string, Map<string, { priority: number; channels: RoutableChannel[] }[]>>();
    const byId = new Map<number, RoutableChannel>();
    for (const channel of ordered) {
      byId.set(channel.id, channel);
      const models = splitCommaList(channel.models);
      for (const group of splitCommaList(channel.group)) {
        let byModel = routes.get(group);
        if (!byModel) routes.set(group, (byModel = new Map()));
        for (const model of models) {
          let tiers = byModel.get(model);
          if (!tiers) byModel.set(model, (tiers = []));
          const last = tiers[tiers.length - 1];
          if (last && last.priority === channel.priority) last.channels.push(channel);
          else tiers.push({ priority: channel.priority, channels: [channel] });
        }
      }
    }
    return new RoutingTable(routes, byId, options.normalize ?? identity);
  }

  /** The priority tiers for (group, model), falling back to the normalised model name; undefined if none. */
  candidates(group: string, model: string): RouteCandidates | undefined {
    const byModel = this.routes.get(group);
    if (!byModel) return undefined;
    const exact = byModel.get(model);
    if (exact) return { model, tiers: exact };
    const normalized = this.normalize(model);
    if (normalized === model) return undefined;
    const tiers = byModel.get(normalized);
    return tiers ? { model: normalized, tiers } : undefined;
  }

  /** An enabled channel by id (for pinned-channel requests and traces). */
  channel(id: number): RoutableChannel | undefined {
    return this.byId.get(id);
  }

  /** Every enabled channel in the snapshot. */
  channels(): IterableIterator<RoutableChannel> {
    return this.byId.values();
  }

  /** The models that have at least one enabled channel in a group. */
  modelsOf(group: string): IterableIterator<string> {
    return (this.routes.get(group) ?? new Map<string, never>()).keys();
  }

  /** Groups that have at least one enabled channel. */
  groups(): IterableIterator<string> {
    return this.routes.keys();
  }
}
