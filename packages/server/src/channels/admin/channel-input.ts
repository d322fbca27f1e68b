/**
 * Turns the console's create and update bodies (already checked by the contract schemas) into rows
 * for the routing service, applying the rules the schemas cannot see: known type, a base URL where
 * the type has none, the iFlytek version default, blank-means-none columns, batch keys.
 */
import {
  CHANNEL_BASE_URL_REQUIRED,
  CHANNEL_BATCH_MAX,
  CHANNEL_TYPE_UNKNOWN,
  SPARK_DEFAULT_VERSION,
  type CreateChannelBody,
  type MultiKeyMode,
  type UpdateChannelBody,
} from '@gw/contracts';
import { ValidationError } from '../../http/errors.js';
import type { CreateChannelInput } from '../channel-routing.service.js';
import { ChannelType, isChannelType } from '../channel-types.js';
import type { ChannelPatch, ChannelView } from '../channels.repository.js';
import { baseUrlRequired, type DefaultBaseUrlLookup } from './channel-type-info.js';
import { channelKeys } from '../multi-key/channel-keys.js';
import { freshKeysInfo, readKeysInfo, writeKeysInfo } from '../multi-key/keys-info.js';

const NAME_MAX = 128;
const DEFAULT_GROUP = 'default';

const blankToNull = (v: string | null | undefined): string | null => (v === undefined || v === null || v.trim() === '' ? null : v);

function requireKnownType(type: number): void {
  if (!isChannelType(type)) throw new ValidationError(`${CHANNEL_TYPE_UNKNOWN}: ${type}`, { field: 'type' });
}

function requireBaseUrl(type: number, baseUrl: string, lookup: DefaultBaseUrlLookup): void {
  if (baseUrl === '' && baseUrlRequired(type, lookup)) throw new ValidationError(CHANNEL_BASE_URL_REQUIRED, { field: 'base_url' });
}

/** iFlytek Spark keeps its API version in `other`; an empty one means the default version. */
function otherFor(type: number, other: string | null | undefined): string | null {
  const text = blankToNull(other);
  return text === null && type === ChannelType.IflytekSpark ? SPARK_DEFAULT_VERSION : text;
}

/** `name`, `name_2`, `name_3`, … cut so the suffix always fits the column. */
export function batchName(name: string, index: number): string {
  if (index === 0) return name;
  const suffix = `_${index + 1}`;
  return name.slice(0, NAME_MAX - suffix.length) + suffix;
}

/** The keys of a create: the whole key, or in batch mode one per non-empty line (duplicates once). */
function keysOf(body: CreateChannelBody): string[] {
  if (body.mode !== 'batch') return [body.key];
  const keys = [...new Set(body.key.split('\n').map((k) => k.trim()).filter(Boolean))];
  if (keys.length > CHANNEL_BATCH_MAX) throw new ValidationError(`at most ${CHANNEL_BATCH_MAX} channels can be created at once`, { field: 'key' });
  return keys;
}

/** The channels one create makes: one, or one per key line in batch mode. */
export function channelsToCreate(body: CreateChannelBody, lookup: DefaultBaseUrlLookup): CreateChannelInput[] {
  requireKnownType(body.type);
  const baseUrl = body.base_url ?? '';
  requireBaseUrl(body.type, baseUrl, lookup);
  const shared: Omit<CreateChannelInput, 'name' | 'key'> = {
    type: body.type,
    base_url: baseUrl,
    models: body.models,
    group: body.group || DEFAULT_GROUP,
    priority: body.priority ?? 0,
    weight: body.weight ?? 0,
    tag: blankToNull(body.tag),
    test_model: body.test_model ?? '',
    model_mapping: blankToNull(body.model_mapping),
    status_code_mapping: blankToNull(body.status_code_mapping),
    auto_ban: body.auto_ban ?? 1,
    other: otherFor(body.type, body.other),
    setting: blankToNull(body.setting),
    param_override: blankToNull(body.param_override),
    openai_organization: body.openai_organization ?? '',
    max_input_tokens: body.max_input_tokens ?? 0,
    status: body.status ?? 1,
  };
  return keysOf(body).map((key, i) => ({ ...shared, name: batchName(body.name, i), key, channel_info: keysInfoFor(key, body.multi_key_mode) }));
}

/** channel_info for a key text: the count and pick mode when it holds several keys, else nothing. */
function keysInfoFor(key: string, mode: MultiKeyMode | undefined): string | null {
  const size = channelKeys(key).length;
  return size > 1 ? writeKeysInfo(freshKeysInfo(size, mode)) : null;
}

/**
 * The column changes of an update, status excluded (it goes through enable/disable). Omitted fields
 * keep their value; a blank key keeps the stored key. The base URL rule is checked only when the type
 * or the base URL changes, so inline edits of an older channel never fail on it.
 */
export function channelPatchOf(body: UpdateChannelBody, current: ChannelView, lookup: DefaultBaseUrlLookup): ChannelPatch {
  const patch: ChannelPatch = {};
  if (body.type !== undefined) {
    requireKnownType(body.type);
    patch.type = body.type;
  }
  if (body.name !== undefined) patch.name = body.name;
  if (body.key !== undefined && body.key.trim() !== '') patch.key = body.key.trim();
  if (body.base_url !== undefined) patch.base_url = body.base_url ?? '';
  if (body.type !== undefined || body.base_url !== undefined) requireBaseUrl(patch.type ?? current.type, patch.base_url ?? current.base_url, lookup);
  if (body.models !== undefined) patch.models = body.models;
  if (body.group !== undefined) patch.group = body.group || DEFAULT_GROUP;
  if (body.priority !== undefined) patch.priority = body.priority;
  if (body.weight !== undefined) patch.weight = body.weight;
  if (body.tag !== undefined) patch.tag = blankToNull(body.tag);
  if (body.test_model !== undefined) patch.test_model = body.test_model ?? '';
  if (body.model_mapping !== undefined) patch.model_mapping = blankToNull(body.model_mapping);
  if (body.status_code_mapping !== undefined) patch.status_code_mapping = blankToNull(body.status_code_mapping);
  if (body.auto_ban !== undefined) patch.auto_ban = body.auto_ban;
  if (body.setting !== undefined) patch.setting = blankToNull(body.setting);
  if (body.param_override !== undefined) patch.param_override = blankToNull(body.param_override);
  if (body.openai_organization !== undefined) patch.openai_organization = body.openai_organization ?? '';
  if (body.max_input_tokens !== undefined) patch.max_input_tokens = body.max_input_tokens;
  // New keys start with every key enabled; a new pick mode alone keeps the keys' statuses.
  if (typeof patch.key === 'string') patch.channel_info = keysInfoFor(patch.key, body.multi_key_mode ?? readKeysInfo(current.channel_info).multi_key_mode);
  else if (body.multi_key_mode !== undefined) patch.channel_info = writeKeysInfo({ ...readKeysInfo(current.channel_info), multi_key_mode: body.multi_key_mode });
  if (body.other !== undefined || body.type !== undefined) {
    const type = patch.type ?? current.type;
    const other = otherFor(type, body.other !== undefined ? body.other : current.other);
    if (other !== current.other || body.other !== undefined) patch.other = other;
  }
  return patch;
}
