import { z } from 'zod';

/**
 * Subscription plans (new-api's /api/subscription): an administrator sells plans; a user who buys one (or
 * is given one) holds a subscription with its own quota budget for a time. Requests are paid from active
 * subscriptions or from the wallet as the user's billing preference says:
 * - `subscription_first` (default): a subscription with room for the request, else the wallet;
 * - `wallet_first`: the wallet while it covers the request, else a subscription;
 * - `subscription_only` / `wallet_only`: only that source.
 * A budget (`total_amount`, quota units) of 0 is unlimited. A budget may be reset every day, week, month
 * or custom number of seconds; what a request takes is the same quota its price gives in the wallet.
 */

export const BILLING_PREFERENCES = ['subscription_first', 'wallet_first', 'subscription_only', 'wallet_only'] as const;
export type BillingPreference = (typeof BILLING_PREFERENCES)[number];
export const DEFAULT_BILLING_PREFERENCE: BillingPreference = 'subscription_first';

/** Unknown or missing preferences read as the default (new-api's normalisation). */
export function normalizeBillingPreference(value: unknown): BillingPreference {
  const text = typeof value === 'string' ? value.trim() : '';
  return (BILLING_PREFERENCES as readonly string[]).includes(text) ? (text as BillingPreference) : DEFAULT_BILLING_PREFERENCE;
}

export const SUBSCRIPTION_DURATION_UNITS = ['year', 'month', 'day', 'hour', 'custom'] as const;
export type SubscriptionDurationUnit = (typeof SUBSCRIPTION_DURATION_UNITS)[number];
export const SUBSCRIPTION_RESET_PERIODS = ['never', 'daily', 'weekly', 'monthly', 'custom'] as const;
export type SubscriptionResetPeriod = (typeof SUBSCRIPTION_RESET_PERIODS)[number];
export const SUBSCRIPTION_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_PLAN_NOT_FOUND = 'subscription plan not found';
export const SUBSCRIPTION_NOT_FOUND = 'subscription not found';
export const SUBSCRIPTION_PLAN_DISABLED = 'this plan is not on sale';
export const subscriptionPurchaseLimitReached = (max: number) => `this plan can be bought at most ${max} time${max === 1 ? '' : 's'} per user`;

/** The longest subscription a plan may give: 100 years. */
export const SUBSCRIPTION_MAX_SECONDS = 100 * 366 * 86_400;

/** A plan as the API answers it (booleans as booleans, times in unix seconds). */
export interface SubscriptionPlanView {
  id: number;
  title: string;
  subtitle: string;
  price_amount: number;
  currency: string;
  duration_unit: SubscriptionDurationUnit;
  duration_value: number;
  custom_seconds: number;
  enabled: boolean;
  sort_order: number;
  stripe_price_id: string;
  creem_product_id: string;
  max_purchase_per_user: number;
  upgrade_group: string;
  total_amount: number;
  quota_reset_period: SubscriptionResetPeriod;
  quota_reset_custom_seconds: number;
  created_at: number;
  updated_at: number;
}

/** new-api's list item: `{plan}` (GET /api/subscription/plans and /admin/plans). */
export interface SubscriptionPlanItem {
  plan: SubscriptionPlanView;
}

/** A user's subscription. `amount_total` 0 is unlimited. */
export interface UserSubscriptionView {
  id: number;
  user_id: number;
  plan_id: number;
  /** The plan's title (empty when the plan row is gone). */
  plan_title: string;
  amount_total: number;
  amount_used: number;
  start_time: number;
  end_time: number;
  status: SubscriptionStatus;
  /** `order` (bought), `admin` (given by an administrator) or `balance` (bought with wallet quota). */
  source: string;
  quota_reset_period: SubscriptionResetPeriod;
  last_reset_time: number;
  next_reset_time: number;
  upgrade_group: string;
  created_at: number;
  updated_at: number;
}

/** new-api's summary: `{subscription}`. */
export interface SubscriptionSummary {
  subscription: UserSubscriptionView;
}

