import { z } from 'zod';
import { MULTI_KEY_MODES, type ChannelKeysSummary } from './multi-key.js';
import { channelSettingProblem } from './channel-setting.js';

/**
 * Channel management (spec 2 §3 "Channel", §5 channel rules, §7 "Channels"). Root only. The secret
 * `key` is write-only: no list, search or get answer carries it; the editor asks for one channel's key
 * with POST /api/channel/{id}/key.
 */

/** Spec 2 §8 / §5 messages, shared by the server's validation and the console's form. */
export const CHANNEL_NAME_AND_KEY_REQUIRED = 'please fill channel name and key';
export const CHANNEL_KEY_REQUIRED = 'please fill in the key';
export const CHANNEL_MODELS_REQUIRED = 'select at least one model';
export const CHANNEL_MODEL_MAPPING_INVALID = 'model mapping must be legal JSON';
export const CHANNEL_STATUS_CODE_MAPPING_INVALID = 'status code mapping must be legal JSON';
export const CHANNEL_BASE_URL_INVALID = 'base URL must start with http:// or https://';
export const CHANNEL_PRIORITY_INVALID = 'priority must be an integer';
export const CHANNEL_WEIGHT_INVALID = 'weight must be a non-negative integer';
export const CHANNEL_NOT_FOUND = 'channel not found, refresh';
export const CHANNEL_BASE_URL_REQUIRED = 'this channel type needs a base URL';
export const CHANNEL_TYPE_UNKNOWN = 'unknown channel type';
export const CHANNEL_COPY_FAILED = 'channel copy failed';
export const FETCH_MODELS_FAILED = 'fetch model list failed';
export const CHANNEL_TAG_REQUIRED = 'please enter a tag';
export const CHANNEL_SELECTION_REQUIRED = 'please select channels first';
export const TAG_NO_CHANGES = 'no changes';
/** Spec 2 §5: row priority minimum. */
export const CHANNEL_PRIORITY_MIN = -999;
/** iFlytek Spark (type 18): the API version kept in `other` defaults to v2.1. */
export const SPARK_DEFAULT_VERSION = 'v2.1';
/** Upper bound on channels made by one batch create (one per key line). */
export const CHANNEL_BATCH_MAX = 500;

/** A channel as every read answers it: all columns but `key`. */
export interface ChannelView {
  id: number;
  type: number;
  name: string;
  status: number;
  base_url: string | null;
  /** Comma-separated model names. */
  models: string;
  /** Comma-separated group names. */
  group: string;
  priority: number;
  weight: number;
  tag: string | null;
  test_model: string | null;
  /** Milliseconds of the last test; 0 = never tested. */
  response_time: number;
  /** USD. */
  balance: number;
  balance_updated_time: number;
  used_quota: number;
  created_time: number;
  test_time: number;
  model_mapping: string | null;
  status_code_mapping: string | null;
  auto_ban: number;
  /** Type-specific extra: Azure api-version, Spark version, Cloudflare account id, Vertex region, AWS region. */
  other: string | null;
  /** JSON text with `status_reason` and `status_time` once a channel was disabled automatically. */
  other_info: string | null;
  setting: string | null;
  param_override: string | null;
  openai_organization: string | null;
  max_input_tokens: number;
  /** The channel's keys: how many, how many usable, and how the relay picks one. */
  channel_info: ChannelKeysSummary;
}

/** GET /api/channel/types: what the editor needs to know of each type. */
export interface ChannelTypeInfo {
  value: number;
  label: string;
  /** '' when the type has none (Azure, custom, AWS). */
  default_base_url: string;
  /** True when a channel of this type cannot work without its own base URL (Azure, custom; not AWS, whose URL comes from the region). */
  base_url_required: boolean;
}

/** POST /api/channel/ answers the ids of the channels made (one per key line in batch mode). */
export interface ChannelCreated {
  ids: number[];
}

/** GET /api/channel/models: every model some channel type is known to offer, with the type's label as owner. */
export interface ChannelModelInfo {
  id: string;
  owned_by: string;
}

/** Column widths of the channels table (the schema's varchar sizes). */
export const CHANNEL_BASE_URL_MAX = 512;
export const CHANNEL_GROUP_LIST_MAX = 255;

