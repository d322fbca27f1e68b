import { z } from 'zod';

/** Model suppliers (spec 3 §2.14, §3 "Supplier"): the services users can bring their own key for. */

/** Wire protocol of a supplier: OpenAI-compatible or Anthropic (Claude) API. */
export const SUPPLIER_SDKS = ['openai', 'claude'] as const;
export type SupplierSdk = (typeof SUPPLIER_SDKS)[number];

export const SUPPLIER_NAME_MAX = 100;
export const SUPPLIER_NOT_FOUND = 'supplier not found';

/**
 * A supplier. `type` is its API type as a channel type number (1 OpenAI, 14 Anthropic, 43 DeepSeek…; used
 * for the balance check); `sdk` the protocol; `base_url` the API root WITHOUT /v1 (e.g.
 * https://api.deepseek.com); `disable` true hides it from users. Answered by GET /api/supplier/admin/
 * (all, as an array), GET /api/supplier/ (enabled only, as an array; signed-in users), POST and PUT
 * /api/supplier/admin/.
 */
export interface SupplierView {
  id: number;
  name: string;
  type: number;
  sdk: SupplierSdk;
  base_url: string;
  disable: boolean;
  created_at: number;
}

/** An http(s) URL; trailing slashes are dropped. */
export const BaseUrl = z
  .string({ error: 'base_url is required' })
  .trim()
  .min(1, 'base_url is required')
  .max(500, 'base_url must be at most 500 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'base_url must be an http:// or https:// address')
  .transform((v) => v.replace(/\/+$/, ''));

/** POST /api/supplier/admin/ and PUT /api/supplier/admin/{id} (admin): every field is required. */
export const SupplierBody = z.object({
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(SUPPLIER_NAME_MAX, `name must be at most ${SUPPLIER_NAME_MAX} characters`),
  type: z.coerce.number({ error: 'type is required' }).int('type must be a channel type number').positive('type must be a channel type number'),
  sdk: z.enum(SUPPLIER_SDKS, { error: 'sdk must be openai or claude' }),
  base_url: BaseUrl,
  disable: z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'disable must be true or false' }).transform((v) => v === true || v === 1),
});
export type SupplierBody = z.infer<typeof SupplierBody>;
