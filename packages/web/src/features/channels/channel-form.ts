import { CHANNEL_PRIORITY_MIN, ChannelType, SPARK_DEFAULT_VERSION, type ChannelView, type MultiKeyMode } from '@gw/contracts';
import { splitList } from './channel-rows';
import { emptyChannelSettings, mergeChannelSetting, settingProblem, splitChannelSetting, type ChannelSettingsValues } from './channel-setting-form';

/** The channel editor's form model (spec 2 §3 "Channel"); lists are arrays here, comma text on the wire. */
export interface ChannelFormValues {
  type: number;
  name: string;
  /** Write-only: on edit an empty key keeps the stored one. */
  key: string;
  /** Create only: one channel per key line. */
  batch: boolean;
  /** Create only: every key (one per line, or a JSON array) in this one channel. */
  multi_key: boolean;
  /** How a channel holding several keys picks one. */
  multi_key_mode: MultiKeyMode;
  base_url: string;
  /** Type-specific extra (Azure api-version, Spark version, AWS/Vertex region, Cloudflare account id). */
  other: string;
  models: string[];
  model_mapping: string;
  status_code_mapping: string;
  groups: string[];
  priority: number | null;
  weight: number | null;
  tag: string;
  auto_ban: boolean;
  test_model: string;
  param_override: string;
  /** The keys of `setting` the gateway acts on, as fields (channel-setting-form.ts). */
  settings: ChannelSettingsValues;
  /** The other keys of `setting`, as JSON text; merged with `settings` on save. */
  setting: string;
  openai_organization: string;
  max_input_tokens: number | null;
}

/** The channel fields sent by POST and PUT /api/channel/ (PUT adds `id`, POST may add `mode`). */
export interface ChannelPayload {
  type: number;
  name: string;
  key?: string;
  base_url: string;
  other: string;
  models: string;
  model_mapping: string;
  status_code_mapping: string;
  group: string;
  priority: number;
  weight: number;
  tag: string;
  auto_ban: 0 | 1;
  test_model: string;
  param_override: string;
  setting: string;
  openai_organization: string;
  max_input_tokens: number;
  multi_key_mode: MultiKeyMode;
  mode?: 'single' | 'batch' | 'multi_to_single';
}

/** Types whose `other` field the editor shows, and what it holds. */
export const OTHER_FIELD_KIND = {
  [ChannelType.AzureOpenAI]: 'azureVersion',
  [ChannelType.IflytekSpark]: 'sparkVersion',
  [ChannelType.AwsClaude]: 'awsRegion',
  [ChannelType.Cloudflare]: 'cloudflareAccount',
  [ChannelType.VertexAi]: 'vertexRegion',
  [ChannelType.AiProxyKnowledgeBase]: 'aiProxyLibrary',
  [ChannelType.Coze]: 'cozeBot',
} as const;
export type OtherFieldKind = (typeof OTHER_FIELD_KIND)[keyof typeof OTHER_FIELD_KIND];

export function otherFieldKindOf(type: number): OtherFieldKind | null {
  return (OTHER_FIELD_KIND as Record<number, OtherFieldKind>)[type] ?? null;
}

/** Types the gateway cannot call without `other`: an AI Proxy knowledge base channel names its library there. */
export function isOtherRequired(type: number): boolean {
  return type === ChannelType.AiProxyKnowledgeBase;
}

export function newChannelValues(): ChannelFormValues {
  return {
    type: ChannelType.OpenAI,
    name: '',
    key: '',
    batch: false,
    multi_key: false,
    multi_key_mode: 'random',
    base_url: '',
    other: '',
    models: [],
    model_mapping: '',
    status_code_mapping: '',
    groups: ['default'],
    priority: 0,
    weight: 0,
    tag: '',
    auto_ban: true,
    test_model: '',
    param_override: '',
    settings: emptyChannelSettings(),
    setting: '',
    openai_organization: '',
    max_input_tokens: 0,
  };
}

export function channelToValues(channel: ChannelView): ChannelFormValues {
  const { settings, setting } = splitChannelSetting(channel.setting);
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    batch: false,
    multi_key: false,
    multi_key_mode: channel.channel_info?.multi_key_mode ?? 'random',
    base_url: channel.base_url ?? '',
    other: channel.other ?? '',
    models: splitList(channel.models),
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    groups: splitList(channel.group),
    priority: channel.priority,
    weight: channel.weight,
    tag: channel.tag ?? '',
    auto_ban: channel.auto_ban === 1,
    test_model: channel.test_model ?? '',
    param_override: channel.param_override ?? '',
    settings,
    setting,
    openai_organization: channel.openai_organization ?? '',
    max_input_tokens: channel.max_input_tokens,
  };
}

/** Trims and removes trailing slashes: the gateway appends the API paths itself. */
export function normaliseBaseUrl(url: string | null | undefined): string {
  return (url ?? '').trim().replace(/\/+$/, '');
}

/** A base URL ending in /v1 usually doubles the version segment (…/v1/v1/chat/completions). */
export function endsWithV1(url: string | null | undefined): boolean {
  return /\/v1$/i.test(normaliseBaseUrl(url));
}

/** The keys of a batch create: one per non-empty line, trimmed. */
export function splitKeyLines(key: string): string[] {
  return key
    .split(/\r?\n/)
    .map((k) => k.trim())
    .filter(Boolean);
}

/** Priority as an integer of at least -999 (spec 2 §5). */
export function clampPriority(value: number | null | undefined): number {
  return Math.max(CHANNEL_PRIORITY_MIN, Math.trunc(Number(value) || 0));
}

