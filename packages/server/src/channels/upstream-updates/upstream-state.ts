/**
 * Reading and writing the upstream-update keys of a channel's JSON columns: the last check's result in
 * `other_info` (next to keys others keep there, such as the status reason), the ignore list in `setting`.
 */
import { UpstreamUpdateKeys, type UpstreamUpdateState } from '@gw/contracts';

function parseObject(raw: string | null | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `other_info` with the check's result written over the previous one; every other key kept. */
export function withUpstreamState(otherInfo: string | null | undefined, state: UpstreamUpdateState): string {
  const object = parseObject(otherInfo);
  object[UpstreamUpdateKeys.lastCheckTime] = state.last_check_time;
  object[UpstreamUpdateKeys.detected] = state.add_models;
  object[UpstreamUpdateKeys.removed] = state.remove_models;
  if (state.last_error) object[UpstreamUpdateKeys.lastError] = state.last_error;
  else delete object[UpstreamUpdateKeys.lastError];
  return JSON.stringify(object);
}

/** `setting` with a new ignore list (the key left out when the list is empty); every other key kept. */
export function withIgnoredModels(setting: string | null | undefined, ignored: readonly string[]): string {
  const object = parseObject(setting);
  if (ignored.length > 0) object[UpstreamUpdateKeys.ignored] = [...ignored];
  else delete object[UpstreamUpdateKeys.ignored];
  return JSON.stringify(object);
}

/** The channel's model mapping as a plain object; a malformed one counts as none (the check still runs). */
export function mappingObjectOf(raw: string | null | undefined): Record<string, string> {
  const object = parseObject(raw);
  return Object.fromEntries(Object.entries(object).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
