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

/**
 * For an `auto` key with cross-group retry: the auto group after the one `input` is routed in that has a
 * channel for the model, or undefined (any other key, or no such group).
 */
export function nextAutoGroup(deps: Pick<RelayDeps, 'options' | 'routing'>, principal: ApiKeyPrincipal, input: { principal: ApiKeyPrincipal; model: string }): string | undefined {
  if (principal.group !== AUTO_GROUP || !principal.crossGroupRetry || principal.pinnedChannelId !== null) return undefined;
  const groups = autoGroupsFor(deps.options, principal.userGroup);
  const at = groups.indexOf(input.principal.group);
  if (at < 0) return undefined;
  return groups.slice(at + 1).find((g) => deps.routing.table.candidates(g, input.model));
}

/** The groups whose models an `auto` key lists: its auto groups; any other key, its own group. */
export function listingGroups(deps: Pick<RelayDeps, 'options'>, principal: ApiKeyPrincipal): string[] {
  return principal.group === AUTO_GROUP ? autoGroupsFor(deps.options, principal.userGroup) : [principal.group];
}