/** Weight as a non-negative integer: negatives become 0 (spec 2 §5). */
export function clampWeight(value: number | null | undefined): number {
  return Math.max(0, Math.trunc(Number(value) || 0));
}

/** Form values → the body of POST /api/channel/ (create) or the fields of PUT /api/channel/ (edit). */
export function valuesToPayload(v: ChannelFormValues, isEdit: boolean): ChannelPayload {
  const key = v.key.trim();
  const other = v.other.trim() || (v.type === ChannelType.IflytekSpark ? SPARK_DEFAULT_VERSION : '');
  const payload: ChannelPayload = {
    type: v.type,
    name: v.name.trim(),
    base_url: normaliseBaseUrl(v.base_url),
    other,
    models: [...new Set(v.models.map((m) => m.trim()).filter(Boolean))].join(','),
    model_mapping: v.model_mapping.trim(),
    status_code_mapping: v.status_code_mapping.trim(),
    group: [...new Set(v.groups.map((g) => g.trim()).filter(Boolean))].join(','),
    priority: clampPriority(v.priority),
    weight: clampWeight(v.weight),
    tag: v.tag.trim(),
    auto_ban: v.auto_ban ? 1 : 0,
    test_model: v.test_model.trim(),
    param_override: v.param_override.trim(),
    setting: mergeChannelSetting(v.settings, v.setting),
    openai_organization: v.openai_organization.trim(),
    max_input_tokens: Math.max(0, Math.trunc(Number(v.max_input_tokens) || 0)),
    multi_key_mode: v.multi_key_mode,
  };
  if (isEdit) return key ? { ...payload, key } : payload;
  return { ...payload, key, mode: v.batch ? 'batch' : v.multi_key ? 'multi_to_single' : 'single' };
}

/** Blank text is fine; otherwise it must parse as a JSON object. */
export function isJsonObjectText(text: string | null | undefined): boolean {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return true;
  try {
    const value: unknown = JSON.parse(trimmed);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The first thing that stops a save, as the form field and an i18n problem key (spec 2 §5, §8). */
export type ChannelFormProblem =
  | { field: 'name' | 'key'; problem: 'nameAndKey' }
  | { field: 'models'; problem: 'models' }
  | { field: 'base_url'; problem: 'baseUrl' | 'baseUrlRequired' }
  | { field: 'other'; problem: 'libraryIdRequired' }
  | { field: 'model_mapping'; problem: 'modelMapping' }
  | { field: 'status_code_mapping'; problem: 'statusCodeMapping' }
  | { field: 'param_override' | 'setting'; problem: 'json' }
  /** `reason`: the contract's message (channelSettingProblem, channelProxyProblem), shown as it is. */
  | { field: 'setting'; problem: 'settingValue'; reason: string }
  | { field: ['settings', 'proxy']; problem: 'proxy'; reason: string };

export function findFormProblem(v: ChannelFormValues, isEdit: boolean, baseUrlRequired: boolean): ChannelFormProblem | null {
  if (!v.name.trim()) return { field: 'name', problem: 'nameAndKey' };
  if (!isEdit && !v.key.trim()) return { field: 'key', problem: 'nameAndKey' };
  if (v.models.every((m) => !m.trim())) return { field: 'models', problem: 'models' };
  const baseUrl = normaliseBaseUrl(v.base_url);
  if (baseUrl && !/^https?:\/\/[^\s/]+/i.test(baseUrl)) return { field: 'base_url', problem: 'baseUrl' };
  if (!baseUrl && baseUrlRequired) return { field: 'base_url', problem: 'baseUrlRequired' };
  if (isOtherRequired(v.type) && !v.other.trim()) return { field: 'other', problem: 'libraryIdRequired' };
  if (!isJsonObjectText(v.model_mapping)) return { field: 'model_mapping', problem: 'modelMapping' };
  if (!isJsonObjectText(v.status_code_mapping)) return { field: 'status_code_mapping', problem: 'statusCodeMapping' };
  if (!isJsonObjectText(v.param_override)) return { field: 'param_override', problem: 'json' };
  if (!isJsonObjectText(v.setting)) return { field: 'setting', problem: 'json' };
  const setting = settingProblem(v.settings, v.setting);
  if (setting?.field === 'setting') return { field: 'setting', problem: 'settingValue', reason: setting.reason };
  if (setting?.field === 'proxy') return { field: ['settings', 'proxy'], problem: 'proxy', reason: setting.reason };
  return null;
}

/**
 * Adds comma-separated custom model names to a list. Names already in the list are not added again
 * and are reported (spec 2 §8 "some models already exist").
 */
export function addCustomModels(current: readonly string[], input: string): { models: string[]; added: string[]; duplicates: string[] } {
  const models = [...current];
  const added: string[] = [];
  const duplicates: string[] = [];
  for (const name of splitList(input)) {
    if (models.includes(name)) {
      if (!duplicates.includes(name)) duplicates.push(name);
      continue;
    }
    models.push(name);
    added.push(name);
  }
  return { models, added, duplicates };
}

/** A model list answer as names: plain strings, or `{id}` objects (the OpenAI /v1/models shape). */
export function modelNamesOf(data: unknown): string[] {
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data) ? (data as { data: unknown[] }).data : [];
  const names = list.map((m) => (typeof m === 'string' ? m : m && typeof m === 'object' && typeof (m as { id?: unknown }).id === 'string' ? (m as { id: string }).id : ''));
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))];
}
