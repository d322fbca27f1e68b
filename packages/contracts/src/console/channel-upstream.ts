import { z } from 'zod';

/**
 * Upstream model updates and the Ollama helpers under /api/channel (new-api's channel routes, same
 * paths, bodies and answers). Root only, like the rest of channel management.
 *
 * A check compares a channel's `models` with the list its upstream serves and records what it found in
 * the channel's `other_info` JSON (`upstream_model_update_*` keys, read with `readUpstreamUpdateState`);
 * applying adds or removes the chosen models. A channel's `setting` JSON holds the administrator's
 * choices (`readUpstreamUpdateSettings`): periodic checks, automatic adding, and models never to offer.
 */

/** Model names longer than this cannot be routed (the abilities table's column), so a check never offers them. */
export const UPSTREAM_MODEL_NAME_MAX = 191;
/** Upper bound on the model names of one apply request, per list. */
export const UPSTREAM_MODEL_LIST_MAX = 5000;
/** Prefix of an ignore entry that is a regular expression rather than a name (new-api's `regex:`). */
export const UPSTREAM_IGNORE_REGEX_PREFIX = 'regex:';

export const OLLAMA_ONLY = 'this operation is only supported for Ollama channels';
export const OLLAMA_MODEL_NAME_REQUIRED = 'channel_id and model_name are required';
export const UPSTREAM_DETECT_ALL_RUNNING = 'a check of all channels is already running';

/** What a channel's last check found, as kept in its `other_info`. */
export interface UpstreamUpdateState {
  /** Unix seconds of the last check (0 = never checked). */
  last_check_time: number;
  /** Models the upstream serves that the channel does not offer yet. */
  add_models: string[];
  /** Models the channel offers that the upstream no longer serves. */
  remove_models: string[];
  /** Why the last check failed; '' when it succeeded. */
  last_error: string;
}

/** The administrator's per-channel choices, kept in the channel's `setting`. */
export interface UpstreamUpdateSettings {
  /** The periodic check looks at this channel (new-api's `upstream_model_update_check_enabled`). */
  check_enabled: boolean;
  /** The periodic check adds new models by itself (new-api's `upstream_model_update_auto_sync_enabled`). */
  auto_sync_enabled: boolean;
  /** Names (or `regex:` patterns) a check never offers to add. */
  ignored_models: string[];
}

/** The JSON keys, new-api's names, in `other_info` (state) and `setting` (choices). */
export const UpstreamUpdateKeys = {
  lastCheckTime: 'upstream_model_update_last_check_time',
  detected: 'upstream_model_update_last_detected_models',
  removed: 'upstream_model_update_last_removed_models',
  lastError: 'upstream_model_update_last_error',
  checkEnabled: 'upstream_model_update_check_enabled',
  autoSyncEnabled: 'upstream_model_update_auto_sync_enabled',
  ignored: 'upstream_model_update_ignored_models',
} as const;

function objectOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    try {
      return objectOf(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Trimmed, non-empty, each name once, first spelling and order kept; anything not a string dropped. */
export function normalizeModelNames(names: unknown): string[] {
  if (!Array.isArray(names)) return [];
  const seen = new Set<string>();
  for (const name of names) {
    if (typeof name !== 'string') continue;
    const trimmed = name.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}

/** A channel's last check result from its `other_info` (text or parsed); missing or malformed reads as never checked. */
export function readUpstreamUpdateState(otherInfo: unknown): UpstreamUpdateState {
  const o = objectOf(otherInfo);
  const time = o[UpstreamUpdateKeys.lastCheckTime];
  const error = o[UpstreamUpdateKeys.lastError];
  return {
    last_check_time: typeof time === 'number' && Number.isFinite(time) ? time : 0,
    add_models: normalizeModelNames(o[UpstreamUpdateKeys.detected]),
    remove_models: normalizeModelNames(o[UpstreamUpdateKeys.removed]),
    last_error: typeof error === 'string' ? error : '',
  };
}

/** A channel's upstream-update choices from its `setting` (text or parsed). */
export function readUpstreamUpdateSettings(setting: unknown): UpstreamUpdateSettings {
  const s = objectOf(setting);
  return {
    check_enabled: s[UpstreamUpdateKeys.checkEnabled] === true,
    auto_sync_enabled: s[UpstreamUpdateKeys.autoSyncEnabled] === true,
    ignored_models: normalizeModelNames(s[UpstreamUpdateKeys.ignored]),
  };
}

/** Whether `name` matches an ignore entry: the same name, or a `regex:` pattern (an invalid pattern matches nothing). */
export function isIgnoredModel(name: string, ignored: readonly string[]): boolean {
  return ignored.some((entry) => {
    if (!entry.startsWith(UPSTREAM_IGNORE_REGEX_PREFIX)) return entry === name;
    try {
      return new RegExp(entry.slice(UPSTREAM_IGNORE_REGEX_PREFIX.length).trim()).test(name);
    } catch {
      return false;
    }
  });
}

/**
 * What a check offers, from the channel's models, the upstream's, the ignore list and the model mapping
 * (new-api's rules): a model is offered for adding when the upstream serves it, the channel neither
 * offers it nor maps a name onto it, it is not ignored and its name fits; a model is offered for removal
 * when the upstream no longer serves it, unless it is a mapped name (an alias, never served as such).
 */
export function pendingUpstreamChanges(input: {
  local: readonly string[];
  upstream: readonly string[];
  ignored?: readonly string[];
  /** The channel's model mapping: requested name → upstream name. */
  mapping?: Readonly<Record<string, string>>;
}): { add: string[]; remove: string[] } {
  const local = normalizeModelNames(input.local);
  const upstream = normalizeModelNames(input.upstream);
  const mapping = Object.entries(input.mapping ?? {}).filter(([from, to]) => from.trim() && typeof to === 'string' && to.trim());
  const aliases = new Set(mapping.map(([from]) => from.trim()));
  const covered = new Set([...local, ...mapping.map(([, to]) => to.trim())]);
  const upstreamSet = new Set(upstream);
  const ignored = normalizeModelNames(input.ignored ?? []);
  return {
    add: upstream.filter((m) => !covered.has(m) && m.length <= UPSTREAM_MODEL_NAME_MAX && !isIgnoredModel(m, ignored)),
    remove: local.filter((m) => !upstreamSet.has(m) && !aliases.has(m)),
  };
}

/** The channel's model list after adding `add` and removing `remove` (an add wins over a remove of the same name). */
export function applyModelChanges(current: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const adding = normalizeModelNames(add);
  const removing = new Set(normalizeModelNames(remove).filter((m) => !adding.includes(m)));
  const merged = normalizeModelNames([...current, ...adding]);
  return merged.filter((m) => !removing.has(m));
}

const channelId = (field: string) =>
  z.coerce.number({ error: `${field} must be a channel id` }).int(`${field} must be a channel id`).positive(`${field} must be a channel id`);

const modelList = (field: string) =>
  z
    .array(z.string({ error: `${field} must be a list of model names` }).max(1000, `${field}: a model name is too long`), { error: `${field} must be a list of model names` })
    .max(UPSTREAM_MODEL_LIST_MAX, `${field}: too many models at once`)
    .nullish()
    .transform((v) => normalizeModelNames(v ?? []));

/** POST /api/channel/upstream_updates/detect: `{id}`. */
export const UpstreamDetectBody = z.object({ id: channelId('id') });
export type UpstreamDetectBody = z.output<typeof UpstreamDetectBody>;

/**
 * POST /api/channel/upstream_updates/apply. Only names the last check offered count: `add_models` and
 * `ignore_models` among its additions, `remove_models` among its removals. Ignored names join the
 * channel's ignore list, so later checks no longer offer them.
 */
export const UpstreamApplyBody = z.object({
  id: channelId('id'),
  add_models: modelList('add_models'),
  remove_models: modelList('remove_models'),
  ignore_models: modelList('ignore_models'),
});
export type UpstreamApplyBody = z.output<typeof UpstreamApplyBody>;

/** One channel's check (detect, and each entry of detect_all). */
export interface UpstreamDetectResult {
  channel_id: number;
  channel_name: string;
  add_models: string[];
  remove_models: string[];
  last_check_time: number;
  /** Models the check added by itself (the periodic check with automatic adding on); 0 for a manual check. */
  auto_added_models: number;
}

export interface UpstreamCheckFailure {
  channel_id: number;
  channel_name: string;
  message: string;
}

/** POST /api/channel/upstream_updates/detect_all. */
export interface UpstreamDetectAllResult {
  /** Channels checked successfully. */
  processed_channels: number;
  failed_channel_ids: number[];
  /** Why each failed channel failed (an addition to new-api's answer). */
  failed_channels: UpstreamCheckFailure[];
  detected_add_models: number;
  detected_remove_models: number;
  channel_detected_results: UpstreamDetectResult[];
}

/** POST /api/channel/upstream_updates/apply. */
export interface UpstreamApplyResult {
  id: number;
  added_models: string[];
  removed_models: string[];
  ignored_models: string[];
  /** Additions of the last check still waiting (neither added nor ignored). */
  remaining_models: string[];
  remaining_remove_models: string[];
  /** The channel's model list now (comma-separated). */
  models: string;
  /** The channel's `setting` JSON now (its ignore list). */
  settings: string;
}

export interface UpstreamApplyAllEntry {
  channel_id: number;
  channel_name: string;
  added_models: string[];
  removed_models: string[];
  remaining_models: string[];
  remaining_remove_models: string[];
}

/** POST /api/channel/upstream_updates/apply_all: every enabled channel's pending additions and removals. */
export interface UpstreamApplyAllResult {
  processed_channels: number;
  added_models: number;
  removed_models: number;
  failed_channel_ids: number[];
  results: UpstreamApplyAllEntry[];
}

/** POST /api/channel/ollama/pull, /ollama/pull/stream and DELETE /api/channel/ollama/delete: `{channel_id, model_name}`. */
export const OllamaModelBody = z.object({
  channel_id: channelId('channel_id'),
  model_name: z.string({ error: OLLAMA_MODEL_NAME_REQUIRED }).trim().min(1, OLLAMA_MODEL_NAME_REQUIRED).max(255, 'model_name is too long'),
});
export type OllamaModelBody = z.output<typeof OllamaModelBody>;

/** GET /api/channel/ollama/version/:id. */
export interface OllamaVersion {
  version: string;
}

/**
 * One event of POST /api/channel/ollama/pull/stream (`data: <json>` lines, then `data: [DONE]`):
 * Ollama's own progress lines as they come (`status`, with `digest`, `total`, `completed` while a layer
 * downloads), then `{message}` when the pull succeeded or `{error}` when it failed.
 */
export interface OllamaPullEvent {
  status?: string;
  digest?: string;
  total?: number;
  completed?: number;
  error?: string;
  message?: string;
}
