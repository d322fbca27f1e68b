import { z } from 'zod';

/**
 * Model metadata and vendors (new-api's /api/models/* and /api/vendors/*, admin): what the pricing page
 * shows about a model (description, icon, tags, vendor, endpoints) and whether it is listed at all. A
 * metadata entry names one model exactly or, by its name rule, every model whose name starts with, holds
 * or ends with its name. Prices stay in the ratio options; metadata never changes a bill.
 */

/** How an entry's `model_name` matches model names (new-api's name_rule values). */
export const NameRule = { Exact: 0, Prefix: 1, Contains: 2, Suffix: 3 } as const;
export type NameRuleValue = (typeof NameRule)[keyof typeof NameRule];
export const NAME_RULES = Object.values(NameRule) as NameRuleValue[];

/** Enabled metadata lists its models on the pricing page; a disabled entry hides them there. */
export const MetaStatus = { Disabled: 0, Enabled: 1 } as const;

export const MODEL_META_NAME_MAX = 128;
export const MODEL_META_DESCRIPTION_MAX = 10_000;
/** An icon is a key of the console's icon set, an image address or a small data URL. */
export const MODEL_META_ICON_MAX = 64 * 1024;
export const MODEL_META_TAGS_MAX = 255;
export const MODEL_META_ENDPOINTS_MAX = 64 * 1024;
export const VENDOR_NAME_MAX = 128;
export const VENDOR_DESCRIPTION_MAX = 10_000;

export const MODEL_META_NOT_FOUND = 'model metadata not found';
export const VENDOR_NOT_FOUND = 'vendor not found';
export const modelMetaNameTaken = (name: string) => `metadata for the model name "${name}" already exists`;
export const vendorNameTaken = (name: string) => `a vendor named "${name}" already exists`;
export const unknownVendor = (id: number) => `vendor ${id} does not exist`;

/**
 * The endpoint types a model can be called on (new-api's supported_endpoint_types), and the default
 * path of each. A metadata entry's `endpoints` may add types or change their paths.
 */
export const ENDPOINT_TYPES = ['openai', 'openai-response', 'anthropic', 'gemini', 'embeddings', 'jina-rerank', 'image-generation'] as const;
export type EndpointType = (typeof ENDPOINT_TYPES)[number];
export interface EndpointInfo {
  path: string;
  method: string;
}
export const DEFAULT_ENDPOINTS: Record<EndpointType, EndpointInfo> = {
  openai: { path: '/v1/chat/completions', method: 'POST' },
  'openai-response': { path: '/v1/responses', method: 'POST' },
  anthropic: { path: '/v1/messages', method: 'POST' },
  gemini: { path: '/v1beta/models/{model}:generateContent', method: 'POST' },
  embeddings: { path: '/v1/embeddings', method: 'POST' },
  'jina-rerank': { path: '/v1/rerank', method: 'POST' },
  'image-generation': { path: '/v1/images/generations', method: 'POST' },
};

/** A channel that serves a model: its name and channel type. */
export interface BoundChannel {
  name: string;
  type: number;
}

/** A vendor as the API answers it. Times are unix seconds. */
export interface VendorView {
  id: number;
  name: string;
  description: string;
  icon: string;
  status: number;
  created_time: number;
  updated_time: number;
}

/**
 * A metadata entry as the API answers it. `endpoints` is JSON text (an object from endpoint type to a
 * path or {path, method}), empty when the model's default endpoints apply. The list, search and get
 * answers add what the model is served as today: the channels serving it, their groups, how it bills
 * (0 per token, 1 per call), and for a rule entry the model names it matches.
 */
export interface ModelMetaView {
  id: number;
  model_name: string;
  description: string;
  icon: string;
  tags: string;
  vendor_id: number;
  endpoints: string;
  context_length: number;
  max_output_tokens: number;
  knowledge_cutoff: string;
  release_date: string;
  parameter_count: string;
  input_modalities: string;
  output_modalities: string;
  status: number;
  sync_official: number;
  name_rule: NameRuleValue;
  created_time: number;
  updated_time: number;
  bound_channels?: BoundChannel[];
  enable_groups?: string[];
  quota_types?: number[];
  matched_models?: string[];
  matched_count?: number;
  /** The endpoint types its models can be called on (its own `endpoints` when set). */
  supported_endpoint_types?: string[];
}

/** GET /api/models/ and /api/models/search: one page, plus how many entries each vendor id has (all pages). */
export interface ModelMetaPage {
  items: ModelMetaView[];
  total: number;
  page: number;
  page_size: number;
  vendor_counts: Record<string, number>;
}