/** GET /api/subscription/self. */
export interface SubscriptionSelfView {
  billing_preference: BillingPreference;
  /** The first active subscription (new-api keeps it for older consoles), or null. */
  subscription: SubscriptionSummary | null;
  /** Active subscriptions, soonest ending first. */
  subscriptions: SubscriptionSummary[];
  /** Every subscription, active or not, newest first. */
  all_subscriptions: SubscriptionSummary[];
}

const nonNegativeInt = (name: string, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must not be negative`)
    .max(max, `${name} is too large`);

const boolish = z.preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: 'enabled must be true or false' }));

/** A plan's fields (POST and PUT `{plan: {...}}`); omitted fields take new-api's defaults. */
export const SubscriptionPlanFields = z
  .object({
    title: z.string({ error: 'title is required' }).trim().min(1, 'the plan title must not be empty').max(128, 'title must be at most 128 characters'),
    subtitle: z.string({ error: 'subtitle must be text' }).trim().max(255, 'subtitle must be at most 255 characters').nullish().transform((v) => v ?? ''),
    price_amount: z.coerce.number({ error: 'price_amount must be a number' }).min(0, 'price_amount must not be negative').max(1_000_000_000, 'price_amount is too large').default(0),
    currency: z.string({ error: 'currency must be text' }).trim().max(8, 'currency must be at most 8 characters').nullish().transform((v) => (v ? v.toUpperCase() : 'USD')),
    duration_unit: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SUBSCRIPTION_DURATION_UNITS, { error: 'duration_unit must be year, month, day, hour or custom' }).default('month')),
    duration_value: nonNegativeInt('duration_value', 100_000).default(1),
    custom_seconds: nonNegativeInt('custom_seconds', SUBSCRIPTION_MAX_SECONDS).default(0),
    enabled: boolish.default(true),
    sort_order: z.coerce.number({ error: 'sort_order must be a number' }).int('sort_order must be a whole number').min(-1_000_000).max(1_000_000).default(0),
    stripe_price_id: z.string({ error: 'stripe_price_id must be text' }).trim().max(128, 'stripe_price_id must be at most 128 characters').nullish().transform((v) => v ?? ''),
    creem_product_id: z.string({ error: 'creem_product_id must be text' }).trim().max(128, 'creem_product_id must be at most 128 characters').nullish().transform((v) => v ?? ''),
    max_purchase_per_user: nonNegativeInt('max_purchase_per_user', 1_000_000).default(0),
    upgrade_group: z.string({ error: 'upgrade_group must be text' }).trim().max(64, 'upgrade_group must be at most 64 characters').nullish().transform((v) => v ?? ''),
    total_amount: nonNegativeInt('total_amount').default(0),
    quota_reset_period: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(SUBSCRIPTION_RESET_PERIODS, { error: 'quota_reset_period must be never, daily, weekly, monthly or custom' }).default('never')),
    quota_reset_custom_seconds: nonNegativeInt('quota_reset_custom_seconds', SUBSCRIPTION_MAX_SECONDS).default(0),
  })
  .superRefine((plan, ctx) => {
    if (plan.duration_unit === 'custom' && plan.custom_seconds <= 0) ctx.addIssue({ code: 'custom', path: ['custom_seconds'], message: 'a custom duration needs custom_seconds above 0' });
    if (plan.duration_unit !== 'custom' && plan.duration_value <= 0) ctx.addIssue({ code: 'custom', path: ['duration_value'], message: 'duration_value must be at least 1' });
    if (plan.quota_reset_period === 'custom' && plan.quota_reset_custom_seconds < 60) {
      ctx.addIssue({ code: 'custom', path: ['quota_reset_custom_seconds'], message: 'a custom reset period must be at least 60 seconds' });
    }
  });
export type SubscriptionPlanFields = z.output<typeof SubscriptionPlanFields>;
export type SubscriptionPlanInput = z.input<typeof SubscriptionPlanFields>;

/** POST /api/subscription/admin/plans and PUT /plans/:id: new-api's `{plan: {...}}` (a bare plan object is accepted too). */
export const SubscriptionPlanBody = z.preprocess(
  (v) => (v && typeof v === 'object' && 'plan' in v ? (v as { plan: unknown }).plan : v),
  SubscriptionPlanFields,
);

/** PATCH /api/subscription/admin/plans/:id: turn a plan's sale on or off. */
export const SubscriptionPlanStatusBody = z.object({ enabled: boolish });

const PositiveId = (name: string) => z.coerce.number({ error: `${name} is required` }).int(`${name} is required`).positive(`${name} is required`);

/** POST /api/subscription/admin/bind. */
export const BindSubscriptionBody = z.object({ user_id: PositiveId('user_id'), plan_id: PositiveId('plan_id') });
/** POST /api/subscription/admin/users/:id/subscriptions and the user's pay calls. */
export const PlanIdBody = z.object({ plan_id: PositiveId('plan_id') });
/** POST /api/subscription/epay/pay. */
export const SubscriptionEpayBody = z.object({
  plan_id: PositiveId('plan_id'),
  payment_method: z.string({ error: 'payment_method is required' }).trim().min(1, 'payment_method is required').max(32, 'payment_method is too long'),
});

/** PUT /api/subscription/self/preference. */
export const BillingPreferenceBody = z.object({
  billing_preference: z.enum(BILLING_PREFERENCES, { error: 'billing_preference must be subscription_first, wallet_first, subscription_only or wallet_only' }),
});

/** `subscription_orders.status`: an order waits for its payment, then is paid (once) or expires. */
export const SUBSCRIPTION_ORDER_STATUSES = ['pending', 'success', 'expired'] as const;
export type SubscriptionOrderStatus = (typeof SUBSCRIPTION_ORDER_STATUSES)[number];

/** An online plan order as GET /api/subscription/admin/orders and /self/orders answer it (times in unix seconds). */
export interface SubscriptionOrderView {
  id: number;
  trade_no: string;
  user_id: number;
  username: string;
  plan_id: number;
  /** Empty when the plan row is gone. */
  plan_title: string;
  money: number;
  payment_method: string;
  status: SubscriptionOrderStatus;
  create_time: number;
  complete_time: number;
}

/** GET /api/subscription/admin/orders filters: part of the order number or the buyer's name, and the status. */
export const SubscriptionOrderSearchQuery = z.object({
  keyword: z.string().trim().max(64, 'keyword must be at most 64 characters').default(''),
  status: z.enum(['', ...SUBSCRIPTION_ORDER_STATUSES], { error: 'status must be pending, success or expired' }).default(''),
});
export type SubscriptionOrderSearchQuery = z.input<typeof SubscriptionOrderSearchQuery>;

/** How plan order numbers start: EPay ones `SUBUSR`, Stripe and Creem ones `sub_ref_`; wallet top-ups never do. */
export const SUBSCRIPTION_EPAY_PREFIX = 'SUBUSR';
export const SUBSCRIPTION_CHECKOUT_PREFIX = 'sub_ref_';

export function isSubscriptionTradeNo(tradeNo: string): boolean {
  return tradeNo.startsWith(SUBSCRIPTION_EPAY_PREFIX) || tradeNo.startsWith(SUBSCRIPTION_CHECKOUT_PREFIX);
}

/**
 * POST /api/subscription/admin/plans/:id/subscriptions/reset (every active subscription of the plan) and
 * /admin/users/:id/subscriptions/reset (one user's of `plan_id`): the budgets' use goes back to 0.
 * `advance_reset_time` (default true, as new-api) also starts the reset window again from now, so the
 * periodic reset does not come right after the manual one.
 */
export const ResetPlanSubscriptionsBody = z.object({
  advance_reset_time: z
    .preprocess((v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v), z.boolean({ error: 'advance_reset_time must be true or false' }))
    .default(true),
});
export const ResetUserSubscriptionsBody = ResetPlanSubscriptionsBody.extend({ plan_id: PositiveId('plan_id') });

/** What a budget reset touched (new-api's answer). */
export interface SubscriptionResetResult {
  plan_id: number;
  plan_title: string;
  matched_count: number;
  reset_count: number;
  user_count: number;
  advance_reset_time: boolean;
  affected_user_ids: number[];
}

export const NO_ACTIVE_PLAN_SUBSCRIPTION = 'the user has no active subscription to this plan';
