import { AUTO_GROUP } from '@gw/contracts';
import type { OptionsService } from '../options/options.service.js';

/** The groups that exist: the keys of the GroupRatio option (spec 2; new-api `GET /api/group/`). */
export function groupNames(options: OptionsService): string[] {
  return Object.keys(options.get('GroupRatio'));
}

export function groupExists(options: OptionsService, group: string): boolean {
  return Object.prototype.hasOwnProperty.call(options.get('GroupRatio'), group);
}

/**
 * The groups offered to users of `userGroup`, name → description: UserUsableGroups, changed by that user
 * group's entry in group_ratio_setting.group_special_usable_group (new-api's): `"+:g"` or `"g"` adds g,
 * `"-:g"` takes it away.
 */
function offeredGroups(options: OptionsService, userGroup?: string): Record<string, string> {
  const offered = { ...options.get('UserUsableGroups') };
  const special = userGroup ? options.get('group_ratio_setting.group_special_usable_group')[userGroup] : undefined;
  for (const [rule, desc] of Object.entries(special ?? {})) {
    if (rule.startsWith('-:')) delete offered[rule.slice(2)];
    else offered[rule.startsWith('+:') ? rule.slice(2) : rule] = desc;
  }
  return offered;
}

/**
 * Groups a user may pick for a token: those offered to their group (UserUsableGroups, with their group's
 * special rules) that exist in GroupRatio, plus the user's own group (always usable when it exists), each
 * with its ratio and description.
 */
export function usableGroups(options: OptionsService, userGroup?: string): Record<string, { ratio: number; desc: string }> {
  const ratios = options.get('GroupRatio');
  const result: Record<string, { ratio: number; desc: string }> = {};
  for (const [name, desc] of Object.entries(offeredGroups(options, userGroup))) {
    if (groupExists(options, name)) result[name] = { ratio: ratios[name], desc };
  }
  if (userGroup && groupExists(options, userGroup) && !result[userGroup]) {
    result[userGroup] = { ratio: ratios[userGroup], desc: userGroup };
  }
  return result;
}

export { AUTO_GROUP };

/** The `auto` group's description when users of `userGroup` are offered it (listed like any other group), else undefined. */
export function autoGroupOffer(options: OptionsService, userGroup?: string): string | undefined {
  const offered = offeredGroups(options, userGroup);
  return Object.prototype.hasOwnProperty.call(offered, AUTO_GROUP) ? offered[AUTO_GROUP] || AUTO_GROUP : undefined;
}

/** The names of the groups a user may give a token: usableGroups, and `auto` when offered. */
export function usableGroupNames(options: OptionsService, userGroup?: string): Set<string> {
  const names = new Set(Object.keys(usableGroups(options, userGroup)));
  if (autoGroupOffer(options, userGroup) !== undefined) names.add(AUTO_GROUP);
  return names;
}

/**
 * The groups an `auto` token tries, in order: those of the AutoGroups option that exist and that the
 * token's owner may use (new-api's rule).
 */
export function autoGroupsFor(options: OptionsService, userGroup: string): string[] {
  const usable = usableGroups(options, userGroup);
  return options.get('AutoGroups').filter((g) => Object.prototype.hasOwnProperty.call(usable, g));
}
