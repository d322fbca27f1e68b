import { Role } from '@gw/contracts';
import { selectChannel, type ChannelChoice, type ChannelPreference } from '../../channels/select-channel.js';
import { ChannelStatus } from '../../channels/channel-types.js';
import { RelayError, forbidden } from '../relay-error.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';
import type { RelayDeps } from './relay-deps.js';
import type { AffinityRequest } from '../channel-affinity/affinity-rules.js';

/**
 * The next channel for a request: the one an administrator's key pinned (`sk-KEY-ID`, refused to
 * ordinary users), on a first attempt the channel affinity remembers for the `request` (when given),
 * or the router's choice among the channels not tried yet.
 */
export function chooseChannel(deps: RelayDeps, principal: ApiKeyPrincipal, model: string, tried: ReadonlySet<number>, request?: AffinityRequest): ChannelChoice | null {
  const table = deps.routing.table;
  const pinned = principal.pinnedChannelId;
  if (pinned !== null) {
    if (tried.has(pinned)) return null;
    const channel = table.channel(pinned);
    if (!channel) throw new RelayError(400, 'channel_not_found', `channel ${pinned} does not exist or is not enabled`, 'client', 'invalid_request_error');
    if (channel.status !== ChannelStatus.Enabled) throw forbidden(`channel ${pinned} is disabled`, 'channel_disabled');
    if (principal.userRole < Role.Admin) throw forbidden('ordinary users cannot specify a channel', 'channel_pin_forbidden');
    return { channel, model, tier: 1, tierCount: 1, priority: channel.priority, weight: channel.weight, totalWeight: channel.weight, cooling: false, reason: 'pinned by the API key' };
  }
  const isCooling = (id: number) => deps.health.isCooling(id);
  if (request && tried.size === 0 && deps.channelAffinity?.enabled) {
    const remembered = deps.channelAffinity.preferredChoice(table, isCooling, principal, model, request, tried);
    if (remembered) return remembered;
  }
  return selectChannel(table, { group: principal.group, model, exclude: tried, isCooling, prefer: preferenceOf(deps, model) });
}

/** The ChannelSelectionStrategy's narrowing for this model, or undefined for the weighted draw. */
function preferenceOf(deps: RelayDeps, model: string): ChannelPreference | undefined {
  const strategy = deps.options.get('ChannelSelectionStrategy');
  if (strategy === 'weighted') return undefined;
  const load = deps.health.load;
  return strategy === 'latency' ? { kind: 'latency', latencyOf: (id) => load.latencyOf(id, model) } : { kind: 'least_busy', busy: (id) => load.busy(id) };
}
