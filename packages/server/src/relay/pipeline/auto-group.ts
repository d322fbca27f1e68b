import { AUTO_GROUP, autoGroupsFor } from '../../groups/groups.service.js';
import type { ApiKeyPrincipal } from './authenticate-api-key.js';
import type { RelayDeps } from './relay-deps.js';

/**
 * The caller with the group that serves this model. A key in the `auto` group takes the first of its
 * auto groups (the AutoGroups option, in order, limited to groups its owner may use) with a channel for
 * the model; that group then routes, prices and is logged. Any other key, a pinned channel, or an `auto`
 * key no group can serve, is returned as it is (the latter then finds no channel under `auto`).
 */
export function withRoutingGroup(deps: Pick<RelayDeps, 'options' | 'routing'>, principal: ApiKeyPrincipal, model: string): ApiKeyPrincipal {
  if (principal.group !== AUTO_GROUP || principal.pinnedChannelId !== null) return principal;
  const group = autoGroupsFor(deps.options, principal.userGroup).find((g) => deps.routing.table.candidates(g, model));
  return group ? { ...principal, group } : principal;
}

/** The groups whose models an `auto` key lists: its auto groups; any other key, its own group. */
export function listingGroups(deps: Pick<RelayDeps, 'options'>, principal: ApiKeyPrincipal): string[] {
  return principal.group === AUTO_GROUP ? autoGroupsFor(deps.options, principal.userGroup) : [principal.group];
}
