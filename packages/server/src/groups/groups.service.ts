import type { OptionsService } from '../options/options.service.js';

/** The groups that exist: the keys of the GroupRatio option (spec 2; new-api `GET /api/group/`). */
export function groupNames(options: OptionsService): string[] {
  return Object.keys(options.get('GroupRatio'));
}

export function groupExists(options: OptionsService, group: string): boolean {
  return Object.prototype.hasOwnProperty.call(options.get('GroupRatio'), group);
}

/**
 * Groups a user may pick for a token: those listed in UserUsableGroups that exist in GroupRatio, plus
 * the user's own group (always usable when it exists), each with its ratio and description.
 */
export function usableGroups(options: OptionsService, userGroup?: string): Record<string, { ratio: number; desc: string }> {
  const ratios = options.get('GroupRatio');
  const descriptions = options.get('UserUsableGroups');
  const result: Record<string, { ratio: number; desc: string }> = {};
  for (const [name, desc] of Object.entries(descriptions)) {
    if (groupExists(options, name)) result[name] = { ratio: ratios[name], desc };
  }
  if (userGroup && groupExists(options, userGroup) && !result[userGroup]) {
    result[userGroup] = { ratio: ratios[userGroup], desc: userGroup };
  }
  return result;
}

/** The token group that routes through the AutoGroups option's groups in turn (new-api's `auto`). */
export const AUTO_GROUP = 'auto';

/** Whether tokens may use the `auto` group: an administrator listed it in UserUsableGroups. */
export function autoGroupOffered(options: OptionsService): boolean {
  return Object.prototype.hasOwnProperty.call(options.get('UserUsableGroups'), AUTO_GROUP);
}

/** The names of the groups a user may give a token: usableGroups, and `auto` when offered. */
export function usableGroupNames(options: OptionsService, userGroup?: string): Set<string> {
  const names = new Set(Object.keys(usableGroups(options, userGroup)));
  if (autoGroupOffered(options)) names.add(AUTO_GROUP);
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