/** A pricing page vendor (GET /api/pricing `vendors`). */
export interface PricingVendor {
  id: number;
  name: string;
  description?: string;
  icon?: string;
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
const count = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(2_147_483_647, `${name} is too large`)
    .nullish()
    .transform((v) => v ?? 0);
const flagInt = (name: string, fallback: number) =>
  z.preprocess(
    (v) => (v === true ? 1 : v === false ? 0 : v === null || v === undefined || v === '' ? fallback : v),
    z.coerce.number({ error: `${name} must be 0 or 1` }).refine((n) => n === 0 || n === 1, `${name} must be 0 or 1`),
  );

/** One endpoint of an entry's `endpoints`: a path, or {path, method}. */
const EndpointValue = z.union(
  [
    z.string().trim().min(1).max(500),
    z.looseObject({ path: z.string().trim().min(1).max(500), method: z.string().trim().max(16).optional() }),
  ],
  { error: 'each endpoint must be a path such as "/v1/chat/completions" or {"path": …, "method": "POST"}' },
);

/**
 * `endpoints`: JSON text or an object from endpoint type to endpoint; empty means the defaults. Stored
 * as JSON text, the way new-api keeps it.
 */
export const ModelMetaEndpoints = z
  .unknown()
  .optional()
  .transform((value, ctx): string => {
    if (value === undefined || value === null) return '';
    let parsed: unknown = value;
    if (typeof value === 'string') {
      if (value.trim() === '') return '';
      if (value.length > MODEL_META_ENDPOINTS_MAX) {
        ctx.addIssue({ code: 'custom', message: `endpoints must be at most ${MODEL_META_ENDPOINTS_MAX} characters` });
        return z.NEVER;
      }
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'endpoints must be a JSON object such as {"openai": "/v1/chat/completions"}' });
        return z.NEVER;
      }
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'endpoints must be a JSON object such as {"openai": "/v1/chat/completions"}' });
      return z.NEVER;
    }
    const entries = Object.entries(parsed as Record<string, unknown>);
    if (entries.length > 50) {
      ctx.addIssue({ code: 'custom', message: 'endpoints holds at most 50 endpoint types' });
      return z.NEVER;
    }
    for (const [type, endpoint] of entries) {
      if (type.trim() === '' || type.length > 64) {
        ctx.addIssue({ code: 'custom', message: 'an endpoint type must be 1 to 64 characters' });
        return z.NEVER;
      }
      const checked = EndpointValue.safeParse(endpoint);
      if (!checked.success) {
        ctx.addIssue({ code: 'custom', message: `endpoint "${type}": ${checked.error.issues[0]?.message ?? 'invalid'}` });
        return z.NEVER;
      }
    }
    return entries.length === 0 ? '' : JSON.stringify(parsed);
  });

/** A comma list of tags as an entry saves it: trimmed, blanks dropped. */
export const normalizedTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .join(',');

/** Tags: a comma list (or an array), trimmed, blanks dropped. */
const Tags = z.preprocess(
  (v) => (Array.isArray(v) ? v.map((x) => String(x)).join(',') : v),
  z
    .string({ error: 'tags must be text or a list of tags' })
    .nullish()
    .transform((v) => normalizedTags(v ?? ''))
    .refine((v) => v.length <= MODEL_META_TAGS_MAX, `tags must be at most ${MODEL_META_TAGS_MAX} characters`),
);

/** A whole metadata entry: POST /api/models/'s body, and what a PUT's fields make once merged with the saved entry. */
export const ModelMetaBody = z.object({
  model_name: z
    .string({ error: 'model_name is required' })
    .trim()
    .min(1, 'model_name is required')
    .max(MODEL_META_NAME_MAX, `model_name must be at most ${MODEL_META_NAME_MAX} characters`),
  description: text('description', MODEL_META_DESCRIPTION_MAX),
  icon: text('icon', MODEL_META_ICON_MAX),
  tags: Tags,
  vendor_id: count('vendor_id'),
  endpoints: ModelMetaEndpoints,
  context_length: count('context_length'),
  max_output_tokens: count('max_output_tokens'),
  knowledge_cutoff: text('knowledge_cutoff', 32),
  release_date: text('release_date', 32),
  parameter_count: text('parameter_count', 32),
  input_modalities: text('input_modalities', 128),
  output_modalities: text('output_modalities', 128),
  status: flagInt('status', MetaStatus.Enabled),
  sync_official: flagInt('sync_official', 1),
  name_rule: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? NameRule.Exact : v),
    z.coerce
      .number({ error: 'name_rule must be 0 (exact), 1 (prefix), 2 (contains) or 3 (suffix)' })
      .refine((n): n is NameRuleValue => (NAME_RULES as number[]).includes(n), 'name_rule must be 0 (exact), 1 (prefix), 2 (contains) or 3 (suffix)'),
  ),
});
export type ModelMetaBody = z.output<typeof ModelMetaBody>;
export type ModelMetaInput = z.input<typeof ModelMetaBody>;

