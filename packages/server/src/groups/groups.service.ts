import type { UsableGroups } from '@gw/contracts';
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
export function usableGroups(options: OptionsService, userGroup?: string): UsableGroups {
  const ratios = options.get('GroupRatio');
  const descriptions = options.get('UserUsableGroups');
  const result: UsableGroups = {};
  for (const [name, desc] of Object.entries(descriptions)) {
    if (groupExists(options, name)) result[name] = { ratio: ratios[name], desc };
  }
  if (userGroup && groupExists(options, userGroup) && !result[userGroup]) {
    result[userGroup] = { ratio: ratios[userGroup], desc: userGroup };
  }
  return result;
}
