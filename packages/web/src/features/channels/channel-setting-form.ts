import { CHANNEL_SETTING_SWITCHES, CHANNEL_SETTING_TEXTS, channelProxyProblem, channelSettingProblem, readChannelSettings, type ChannelSettings } from '@gw/contracts';

/**
 * A channel's `setting` JSON in the editor: the keys the gateway acts on (`ChannelSettings`) are form
 * fields, every other key stays in a JSON text area. The two never hold the same key: a known key typed
 * into the text area is moved into its field (or, with a value of the wrong type, rejected), and on save
 * both are merged back into one JSON object.
 */

/** The settings that have fields in the editor (the request-field switches stay in the JSON text). */
type FieldSettings = Pick<ChannelSettings, 'force_format' | 'thinking_to_content' | 'pass_through_body_enabled' | 'proxy' | 'system_prompt' | 'system_prompt_override'>;

/** The settings as form fields: every key present, off / '' meaning "not set". */
export type ChannelSettingsValues = Required<FieldSettings>;

const BOOLEAN_KEYS = CHANNEL_SETTING_SWITCHES;
const STRING_KEYS = CHANNEL_SETTING_TEXTS;

/** The keys of `setting` that have their own field in the editor. */
export const CHANNEL_SETTING_KEYS: readonly (keyof FieldSettings)[] = [
  'force_format',
  'thinking_to_content',
  'pass_through_body_enabled',
  'proxy',
  'system_prompt',
  'system_prompt_override',
];

export function emptyChannelSettings(): ChannelSettingsValues {
  return { force_format: false, thinking_to_content: false, pass_through_body_enabled: false, proxy: '', system_prompt: '', system_prompt_override: false };
}

/** Fills the gaps of possibly partial form values (a field the form never registered) with "not set". */
function complete(settings: Partial<ChannelSettings> | null | undefined): ChannelSettingsValues {
  const empty = emptyChannelSettings();
  const out = { ...empty };
  for (const key of BOOLEAN_KEYS) out[key] = settings?.[key] === true;
  for (const key of STRING_KEYS) out[key] = typeof settings?.[key] === 'string' ? settings[key] : '';
  return out;
}

function parseObject(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function hasRightType(key: keyof ChannelSettings, value: unknown): boolean {
  return (BOOLEAN_KEYS as readonly string[]).includes(key) ? typeof value === 'boolean' : typeof value === 'string';
}

interface Extracted {
  /** The known keys whose value has the right type, read as `readChannelSettings` reads them. */
  found: (keyof FieldSettings)[];
  settings: ChannelSettings;
  /** Every other key, and the known keys whose value has the wrong type. */
  rest: Record<string, unknown>;
  wrong: Record<string, unknown>;
}

function extract(object: Record<string, unknown>): Extracted {
  const found: (keyof FieldSettings)[] = [];
  const rest: Record<string, unknown> = {};
  const wrong: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    const known = CHANNEL_SETTING_KEYS.find((k) => k === key);
    if (!known) rest[key] = value;
    else if (hasRightType(known, value)) found.push(known);
    else rest[key] = wrong[key] = value;
  }
  return { found, settings: readChannelSettings(object), rest, wrong };
}

const restText = (rest: Record<string, unknown>): string => (Object.keys(rest).length === 0 ? '' : JSON.stringify(rest, null, 2));

/**
 * A stored `setting` → the fields and the text of the other keys. Text that is not a JSON object stays
 * as it is (the editor reports it), as does a known key with a value of the wrong type; text without a
 * known key is kept verbatim, so an untouched channel saves exactly what it had.
 */
export function splitChannelSetting(setting: string | null | undefined): { settings: ChannelSettingsValues; setting: string } {
  const text = setting ?? '';
  const object = parseObject(text);
  if (!object) return { settings: emptyChannelSettings(), setting: text };
  const { found, settings, rest } = extract(object);
  return { settings: complete(settings), setting: found.length === 0 ? text : restText(rest) };
}

export type AbsorbResult =
  | { settings: ChannelSettingsValues; setting: string; moved: (keyof FieldSettings)[] }
  /** A known key in the text has a value of the wrong type (the contract's message); nothing was moved. */
  | { problem: string };

/**
 * Moves the known keys typed into the text area into the fields (the text's value wins) and leaves the
 * other keys in the text. Text that is not a JSON object, or has no known key, comes back unchanged.
 */
export function absorbSettingText(settings: Partial<ChannelSettings> | null | undefined, setting: string | null | undefined): AbsorbResult {
  const current = complete(settings);
  const text = setting ?? '';
  const object = parseObject(text);
  if (!object) return { settings: current, setting: text, moved: [] };
  const { found, settings: typed, rest, wrong } = extract(object);
  if (Object.keys(wrong).length > 0) return { problem: channelSettingProblem(wrong) ?? 'setting has a value of the wrong type' };
  if (found.length === 0) return { settings: current, setting: text, moved: [] };
  const next = { ...current };
  for (const key of found) (next as Record<string, unknown>)[key] = complete(typed)[key];
  return { settings: next, setting: restText(rest), moved: found };
}

/** The settings that are set, as they are stored: off switches, blank texts and an override without a prompt are left out. */
export function settingsToStore(settings: Partial<ChannelSettings> | null | undefined): ChannelSettings {
  const v = complete(settings);
  const out: ChannelSettings = {};
  if (v.force_format) out.force_format = true;
  if (v.thinking_to_content) out.thinking_to_content = true;
  if (v.pass_through_body_enabled) out.pass_through_body_enabled = true;
  if (v.proxy.trim()) out.proxy = v.proxy.trim();
  if (v.system_prompt.trim()) {
    out.system_prompt = v.system_prompt;
    if (v.system_prompt_override) out.system_prompt_override = true;
  }
  return out;
}

/**
 * The fields and the other keys' text → the `setting` sent to the server. Nothing set: the text as it is
 * (trimmed; '' for a channel without settings, as before). Known keys still in the text are moved first.
 */
export function mergeChannelSetting(settings: Partial<ChannelSettings> | null | undefined, setting: string | null | undefined): string {
  const absorbed = absorbSettingText(settings, setting);
  // A wrong type in the text is reported before saving; should it get here, the server gets the text to reject.
  if ('problem' in absorbed) return (setting ?? '').trim();
  const known = settingsToStore(absorbed.settings);
  const text = absorbed.setting.trim();
  if (Object.keys(known).length === 0) return text;
  const rest = parseObject(text);
  if (!rest) return text;
  return JSON.stringify({ ...rest, ...known });
}

/** What stops a save in the settings: a known key of the wrong type in the text, or an unusable proxy. */
export function settingProblem(
  settings: Partial<ChannelSettings> | null | undefined,
  setting: string | null | undefined,
): { field: 'setting' | 'proxy'; reason: string } | null {
  const absorbed = absorbSettingText(settings, setting);
  if ('problem' in absorbed) return { field: 'setting', reason: absorbed.problem };
  const proxy = channelProxyProblem(absorbed.settings.proxy);
  return proxy ? { field: 'proxy', reason: proxy } : null;
}
