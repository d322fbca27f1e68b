import { z } from 'zod';

/**
 * Hosted-checkout top-up through Stripe and Creem (new-api's topup_stripe.go / topup_creem.go): the user is
 * sent to the provider's checkout page, and the provider's signed webhook credits the order.
 */

/** `payment_method` of Stripe and Creem orders (new-api's values). */
export const CheckoutMethod = { Stripe: 'stripe', Creem: 'creem' } as const;

/** Largest quantity one Stripe order may buy (new-api refuses more than 10 000). */
export const STRIPE_TOP_UP_MAX = 10_000;

/** Answers of the Stripe and Creem calls. */
export const CheckoutFailure = {
  StripeNotEnabled: 'Stripe top-up is not enabled',
  CreemNotEnabled: 'Creem top-up is not enabled',
  UnknownProduct: 'this product is not offered',
} as const;

const StripeAmount = z
  .number({ error: 'amount must be a whole number' })
  .int('amount must be a whole number')
  .max(STRIPE_TOP_UP_MAX, `amount must be at most ${STRIPE_TOP_UP_MAX}`)
  .transform((v) => Math.max(1, v));

/** POST /api/user/stripe/amount: `amount` is the number of currency units of quota to buy. */
export const StripeAmountBody = z.object({ amount: StripeAmount });
export type StripeAmountBody = z.infer<typeof StripeAmountBody>;

/** POST /api/user/stripe/pay: new-api's clients send `payment_method: "stripe"`. */
export const StripePayBody = z.object({
  amount: StripeAmount,
  payment_method: z.string().trim().max(32).optional(),
});
export type StripePayBody = z.infer<typeof StripePayBody>;

/** POST /api/user/stripe/pay answers the Checkout Session's address. */
export interface StripePayResult {
  pay_link: string;
}

/** POST /api/user/creem/pay: one of the CreemProducts, by its id. */
export const CreemPayBody = z.object({
  product_id: z.string({ error: 'product_id is required' }).trim().min(1, 'choose a product').max(128),
  payment_method: z.string().trim().max(32).optional(),
});
export type CreemPayBody = z.infer<typeof CreemPayBody>;

/** POST /api/user/creem/pay answers Creem's checkout address and our order number. */
export interface CreemPayResult {
  checkout_url: string;
  order_id: string;
}

/** One product of the CreemProducts option (new-api's field names): buying it credits `quota`. */
export const CreemProduct = z.object({
  productId: z.string({ error: 'productId is required' }).trim().min(1, 'productId is required').max(128, 'productId is too long'),
  name: z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(100, 'name is too long'),
  price: z.number({ error: 'price must be a number' }).positive('price must be above 0').max(1_000_000, 'price is too large'),
  currency: z.string({ error: 'currency is required' }).regex(/^[A-Z]{3}$/, 'currency must be a three-letter code such as USD or EUR'),
  quota: z.number({ error: 'quota must be a whole number' }).int('quota must be a whole number').positive('quota must be above 0').max(1e15, 'quota is too large'),
});
export type CreemProduct = z.infer<typeof CreemProduct>;

/** The CreemProducts option: a JSON list of products with distinct ids. */
export const CreemProducts = z
  .array(CreemProduct, { error: 'must be a JSON list of products' })
  .max(50, 'at most 50 products')
  .superRefine((products, ctx) => {
    const seen = new Set<string>();
    products.forEach((p, i) => {
      if (seen.has(p.productId)) ctx.addIssue({ code: 'custom', path: [i, 'productId'], message: `productId ${p.productId} is listed twice` });
      seen.add(p.productId);
    });
  });
