import { z } from 'zod';
import { CreemProducts, STRIPE_TOP_UP_MAX, type CreemProduct } from '@gw/contracts';
import { bool, int, json, num, secret, type OptionDef } from '../option-def.js';

/** A write-only credential without spaces, refusing values that start with `refused` (empty keeps the saved one). */
const credential = (refused?: { prefix: string; message: string }): OptionDef<string> => ({
  ...secret(),
  schema: z
    .string()
    .max(20_000, 'is too long')
    .refine((v) => !/\s/.test(v), 'must not contain spaces')
    .refine((v) => !refused || !v.startsWith(refused.prefix), refused?.message ?? ''),
});

/** Stripe Checkout and Creem top-up (new-api's setting/payment_stripe.go and payment_creem.go). */
export const onlineCheckoutOptions = {
  /** Secret or restricted key (sk_… / rk_…) used to create Checkout Sessions. */
  StripeApiSecret: credential({ prefix: 'pk_', message: 'must be the secret key (sk_… or rk_…), not the publishable key (pk_…)' }),
  /** The endpoint's signing secret (whsec_…): webhooks whose Stripe-Signature does not match are refused. */
  StripeWebhookSecret: credential(),
  /** The Price one unit of amount is sold at; an order buys `amount` of it. */
  StripePriceId: {
    kind: 'string',
    default: '',
    secret: false,
    schema: z.string().max(255, 'is too long').refine((v) => v === '' || /^[A-Za-z0-9_]+$/.test(v), 'must be a Stripe price id such as price_1Pxyz'),
  } satisfies OptionDef<string>,
  /** What that Price costs, shown as the amount to pay. */
  StripeUnitPrice: num(8, 0.01, 1_000_000),
  StripeMinTopUp: int(1, 1, STRIPE_TOP_UP_MAX),
  StripePromotionCodesEnabled: bool(false),

  CreemApiKey: credential(),
  /** Signs the `creem-signature` header of Creem's webhooks. */
  CreemWebhookSecret: credential(),
  /** Sends checkouts to Creem's test environment. */
  CreemTestMode: bool(false),
  CreemProducts: json<CreemProduct[]>([], CreemProducts as z.ZodType<CreemProduct[]>),
};
