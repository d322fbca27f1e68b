import { z } from 'zod';
import { BaseUrl, SUPPLIER_SDKS, type SupplierSdk } from './suppliers.js';

/**
 * Custom models (spec 3 §2.18, §3 "User custom-model config"): a user's own key for a supplier. Gateway
 * requests of that user for one of the configured models go through their own key, free of quota.
 */

/** Spec 3 §5 / §8 messages (Chinese only, as written). */
export const CUSTOM_MODEL_SUPPLIER_REQUIRED = '请选择服务商';
export const CUSTOM_MODEL_KEY_REQUIRED = '请输入Key';
/** GET /api/user/custom-models/conf/check when the caller has no config for that supplier. */
export const CUSTOM_MODEL_CONFIG_NOT_FOUND = 'user config does not exist';
export const CUSTOM_MODEL_DUPLICATE = 'you already have a configuration for this supplier';
export const CUSTOM_MODEL_SUPPLIER_FIXED = 'the supplier of a configuration cannot be changed';
export const CUSTOM_MODELS_MAX = 500;
export const CUSTOM_MODEL_NAME_MAX = 200;

/** The supplier of a config, as shown on its card. */
export interface CustomModelSupplier {
  id: number;
  name: string;
  type: number;
  sdk: SupplierSdk;
  base_url: string;
}

/**
 * One of the caller's configs: GET /api/user/custom-models/conf (array), POST, PUT answer one.
 * `key` is always masked (first 3 and last 4 characters, e.g. "sk-****abcd"); send it back unchanged
 * to keep the stored key.
 */
export interface CustomModelConfigView {
  id: number;
  supplier_id: number;
  key: string;
  models: string[];
  supplier: CustomModelSupplier;
  created_at: number;
  updated_at: number;
}

/**
 * A row of GET /api/user/custom-models/conf/all (admin overview; PageResult with p/page_size, `keyword`
 * = part of the username). `models` is a JSON array string; `balance` is the user's quota balance.
 */
export interface CustomModelOverviewRow {
  id: number;
  user_id: number;
  username: string;
  balance: number;
  supplier_id: number;
  supplier: CustomModelSupplier;
  key: string;
  models: string;
  created_at: number;
  updated_at: number;
}

export const CustomModelOverviewQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });
export type CustomModelOverviewQuery = z.infer<typeof CustomModelOverviewQuery>;

const ModelList = z
  .array(z.string({ error: 'model names must be strings' }).trim().min(1, 'model names must not be empty').max(CUSTOM_MODEL_NAME_MAX, `model names must be at most ${CUSTOM_MODEL_NAME_MAX} characters`), {
    error: 'models must be a list of model names',
  })
  .max(CUSTOM_MODELS_MAX, `at most ${CUSTOM_MODELS_MAX} models`)
  .transform((list) => [...new Set(list)]);

const Key = z.string({ error: CUSTOM_MODEL_KEY_REQUIRED }).trim().min(1, CUSTOM_MODEL_KEY_REQUIRED).max(1000, 'the key is too long');

/** POST /api/user/custom-models/conf: one config per supplier (CUSTOM_MODEL_DUPLICATE otherwise). */
export const CreateCustomModelBody = z.object({
  supplier_id: z.coerce.number({ error: CUSTOM_MODEL_SUPPLIER_REQUIRED }).int(CUSTOM_MODEL_SUPPLIER_REQUIRED).positive(CUSTOM_MODEL_SUPPLIER_REQUIRED),
  key: Key,
  models: ModelList.optional().default([]),
});
export type CreateCustomModelBody = z.infer<typeof CreateCustomModelBody>;

/**
 * PUT /api/user/custom-models/conf/{id}: new key and/or models. A missing key, or the masked key as
 * answered, keeps the stored one. `supplier_id`, if sent, must be the config's own (CUSTOM_MODEL_SUPPLIER_FIXED).
 */
export const UpdateCustomModelBody = z.object({
  supplier_id: z.coerce.number({ error: CUSTOM_MODEL_SUPPLIER_FIXED }).int(CUSTOM_MODEL_SUPPLIER_FIXED).positive(CUSTOM_MODEL_SUPPLIER_FIXED).optional(),
  key: z.string({ error: CUSTOM_MODEL_KEY_REQUIRED }).trim().max(1000, 'the key is too long').optional(),
  models: ModelList.optional(),
});
export type UpdateCustomModelBody = z.infer<typeof UpdateCustomModelBody>;

/**
 * POST /api/user/custom-models/models: lists the supplier's models with `key` by calling its real models
 * endpoint (openai: GET {base_url}/v1/models with Bearer; claude: GET {base_url}/v1/models with x-api-key).
 * `base_url` must be that of an enabled supplier (or give `supplier_id`). When `key` is
 * the masked key of the caller's config for that supplier, the stored key is used. Answers string[].
 */
export const ListSupplierModelsBody = z.object({
  supplier_id: z.coerce.number({ error: CUSTOM_MODEL_SUPPLIER_REQUIRED }).int(CUSTOM_MODEL_SUPPLIER_REQUIRED).positive(CUSTOM_MODEL_SUPPLIER_REQUIRED).optional(),
  base_url: BaseUrl.optional(),
  key: Key,
  /** The supplier's sdk ('openai' | 'claude') or its type number; only picks between suppliers sharing a base_url. */
  type: z.union([z.enum(SUPPLIER_SDKS), z.number().int()], { error: 'type must be openai, claude or a supplier type number' }).optional(),
}).refine((b) => b.supplier_id !== undefined || b.base_url !== undefined, { message: CUSTOM_MODEL_SUPPLIER_REQUIRED, path: ['supplier_id'] });
export type ListSupplierModelsBody = z.infer<typeof ListSupplierModelsBody>;

/**
 * GET /api/user/custom-models/conf/check?channel_type&base_url[&key]: the caller's config for the supplier
 * with that type and base_url is found (CUSTOM_MODEL_CONFIG_NOT_FOUND otherwise) and the supplier is asked
 * for the account balance with the stored key. `key` is accepted for compatibility and not needed.
 */
export const CustomModelCheckQuery = z.object({
  channel_type: z.coerce.number({ error: 'channel_type is required' }).int('channel_type must be an integer').positive('channel_type must be a positive integer'),
  base_url: BaseUrl,
  key: z.string().max(1000).optional(),
});
export type CustomModelCheckQuery = z.infer<typeof CustomModelCheckQuery>;

/** Answer of GET /api/user/custom-models/conf/check: the balance in the supplier's currency units. */
export interface CustomModelBalance {
  balance: number;
}