/** A whole vendor: POST /api/vendors/'s body, and what a PUT's fields make once merged with the saved vendor. */
export const VendorBody = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(VENDOR_NAME_MAX, `name must be at most ${VENDOR_NAME_MAX} characters`),
  description: text('description', VENDOR_DESCRIPTION_MAX),
  icon: text('icon', MODEL_META_ICON_MAX),
  status: flagInt('status', MetaStatus.Enabled),
});
export type VendorBody = z.output<typeof VendorBody>;
export type VendorInput = z.input<typeof VendorBody>;

/** PUT /api/models/ and /api/vendors/ (new-api: the id in the body): the given fields replace the saved ones. */
export const IdInBody = z.looseObject({
  id: z.coerce.number({ error: 'id is required' }).int('id is required').positive('id is required'),
});

const optionalFlag = (name: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: `${name} must be 0 or 1` }).refine((n) => n === 0 || n === 1, `${name} must be 0 or 1`).optional());

/** GET /api/models/ and /api/models/search filters (with p and page_size). `vendor` is a vendor id or part of its name. */
export const ModelMetaSearchQuery = z.object({
  keyword: z.string().trim().max(200, 'keyword must be at most 200 characters').optional().default(''),
  vendor: z.string().trim().max(200, 'vendor must be at most 200 characters').optional().default(''),
  status: optionalFlag('status'),
  sync_official: optionalFlag('sync_official'),
});
export type ModelMetaSearchQuery = z.output<typeof ModelMetaSearchQuery>;

/** GET /api/vendors/search: a part of the name or description (with p and page_size). */
export const VendorSearchQuery = z.object({
  keyword: z.string().trim().max(200, 'keyword must be at most 200 characters').optional().default(''),
});

/** PUT /api/models/?status_only=true changes only the status. */
export const StatusOnlyQuery = z.object({
  status_only: z.preprocess((v) => v === 'true' || v === '1' || v === true, z.boolean()),
});

/**
 * Syncing with the official model metadata (new-api's /api/models/sync_upstream): the preview lists the
 * served models without metadata that the official list describes, and the fields where a local entry
 * that follows the official list (sync_official 1) differs from it; the sync creates the former (and
 * their vendors) and overwrites the chosen fields of the latter.
 */
export const SYNC_LOCALES = ['en', 'zh-CN', 'zh-TW', 'ja'] as const;
export const SYNC_FIELDS = [
  'description', 'icon', 'tags', 'vendor', 'name_rule', 'status', 'context_length', 'max_output_tokens', 'knowledge_cutoff', 'release_date',
  'parameter_count', 'input_modalities', 'output_modalities',
] as const;
export type SyncField = (typeof SYNC_FIELDS)[number];

/** `locale`: one of SYNC_LOCALES in any case, or empty for the default (English) list. */
const SyncLocale = z
  .string({ error: 'locale must be text' })
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return '';
    const found = SYNC_LOCALES.find((l) => l.toLowerCase() === v.toLowerCase());
    if (!found) {
      ctx.addIssue({ code: 'custom', message: `locale must be one of ${SYNC_LOCALES.join(', ')}` });
      return z.NEVER;
    }
    return found;
  });

export const SyncPreviewQuery = z.object({ locale: SyncLocale });

export const SyncUpstreamBody = z.object({
  locale: SyncLocale,
  overwrite: z
    .array(
      z.object({
        model_name: z.string({ error: 'overwrite: model_name is required' }).trim().min(1, 'overwrite: model_name is required').max(MODEL_META_NAME_MAX),
        fields: z.array(z.string().trim().toLowerCase().pipe(z.enum(SYNC_FIELDS, { error: `overwrite fields must be among ${SYNC_FIELDS.join(', ')}` })), {
          error: 'overwrite fields must be a list',
        }),
      }),
      { error: 'overwrite must be a list of {model_name, fields}' },
    )
    .max(5000, 'overwrite lists at most 5000 models')
    .nullish()
    .transform((v) => v ?? []),
});
export type SyncUpstreamBody = z.output<typeof SyncUpstreamBody>;

export interface SyncSource {
  locale: string;
  models_url: string;
  vendors_url: string;
}

export interface SyncConflict {
  model_name: string;
  fields: { field: SyncField; local: string | number; upstream: string | number }[];
}

export interface SyncPreview {
  missing: string[];
  conflicts: SyncConflict[];
  source: SyncSource;
}

export interface SyncResult {
  created_models: number;
  created_vendors: number;
  updated_models: number;
  skipped_models: string[];
  created_list: string[];
  updated_list: string[];
  source: SyncSource;
}
