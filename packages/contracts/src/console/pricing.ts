import { z } from 'zod';
import type { EndpointInfo, PricingVendor } from './model-metadata.js';

/** How a model is billed: 0 per token (ratios), 1 per call (fixed USD price). */
export const QuotaType = { PerToken: 0, PerCall: 1 } as const;
export type QuotaTypeValue = (typeof QuotaType)[keyof typeof QuotaType];

/**
 * One model of the public pricing list (GET /api/pricing, spec 3 §3 "Pricing entry"). Only models that
 * an enabled channel serves are listed. Per-token models carry `model_ratio` (1 = $2 per 1M input tokens)
 * and `completion_ratio`, with `model_price` 0; per-call models carry `model_price` in USD and ratios 0.
 * `enable_groups`: the groups with an enabled channel for the model.
 */
export interface PricingEntry {
  model_name: string;
  quota_type: QuotaTypeValue;
  model_ratio: number;
  completion_ratio: number;
  model_price: number;
  enable_groups: string[];
  /** The endpoint types the model can be called on, the usual one first (model-metadata.ts ENDPOINT_TYPES). */
  supported_endpoint_types: string[];
  /** From the model's metadata (GET /api/models/), each present only when set. */
  description?: string;
  icon?: string;
  tags?: string;
  /** The model's vendor: from its metadata, or guessed from its name when it has none. */
  vendor_id?: number;
  /** More from its metadata (additions to new-api's entry), each present only when set. */
  context_length?: number;
  max_output_tokens?: number;
  /** Comma lists such as "text,image". */
  input_modalities?: string;
  output_modalities?: string;
  knowledge_cutoff?: string;
  release_date?: string;
  parameter_count?: string;
  /**
   * Per-token models that price more than text (additions to new-api's entry; each present only when it
   * applies): cached input and cache writes ÷ input, audio input ÷ input and audio output ÷ audio input,
   * image input ÷ input, and the long-context tier (input and output multiples past `threshold` prompt tokens).
   */
  cache_ratio?: number;
  cache_creation_ratio?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  image_ratio?: number;
  long_context?: { threshold: number; input: number; output: number };
}

/**
 * The whole answer of GET /api/pricing (new-api puts the group fields next to `data`, not inside it).
 * `group_ratio` covers the groups usable by the caller (anonymous: the default usable groups);
 * `usable_group` maps each of them to its description.
 */
export interface PricingResponse {
  success: boolean;
  message: string;
  data: PricingEntry[];
  group_ratio: Record<string, number>;
  usable_group: Record<string, string>;
  /** The vendors of the listed models. */
  vendors: PricingVendor[];
  /** Endpoint type → its path and method, for the types the listed models support. */
  supported_endpoint: Record<string, EndpointInfo>;
  /** The groups an `auto` key of the caller tries, in order (AutoGroups limited to the caller's usable groups). */
  auto_groups: string[];
}

/** GET /api/models (signed in): channel type (as a string key) → model names known for that type. */
export type ChannelTypeModels = Record<string, string[]>;

/** Model hub kinds (spec 2 §3 "Pricing row" model_type). */
export const MODEL_HUB_TYPES = ['iti', 'tti', 'ttv', 'ftv', 'ltv'] as const;

/** A model hub entry (spec 2 §3, spec 3 §3). Public readers never see hidden entries. */
export interface ModelHubEntry {
  id: number;
  name: string;
  /** Fixed USD price per call (0 = billed per token). */
  price: number;
  ratio: number;
  completion_ratio: number;
  /** Comma list of MODEL_HUB_TYPES. */
  model_type: string;
  /** Comma list of tags (Hot, New, Faster or custom). */
  tags: string;
  multimodal: boolean;
  sort: number;
  desc: string;
  max_token: number;
  hide: boolean;
  /** A data URL or an image address. */
  icon: string;
  models: string;
  models_id: string;
  created_at: number;
  updated_at: number;
}

export const MODEL_NAME_TAKEN = 'model name already exists';
export const MODEL_HUB_ICON_MAX = 256 * 1024;

const flag = z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: 'must be true or false' }));
const commaList = (name: string, max: number) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => String(x).trim()).filter(Boolean).join(',') : v),
    z.string({ error: `${name} must be a string or a list of strings` }).trim().max(max, `${name} must be at most ${max} characters`),
  );
const nonNegative = (name: string) => z.coerce.number({ error: `${name} must be a number` }).finite(`${name} must be a number`).min(0, `${name} must not be negative`);

/**
 * One entry of PUT /api/model_hub/admin/: with `id` it updates that entry, without it creates one.
 * Omitted fields keep their value (update) or take the default (create). `completionRatio` is accepted
 * as an alias of `completion_ratio` (the settings table's spelling).
 */
export const ModelHubInput = z
  .object({
    id: z.coerce.number({ error: 'id must be a positive integer' }).int('id must be a positive integer').positive('id must be a positive integer').optional(),
    name: z.string({ error: 'model name is required' }).trim().min(1, 'model name is required').max(191, 'model name must be at most 191 characters'),
    price: nonNegative('price').optional(),
    ratio: nonNegative('ratio').optional(),
    completion_ratio: nonNegative('completion_ratio').optional(),
    completionRatio: nonNegative('completionRatio').optional(),
    model_type: commaList('model_type', 128)
      .refine((v) => v === '' || v.split(',').every((t) => (MODEL_HUB_TYPES as readonly string[]).includes(t.trim())), {
        message: `model_type must be a comma list of ${MODEL_HUB_TYPES.join(', ')}`,
      })
      .optional(),
    tags: commaList('tags', 255).optional(),
    multimodal: flag.optional(),
    sort: z.coerce.number({ error: 'sort must be an integer' }).int('sort must be an integer').min(-1_000_000).max(1_000_000).optional(),
    desc: z.string({ error: 'desc must be a string' }).max(10_000, 'desc must be at most 10000 characters').optional(),
    max_token: z.coerce.number({ error: 'max_token must be an integer' }).int('max_token must be an integer').min(0, 'max_token must not be negative').max(2_147_483_647).optional(),
    hide: flag.optional(),
    icon: z.string({ error: 'icon must be a string' }).max(MODEL_HUB_ICON_MAX, `icon must be at most ${MODEL_HUB_ICON_MAX} characters`).optional(),
    models: commaList('models', 65_535).optional(),
    models_id: z.string({ error: 'models_id must be a string' }).max(255, 'models_id must be at most 255 characters').optional(),
  })
  .transform(({ completionRatio, ...e }) => ({ ...e, completion_ratio: e.completion_ratio ?? completionRatio }));
export type ModelHubInput = z.output<typeof ModelHubInput>;

/**
 * PUT /api/model_hub/admin/ (admin): creates/updates `entries` and removes the entries whose ids are in
 * `delete`, all or nothing. Names are unique ("model name already exists"). Answers the full admin list.
 * A bare array is taken as `entries`.
 */
export const ModelHubUpdateBody = z.preprocess(
  (v) => (Array.isArray(v) ? { entries: v } : v),
  z.object({
    entries: z.array(ModelHubInput, { error: 'entries must be a list' }).max(1000, 'at most 1000 entries at once').optional().default([]),
    delete: z
      .array(z.coerce.number().int('delete must list entry ids').positive('delete must list entry ids'), { error: 'delete must be a list of ids' })
      .max(1000, 'at most 1000 deletions at once')
      .optional()
      .default([]),
  }),
);
export type ModelHubUpdateBody = z.output<typeof ModelHubUpdateBody>;