/** GET /api/channel/?p&page_size&id_sort&tag_mode&status&type. Paging comes from PageQuery. */
export const ChannelListQuery = z.object({
  id_sort: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional().default(false),
  tag_mode: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).optional().default(false),
  /** 'enabled' = status 1, 'disabled' = 2 or 3; anything else = all. */
  status: z.string().trim().max(16).optional().default(''),
  type: z.preprocess((v) => (v === undefined || v === '' ? undefined : Number(v)), z.number().int().optional()),
});
export type ChannelListQuery = z.infer<typeof ChannelListQuery>;

/** GET /api/channel/search: `keyword` matches id, name, tag or base URL; group and model match one entry of the comma lists. */
export const ChannelSearchQuery = ChannelListQuery.extend({
  keyword: z.string().trim().max(200).optional().default(''),
  group: z.string().trim().max(64).optional().default(''),
  model: z.string().trim().max(200).optional().default(''),
});
export type ChannelSearchQuery = z.infer<typeof ChannelSearchQuery>;

/**
 * The list answer. In tag mode a tag counts as one entry of the page (total counts tags plus untagged
 * channels) and every channel of a tag on the page is returned, so the console can group them.
 */
export interface ChannelPage {
  items: ChannelView[];
  total: number;
  page: number;
  page_size: number;
  /** Channels per type over the whole table (the type filter's counts). */
  type_counts: Record<string, number>;
}

const intFrom = (message: string) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: message }).int(message));

export const ChannelPriority = intFrom(CHANNEL_PRIORITY_INVALID).pipe(z.number().min(CHANNEL_PRIORITY_MIN, `priority must be at least ${CHANNEL_PRIORITY_MIN}`));
/** Negative weights are clamped to 0 (spec 2 §5). */
export const ChannelWeight = intFrom(CHANNEL_WEIGHT_INVALID).transform((w) => Math.max(0, w));

const jsonObjectText = (message: string) =>
  z
    .string({ error: message })
    .max(100_000, message)
    .refine((text) => {
      if (text.trim() === '') return true;
      try {
        const v: unknown = JSON.parse(text);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      } catch {
        return false;
      }
    }, message);

