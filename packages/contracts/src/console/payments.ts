import { z } from 'zod';

/** Online top-up order status (new-api `top_ups.status`). */
export const TopUpStatus = { Pending: 'pending', Success: 'success', Expired: 'expired', Failed: 'failed' } as const;
export type TopUpStatusValue = (typeof TopUpStatus)[keyof typeof TopUpStatus];

/** Answers of the top-up calls (spec 3 §8). */
export const TopUpFailure = {
  NotEnabled: 'online top-up not enabled',
  BelowMinimum: 'top-up amount cannot be below the minimum',
  TooLow: 'the payment amount is too low',
  UnknownMethod: 'this payment method is not available',
} as const;

/** The largest amount (in currency units of quota) one order may buy. */
export const TOP_UP_AMOUNT_MAX = 1_000_000;

const Amount = z
  .number({ error: 'amount must be a whole number' })
  .int('amount must be a whole number')
  .max(TOP_UP_AMOUNT_MAX, `amount must be at most ${TOP_UP_AMOUNT_MAX}`)
  // Spec 3 §5: an amount under 1 is forced to 1.
  .transform((v) => Math.max(1, v));

/** POST /api/user/amount: `amount` is in quota currency units ($1 = QuotaPerUnit quota); `top_up_code` is accepted and unused. */
export const TopUpAmountBody = z.object({
  amount: Amount,
  top_up_code: z.string().max(64).optional(),
});
export type TopUpAmountBody = z.infer<typeof TopUpAmountBody>;

/** POST /api/user/pay and /api/user/pay/alipay. */
export const TopUpPayBody = z.object({
  amount: Amount,
  payment_method: z.string().trim().max(32).optional(),
  top_up_code: z.string().max(64).optional(),
});
export type TopUpPayBody = z.infer<typeof TopUpPayBody>;

/** GET /api/user/topup/info: what the wallet page needs to offer online payment. */
export interface TopUpInfo {
  enable_online_topup: boolean;
  /** Smallest amount one order may buy. */
  min_topup: number;
  pay_methods: string[];
  /** Money per currency unit of quota, before the group ratio. */
  price: number;
  /** TopupGroupRatio of the caller's group. */
  group_ratio: number;
  quota_per_unit: number;
  /** Stripe Checkout is offered (secret key, webhook secret and price id are set). */
  enable_stripe_topup: boolean;
  /** Smallest amount one Stripe order may buy (option StripeMinTopUp). */
  stripe_min_topup: number;
  /** Money per currency unit of quota charged through Stripe (option StripeUnitPrice). */
  stripe_unit_price: number;
  /** Creem checkout is offered (API key, webhook secret and at least one product are set). */
  enable_creem_topup: boolean;
  /** The CreemProducts option as JSON text, as new-api sends it (parse with the CreemProducts schema). */
  creem_products: string;
}

/**
 * POST /api/user/pay: `data` holds the form fields to post to the gateway, and `url` (beside `data`, as in
 * new-api) the address to post them to. `trade_no` is the order number.
 */
export type TopUpPayForm = Record<string, string>;

/** A top-up order as its owner sees it. */
export interface TopUpOrderView {
  id: number;
  trade_no: string;
  amount: number;
  money: number;
  payment_method: string;
  status: TopUpStatusValue;
  /** Unix seconds. */
  create_time: number;
  /** Unix seconds; 0 while pending. */
  complete_time: number;
}

/** An order in the administrators' list of every top-up (GET /api/user/topup). */
export interface AdminTopUpOrderView extends TopUpOrderView {
  user_id: number;
  /** '' when the buyer no longer exists. */
  username: string;
}

/** GET /api/user/topup: `keyword` matches part of the order number or of the buyer's username. */
export const TopUpOrderSearchQuery = z.object({
  keyword: z.string().trim().max(64, 'keyword must be at most 64 characters').default(''),
  status: z.enum(['', ...Object.values(TopUpStatus)], { error: 'status must be pending, success, expired or failed' }).default(''),
});
export type TopUpOrderSearchQuery = z.input<typeof TopUpOrderSearchQuery>;

/** POST /api/user/topup/complete: an administrator marks a pending order paid (new-api's manual completion). */
export const CompleteTopUpBody = z.object({
  trade_no: z.string({ error: 'trade_no is required' }).trim().min(1, 'trade_no is required').max(64, 'trade_no must be at most 64 characters'),
});
export type CompleteTopUpBody = z.infer<typeof CompleteTopUpBody>;