/** A channel's `setting`: a JSON object whose keys the gateway acts on have values of the right type (channelSettingProblem). */
const channelSettingText = () =>
  jsonObjectText('setting must be legal JSON').superRefine((text, ctx) => {
    const problem = text.trim() === '' ? null : channelSettingProblem(JSON.parse(text) as Record<string, unknown>);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Trailing slashes removed; empty = the type's default. */
export const ChannelBaseUrl = z
  .string({ error: CHANNEL_BASE_URL_INVALID })
  .trim()
  .max(CHANNEL_BASE_URL_MAX, 'base URL is too long')
  .transform((u) => u.replace(/\/+$/, ''))
  .refine((u) => u === '' || /^https?:\/\/[^\s/]+/i.test(u), CHANNEL_BASE_URL_INVALID);

/** Comma list normalised: trimmed entries, empties and duplicates dropped. */
const commaList = (field: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be a comma-separated list` })
    .transform((v) => [...new Set((Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))].join(','));

/** The group list must fit its column. */
const groupList = () => commaList('group').refine((g) => g.length <= CHANNEL_GROUP_LIST_MAX, `the group list is longer than ${CHANNEL_GROUP_LIST_MAX} characters`);

/** A missing model list gets the same message as an empty one. */
const requiredModels = () => z.preprocess((v) => v ?? '', commaList('models').refine((m) => m !== '', CHANNEL_MODELS_REQUIRED));

/** In the tag editor a blank number means "leave unchanged", like a missing one. */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const optionalText = (field: string, max = 10_000) => z.string({ error: `${field} must be a string` }).max(max, `${field} is too long`).nullable();

/** The editable fields (all optional here; create adds its own requirements). */
export const ChannelFields = z.object({
  type: z.number({ error: 'type must be a channel type number' }).int('type must be a channel type number'),
  name: z.string({ error: CHANNEL_NAME_AND_KEY_REQUIRED }).trim().max(128, 'name is too long'),
  key: z.string({ error: CHANNEL_KEY_REQUIRED }).max(100_000, 'key is too long'),
  base_url: ChannelBaseUrl.nullable(),
  models: commaList('models'),
  group: groupList(),
  priority: ChannelPriority,
  weight: ChannelWeight,
  tag: z.string({ error: 'tag must be a string' }).trim().max(128, 'tag is too long').nullable(),
  test_model: optionalText('test_model', 191),
  model_mapping: jsonObjectText(CHANNEL_MODEL_MAPPING_INVALID).nullable(),
  status_code_mapping: jsonObjectText(CHANNEL_STATUS_CODE_MAPPING_INVALID).nullable(),
  auto_ban: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'auto_ban must be 0 or 1' }).transform((v) => (v === true || v === 1 ? 1 : 0)),
  other: optionalText('other'),
  setting: channelSettingText().nullable(),
  param_override: jsonObjectText('param override must be legal JSON').nullable(),
  openai_organization: optionalText('openai_organization', 200),
  max_input_tokens: intFrom('max_input_tokens must be an integer').pipe(z.number().min(0, 'max_input_tokens must not be negative')),
  status: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'status must be 1, 2 or 3' }),
  /** How a channel holding several keys picks one: at random (default) or in turn. */
  multi_key_mode: z.enum(MULTI_KEY_MODES, { error: 'multi_key_mode must be random or polling' }),
});

/**
 * POST /api/channel/. The channel's fields at the top level (one-api style), or new-api's
 * `{mode, channel}` wrapper. `mode: 'batch'` makes one channel per non-empty key line (named
 * `name`, `name_2`, …); otherwise the key is kept whole (service-account JSON spans lines).
 */
export const CreateChannelBody = z.preprocess(
  (v) => (v && typeof v === 'object' && 'channel' in v && typeof (v as { channel: unknown }).channel === 'object' ? { ...(v as { channel: object }).channel, mode: (v as { mode?: unknown }).mode } : v),
  ChannelFields.partial()
    .extend({
      name: z.string({ error: CHANNEL_NAME_AND_KEY_REQUIRED }).trim().min(1, CHANNEL_NAME_AND_KEY_REQUIRED).max(128, 'name is too long'),
      key: z.string({ error: CHANNEL_NAME_AND_KEY_REQUIRED }).trim().min(1, CHANNEL_NAME_AND_KEY_REQUIRED).max(1_000_000, 'key is too long'),
      type: ChannelFields.shape.type,
      models: requiredModels(),
      // new-api's multi_to_single keeps every key in one channel, which is what single does with several lines.
      mode: z.enum(['single', 'batch', 'multi_to_single']).optional().default('single'),
    }),
);
export type CreateChannelBody = z.output<typeof CreateChannelBody>;

/**
 * PUT /api/channel/: `id` plus the fields to change; omitted fields keep their value, a blank `key`
 * keeps the stored key. `{id, status}`, `{id, priority}`, `{id, weight}` are the list's inline edits.
 */
export const UpdateChannelBody = ChannelFields.partial().extend({
  id: z.coerce.number({ error: 'id is required' }).int('id must be an integer').positive('id must be a positive integer'),
  models: requiredModels().optional(),
  name: z.string().trim().min(1, CHANNEL_NAME_AND_KEY_REQUIRED).max(128, 'name is too long').optional(),
});
export type UpdateChannelBody = z.output<typeof UpdateChannelBody>;

const ChannelIds = z
  .array(z.number().int().positive(), { error: 'ids must be a list of channel ids' })
  .min(1, CHANNEL_SELECTION_REQUIRED)
  .max(10_000, 'too many channels at once');

/** A status an administrator sets: 1 enabled, 2 disabled by hand (3, disabled automatically, is the gateway's). */
const ManualChannelStatus = z.coerce
  .number({ error: 'status must be 1 (enabled) or 2 (disabled)' })
  .refine((s) => s === 1 || s === 2, 'status must be 1 (enabled) or 2 (disabled)');
/** POST /api/channel/:id/status (new-api's): answers whether the channel's status changed. */
export const ChannelStatusBody = z.object({ status: ManualChannelStatus });
/** POST /api/channel/status/batch (new-api's): answers how many channels changed status. */
export const ChannelStatusBatchBody = z.object({ ids: ChannelIds, status: ManualChannelStatus });

/** POST /api/channel/batch: delete; answers the count deleted. */
export const DeleteChannelsBody = z.object({ ids: ChannelIds });

/** POST /api/channel/batch/tag: sets the tag of the selected channels. */
export const BatchTagBody = z.object({
  ids: ChannelIds,
  tag: z.string({ error: CHANNEL_TAG_REQUIRED }).trim().min(1, CHANNEL_TAG_REQUIRED).max(128, 'tag is too long'),
});

/** POST /api/channel/tag/enabled and /tag/disabled. */
export const TagBody = z.object({ tag: z.string({ error: CHANNEL_TAG_REQUIRED }).trim().min(1, CHANNEL_TAG_REQUIRED).max(128) });

/**
 * PUT /api/channel/tag: every given field overwrites that field on all channels of `tag`; a missing or
 * blank field leaves it unchanged; `new_tag: ''` dissolves the tag (channels keep their other fields).
 * Nothing to change answers success=false with 'no changes'.
 */
export const EditTagBody = z.object({
  tag: TagBody.shape.tag,
  new_tag: z.string().trim().max(128).nullable().optional(),
  priority: z.preprocess(blankAsNull, ChannelPriority.nullable().optional()),
  weight: z.preprocess(blankAsNull, ChannelWeight.nullable().optional()),
  model_mapping: jsonObjectText(CHANNEL_MODEL_MAPPING_INVALID).nullable().optional(),
  models: z.string().max(60_000).nullable().optional(),
  groups: z.string().max(10_000).nullable().optional(),
});
export type EditTagBody = z.output<typeof EditTagBody>;

/**
 * POST /api/channel/fetch_models: lists an upstream's models as the channel editor has them, before the
 * channel exists or before an edit is saved. `id` (not in new-api's body) names a saved channel whose
 * stored key is used when `key` is blank; the other fields are still the editor's.
 */
export const FetchModelsBody = z
  .object({
    id: z.number({ error: 'id must be a channel id' }).int().positive('id must be a channel id').optional(),
    base_url: ChannelBaseUrl.optional().default(''),
    type: z.number({ error: 'type must be a channel type number' }).int().optional().default(1),
    key: z.string({ error: CHANNEL_KEY_REQUIRED }).trim().max(100_000).optional().default(''),
    /** The channel's setting JSON as being edited: its `proxy` carries the call (new-api's body has no such field). */
    setting: channelSettingText().optional().default(''),
  })
  .refine((b) => b.key !== '' || b.id !== undefined, { message: CHANNEL_KEY_REQUIRED, path: ['key'] });

/** POST /api/channel/copy/{id}?suffix=_copy&reset_balance=true: the copy's name suffix, and whether its balance starts at 0. */
export const CopyChannelQuery = z.object({
  suffix: z.string({ error: 'suffix must be a string' }).max(64, 'suffix is too long').optional().default('_copy'),
  reset_balance: z.preprocess((v) => !(v === false || v === 'false' || v === '0'), z.boolean()),
});
export type CopyChannelQuery = z.output<typeof CopyChannelQuery>;

/**
 * How a channel is drawn inside the highest usable priority tier (option ChannelSelectionStrategy):
 * by weight (new-api's), the lowest recent latency, or the fewest requests in flight.
 */
export const CHANNEL_SELECTION_STRATEGIES = ['weighted', 'latency', 'least_busy'] as const;
export type ChannelSelectionStrategy = (typeof CHANNEL_SELECTION_STRATEGIES)[number];

/**
 * When the relay answers a repeated request from its response cache (option response_cache.mode): never,
 * when the request asks for it (`X-Gateway-Cache: true`), or always unless the request opts out.
 */
export const RESPONSE_CACHE_MODES = ['off', 'on_request', 'always'] as const;
export type ResponseCacheMode = (typeof RESPONSE_CACHE_MODES)[number];

/** GET /api/option/response_cache: this process's cached answers and their use, and Redis's count (null without Redis). */
export interface ResponseCacheStats {
  mode: ResponseCacheMode;
  entries: number;
  /** Weight of the answers in memory, in bytes. */
  bytes: number;
  hits: number;
  misses: number;
  shared_entries: number | null;
}
